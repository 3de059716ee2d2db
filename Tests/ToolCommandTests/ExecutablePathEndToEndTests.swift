import Foundation
import ProcessKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The path prepush records for itself, when it is started as a user starts it: by name, through
/// `PATH`, from a link (as Homebrew installs it), in another folder.
@Suite("prepush's own path")
struct ExecutablePathEndToEndTests {
    /// `path` with every link resolved (`realpath(3)`, as prepush resolves it).
    static func realPath(_ path: String) throws -> String {
        let resolved = try #require(realpath(path, nil), "\(path) does not exist")
        defer { free(resolved) }
        return String(cString: resolved)
    }

    @Test("prepush install run through PATH in a repository records the real binary, not <repository>/prepush")
    func installThroughPath() async throws {
        let root = NSTemporaryDirectory() + "prepush-self-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bin = root + "/bin"
        let repository = root + "/repository"
        for folder in [bin, repository] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/prepush", withDestinationPath: ToolCommandTests.productsDirectory + "/prepush")
        try await Command("git", ["init", "-q", repository]).run().checked()

        // A shell starts it by name: argv[0] is the bare word "prepush", the current folder the
        // repository's.
        var install = Command("/bin/sh", ["-c", "prepush install"], workingDirectory: repository)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        install.environment = .inherit.setting(["PATH": bin + ":" + path]).removing(
            "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
        let result = try await install.run()
        #expect(result.succeeded, "\(result.errorText)")

        let hook = try String(contentsOfFile: repository + "/.git/hooks/pre-push", encoding: .utf8)
        let real = try Self.realPath(ToolCommandTests.productsDirectory + "/prepush")
        #expect(hook.contains("\nprepush='\(real)'\n"), "\(hook)")
        #expect(!hook.contains(repository + "/prepush"))
        #expect(!hook.contains(bin + "/prepush"))
    }
}
