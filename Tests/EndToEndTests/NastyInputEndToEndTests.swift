import Foundation
import ProcessKit
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `todoscan` and `prepush` fed the inputs that break tools, all at once: a binary file,
/// invalid UTF-8, a 100 MB file, an unreadable file, symbolic-link loops, a dangling link, a FIFO,
/// a path with spaces and a newline, an empty repository, one with no commits, a detached HEAD.
/// Each gets a clear message and the documented exit status, and the good file beside them is
/// still scanned.
///
/// Tests may run as root, who reads every file whatever its mode: then no file can be made
/// unreadable by permission, and the unreadable inputs are a dangling link, a link loop and a FIFO
/// (named on the command line; git and the tree walk list none of them as files to read). Which
/// holds is asked of the system (``FilePermissions``); scripts/mac-like-run.sh runs this suite as
/// an unprivileged user too, as a developer on a Mac runs it.
@Suite("Nasty inputs end to end", .serialized)
struct NastyInputEndToEndTests {
    private static let todoscan = ToolCommandTests.productsDirectory + "/todoscan"
    private static let prepush = ToolCommandTests.productsDirectory + "/prepush"
    /// Whether a file of mode 000 is still read here (root): then no file is made unreadable.
    private static let readsEverything = !FilePermissions.apply
    private static let oddName = "Nasty/odd name\nwith newline.swift"

    private static func run(
        _ executable: String, _ arguments: [String] = [], in directory: String
    ) async throws -> ProcessResult {
        var command = Command(executable, arguments, workingDirectory: directory)
        command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).setting([
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "t@example.com",
        ]).removing("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "GITHUB_STEP_SUMMARY")
        // A tool stuck on an input (a FIFO, say) fails the test instead of hanging the suite.
        command.timeout = .seconds(600)
        return try await command.run()
    }

    private static func write(_ text: String, to path: String, in directory: String) throws {
        try write(Data(text.utf8), to: path, in: directory)
    }

