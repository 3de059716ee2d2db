/// Which build system checks the push, and how to call xcodebuild when it is that one.
///
/// `automatic` (the default) picks SwiftPM when `Package.swift` is at the repository's root, else
/// xcodebuild when a `.xcworkspace` or `.xcodeproj` is there, else SwiftPM. A repository holding
/// both a package and an Xcode project is checked with SwiftPM unless xcodebuild is asked for.
package struct BuildBackend: Sendable, Hashable {
    /// The build system asked for.
    package enum Kind: String, Sendable, CaseIterable {
        /// SwiftPM when `Package.swift` is at the root, xcodebuild when only an Xcode project is.
        case automatic = "auto"
        /// `swift build` and `swift test` with llvm-cov coverage.
        case swiftpm
        /// `xcodebuild build-for-testing`, `test-without-building` and `xccov` (macOS only).
        case xcodebuild
    }

    package var kind: Kind
    /// The workspace or project to build; found at the root when `nil`.
    package var container: XcodeContainer?
    /// The scheme to build and test; the container's name when `nil` (Xcode's default scheme).
    package var scheme: String?
    /// xcodebuild's `-destination`; inferred from the scheme when `nil` (``XcodeDestination``).
    package var destination: String?
    /// Which tests run, and how they are chosen.
    package var tests: XcodeTestSelection

    init(
        kind: Kind = .automatic, container: XcodeContainer? = nil, scheme: String? = nil, destination: String? = nil,
        tests: XcodeTestSelection = XcodeTestSelection()
    ) {
        self.kind = kind
        self.container = container
        self.scheme = scheme
        self.destination = destination
        self.tests = tests
    }

    /// What shapes a verification, for the verified-tree cache.
    var fingerprint: String {
        ([kind.rawValue, container?.arguments.joined(separator: " ") ?? "-", scheme ?? "-", destination ?? "-"]
            + [tests.testPlan ?? "-"] + tests.onlyTesting.map { "+" + $0 } + tests.skipTesting.map { "-" + $0 })
            .joined(separator: "\u{1F}")
    }
}

/// What xcodebuild builds: a workspace or a project (`-workspace` / `-project`), or the Swift
/// package of the folder it runs in (no option: xcodebuild opens `Package.swift` as Xcode does).
package enum XcodeContainer: Sendable, Hashable {
    case workspace(String)
    case project(String)
    case package

    /// The path as given (relative paths are taken from the repository's root).
    var path: String {
        switch self {
        case .workspace(let path), .project(let path): path
        case .package: "Package.swift"
        }
    }

    /// The container's name without its folder and extension: Xcode's default scheme name.
    var name: String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// `-workspace PATH` or `-project PATH`.
    var arguments: [String] {
        switch self {
        case .workspace(let path): ["-workspace", path]
        case .project(let path): ["-project", path]
        case .package: []
        }
    }
}
