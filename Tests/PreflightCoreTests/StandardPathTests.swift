import Testing

@testable import PreflightCore

/// ``StandardPath`` standardizes lexically, leaving a path that is already standard as it is.
@Suite("Standard paths")
struct StandardPathTests {
    @Test(
        "Dots, repeated and trailing slashes are removed; standard paths come back unchanged",
        arguments: [
            ("/", "/"),
            ("/a/b.swift", "/a/b.swift"),
            ("/a//b", "/a/b"),
            ("/a/b/", "/a/b"),
            ("//a", "/a"),
            ("/a/./b", "/a/b"),
            ("/a/../b", "/b"),
            ("/../a", "/a"),
            ("/a/.", "/a"),
            ("/a/..", "/"),
            ("/a/.github/x", "/a/.github/x"),
            ("/a/..b/c", "/a/..b/c"),
            ("/a/b.", "/a/b."),
            ("/a/é/ü.swift", "/a/é/ü.swift"),
        ])
    func standardized(path: String, expected: String) {
        #expect(StandardPath.standardized(path) == expected)
    }
}