    private static func write(_ data: Data, to path: String, in directory: String) throws {
        let full = directory + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    /// A small package: one finding in Lib.swift, a passing test.
    private static func makeNastyPackage(in directory: String) throws {
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Lib", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])

            """, to: "Package.swift", in: directory)
        try write(
            "// TODO: the one good finding\npublic func one() -> Int { 1 }\n", to: "Sources/Lib/Lib.swift",
            in: directory)
        try write(
            "import Lib\nimport Testing\n@Test func returnsOne() { #expect(one() == 1) }\n",
            to: "Tests/LibTests/LibTests.swift", in: directory)
        try write(".build/\n", to: ".gitignore", in: directory)
    }

    /// The nasty files, in a folder of their own: scanned by todoscan, not compiled by SwiftPM.
    private static func addNastyFiles(in directory: String) throws {
        let nasty = directory + "/Nasty/"
        try FileManager.default.createDirectory(atPath: nasty, withIntermediateDirectories: true)
        // A NUL in the first 8 KiB: binary, not scanned, so its tag is no finding.
        try write(Data("let a = 1\0\n// ERROR: in binary\n".utf8), to: "Nasty/Binary.swift", in: directory)
        // Latin-1 bytes: not UTF-8; the tag is still found.
        try write(
            Data("// FIXME: caf".utf8) + Data([0xE9, 0x20, 0xFF, 0xFE, 0x0A]), to: "Nasty/Latin1.swift", in: directory)
        // 100 MB, sparse (created at once, no disk used): over the 64 MiB limit, reported and skipped.
        #expect(FileManager.default.createFile(atPath: nasty + "Huge.swift", contents: nil))
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: nasty + "Huge.swift"))
        try huge.truncate(atOffset: 100 << 20)
        try huge.close()
        try FileManager.default.createSymbolicLink(
            atPath: nasty + "Dangling.swift", withDestinationPath: "missing.swift")
        try FileManager.default.createSymbolicLink(atPath: nasty + "Loop.swift", withDestinationPath: "Loop.swift")
        try FileManager.default.createSymbolicLink(atPath: nasty + "Cycle", withDestinationPath: ".")
        #expect(mkfifo(nasty + "Pipe.swift", 0o644) == 0)
        try write("// TODO: odd path\n", to: oddName, in: directory)
        if !readsEverything {
            try write("// TODO: secret\n", to: "Nasty/Secret.swift", in: directory)
            #expect(chmod(nasty + "Secret.swift", 0) == 0)
        }
    }

    private static func removeAll(_ directory: String) {
        _ = chmod(directory + "/Nasty/Secret.swift", 0o644)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The findings every scan of the nasty package must report: nothing skipped but what should be.
    private static func expectGoodFindings(_ result: ProcessResult, _ label: String) {
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.contains("Sources/Lib/Lib.swift:1:4: warning: TODO: the one good finding"), "\(label)")
        #expect(lines.contains { $0.hasPrefix("Nasty/Latin1.swift:1:4: warning: FIXME: caf") }, "\(label)")
        // The newline in the name is shown as a space: one finding, one line.
        #expect(lines.contains("Nasty/odd name with newline.swift:1:4: warning: TODO: odd path"), "\(label)")
        #expect(lines.count == 3, "\(label): \(result.outputText)")
        #expect(!result.outputText.contains("in binary"), "\(label)")
        #expect(result.errorText.contains("skipped 1 file over the 67108864-byte limit"), "\(label)")
        #expect(result.errorText.contains("Nasty/Huge.swift (104857600 bytes)"), "\(label)")
        #expect(result.errorText.contains("3 warnings in"), "\(label): \(result.errorText)")
        if readsEverything {
            // Large files are reported without failing; links to nothing are not files to read.
            #expect(result.termination == .exited(0), "\(label): \(result.errorText)")
        } else {
            #expect(result.errorText.contains("Secret.swift"), "\(label)")
            #expect(result.errorText.contains("Permission denied"), "\(label)")
            #expect(result.termination == .exited(2), "\(label): \(result.errorText)")
        }
    }

    @Test("todoscan in a git work tree (detached HEAD), a plain folder, and with the bad paths named")
    func todoscan() async throws {
        let root = NSTemporaryDirectory() + "nasty-todoscan-" + UUID().uuidString
        defer { Self.removeAll(root) }
        let repository = root + "/repo"
        try Self.makeNastyPackage(in: repository)
        try await Self.run("git", ["init", "-q", "-b", "main"], in: repository).checked()
        try await Self.run("git", ["add", "-A"], in: repository).checked()
        try await Self.run("git", ["commit", "-q", "-m", "package"], in: repository).checked()
        try await Self.run("git", ["checkout", "-q", "--detach"], in: repository).checked()
        try Self.addNastyFiles(in: repository)

        Self.expectGoodFindings(try await Self.run(Self.todoscan, in: repository), "git work tree")
        // --since in a detached HEAD: the untracked files are all added lines, the committed one is not.
        let since = try await Self.run(Self.todoscan, ["--since", "HEAD"], in: repository)
        #expect(
            since.outputText.split(separator: "\n").map { $0.prefix(while: { $0 != ":" }) }
                == ["Nasty/Latin1.swift", "Nasty/odd name with newline.swift"],
            "\(since.outputText)\(since.errorText)")

        let plain = root + "/plain"
        try Self.makeNastyPackage(in: plain)
        try Self.addNastyFiles(in: plain)
        Self.expectGoodFindings(try await Self.run(Self.todoscan, in: plain), "tree walk")

        // Named on the command line, each bad path is an error of its own; the good file is scanned.
        let named = try await Self.run(
            Self.todoscan,
            [
                "Nasty/Dangling.swift", "Nasty/Loop.swift", "Nasty/Pipe.swift",
                "Sources/Lib/Lib.swift", Self.oddName,
            ],
            in: repository)
        #expect(named.termination == .exited(2))
        #expect(named.errorText.contains("cannot read 'Nasty/Dangling.swift': No such file or directory"))
        #expect(named.errorText.contains("cannot read 'Nasty/Loop.swift': Too many levels of symbolic links"))
        #expect(named.errorText.contains("Cannot read 'Nasty/Pipe.swift'"), "\(named.errorText)")
        #expect(named.errorText.contains("not a regular file"))
        #expect(named.outputText.contains("Sources/Lib/Lib.swift:1:4: warning: TODO: the one good finding"))
        #expect(named.outputText.contains("odd name with newline.swift:1:4: warning: TODO: odd path"))
    }

    @Test("An empty repository and one without commits: todoscan scans, --since and prepush say why they cannot")
    func repositoriesWithoutCommits() async throws {
        let root = NSTemporaryDirectory() + "nasty-empty-" + UUID().uuidString
        defer { Self.removeAll(root) }
        let empty = root + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try await Self.run("git", ["init", "-q"], in: empty).checked()

        let scan = try await Self.run(Self.todoscan, in: empty)
        #expect(scan.termination == .exited(0))
        #expect(scan.errorText == "no findings in 0 files\n")
        let since = try await Self.run(Self.todoscan, ["--since", "HEAD"], in: empty)
        #expect(since.termination == .exited(2))
        #expect(since.errorText.contains("has no commits yet"))
        // A push of nothing (git gives the hook no lines) is no work.
        let hook = try await Self.run(Self.prepush, ["hook", "origin", root + "/remote.git"], in: empty)
        #expect(hook.termination == .exited(0))
        #expect(hook.errorText.contains("nothing to check"))

        let unborn = root + "/unborn"
        try Self.makeNastyPackage(in: unborn)
        try await Self.run("git", ["init", "-q"], in: unborn).checked()
        let untracked = try await Self.run(Self.todoscan, in: unborn)
        #expect(untracked.termination == .exited(0))
        #expect(untracked.outputText == "Sources/Lib/Lib.swift:1:4: warning: TODO: the one good finding\n")

        for (directory, label) in [(empty, "empty repository"), (unborn, "no commits")] {
            let byHand = try await Self.run(Self.prepush, in: directory)
            #expect(byHand.termination == .exited(2), "\(label): \(byHand.errorText)")
            #expect(byHand.errorText.contains("no commits"), "\(label): \(byHand.errorText)")
        }
    }

    @Test(
        "prepush by hand on a detached HEAD with the nasty files: the package is checked, todoscan's step reports them")
    func prepushDetachedHead() async throws {
        let root = NSTemporaryDirectory() + "nasty-prepush-" + UUID().uuidString
        defer { Self.removeAll(root) }
        let repository = root + "/repo"
        try Self.makeNastyPackage(in: repository)
        try await Self.run("git", ["init", "-q", "-b", "main"], in: repository).checked()
        try await Self.run("git", ["add", "-A"], in: repository).checked()
        try await Self.run("git", ["commit", "-q", "-m", "package"], in: repository).checked()
        try await Self.run("git", ["checkout", "-q", "--detach"], in: repository).checked()
        try Self.addNastyFiles(in: repository)

        // Plain compiler-style lines even when the suite itself runs in CI (CI=true means annotations).
        let result = try await Self.run(Self.prepush, ["--no-ci"], in: repository)
        // The scanners run first: an unreadable file (not as root) stops the check before the build.
        #expect(result.errorText.contains("1 test passed") == Self.readsEverything, "\(result.errorText)")
        #expect(result.errorText.contains("Sources/Lib/Lib.swift:1:4: warning: TODO: the one good finding"))
        #expect(result.errorText.contains("odd name with newline.swift:1:4: warning: TODO: odd path"))
        #expect(result.errorText.contains("skipped 1 file over the 67108864-byte limit"))
        #expect(result.errorText.contains("Nasty/Huge.swift (104857600 bytes)"))
        #expect(!result.errorText.contains("in binary"))
        // As root nothing is unreadable, so the check passes; otherwise the unreadable file fails it.
        #expect(result.termination == .exited(Self.readsEverything ? 0 : 1), "\(result.errorText)")
    }
}
