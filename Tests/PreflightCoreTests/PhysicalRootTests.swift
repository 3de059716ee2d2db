import Foundation
import TestSupport
import Testing

@testable import PreflightCore

@Suite("PhysicalRoot: one rule for a root and the paths recorded under it")
struct PhysicalRootTests {
    @Test("Lexical spellings: trailing slash, '.', '..'; a sibling with the same prefix is outside")
    func lexical() {
        let root = PhysicalRoot("/nonexistent-root/a/../repo/")
        #expect(root.path == "/nonexistent-root/repo")
        #expect(root.relative("/nonexistent-root/repo/Sources/A.swift") == "Sources/A.swift")
        #expect(root.relative("/nonexistent-root/repo") == "")
        #expect(root.relative("/nonexistent-root/repository/A.swift") == nil)
        #expect(root.relative("/elsewhere/A.swift") == nil)
        #expect(root.absolute("Sources/A.swift") == "/nonexistent-root/repo/Sources/A.swift")
        #expect(PhysicalRoot("/").relative("/a/b") == "a/b")
    }

    @Test(
        "A root under /private, reached through a link: physical and linked spellings both match",
        .enabled(if: PrivateFolder.unavailableReason == nil, "\(PrivateFolder.unavailableReason ?? "")"))
    func privateLayout() throws {
        let folder = try PrivateFolder.make().get()
        defer { folder.remove() }
        try "x".write(toFile: folder.physical + "/a.swift", atomically: true, encoding: .utf8)
        // Foundation strips /private from an existing physical path; the rule does not.
        #expect(URL(fileURLWithPath: folder.physical).standardizedFileURL.path == folder.logical)
        #expect(URL(fileURLWithPath: folder.physical).resolvingSymlinksInPath().path == folder.logical)
        #expect(PhysicalRoot.physical(folder.logical) == folder.physical)
        for spelling in [folder.physical, folder.logical, folder.logical + "/"] {
            let root = PhysicalRoot(spelling)
            #expect(root.path == folder.physical)
            #expect(root.relative(folder.physical + "/a.swift") == "a.swift", "root \(spelling)")
            #expect(root.relative(folder.logical + "/a.swift") == "a.swift", "root \(spelling)")
            // A file recorded before it was deleted: matched as written.
            #expect(root.relative(folder.physical + "/gone.swift") == "gone.swift")
        }
    }
}
