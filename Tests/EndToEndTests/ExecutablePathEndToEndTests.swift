import Foundation
import ProcessKit
import TestSupport
import Testing

/// The path prepush records for itself, when it is started as a user starts it: by name, through
/// `PATH`, from a link (as Homebrew installs it), in another folder.
@Suite("prepush's own path")
struct ExecutablePathEndToEndTests {
    /// A folder with `bin/prepush` a link to the built prepush (as Homebrew links
    /// `/opt/homebrew/bin/prepush` into its versioned `Cellar`), and a new repository.
    struct Layout {
        let root = NSTemporaryDirectory() + "prepush-self-" + UUID().uuidString
        var bin: String { root + "/bin" }
        var repository: String { root + "/repository" }

        init() async throws {
            for folder in [root + "/bin", root + "/repository"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(
                atPath: root + "/bin/prepush", withDestinationPath: ToolCommandTests.productsDirectory + "/prepush")
            try await Command("git", ["init", "-q", root + "/repository"]).run().checked()
        }

        /// `prepush install` as a shell runs `command` in the repository, `bin` first on PATH.
        func install(_ command: String) async throws -> String {
            var install = Command("/bin/sh", ["-c", command], workingDirectory: repository)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            install.environment = .inherit.setting(["PATH": bin + ":" + path]).removing(
                "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")
            let result = try await install.run()
            #expect(result.succeeded, "\(result.errorText)")
            return try String(contentsOfFile: repository + "/.git/hooks/pre-push", encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("prepush install run through PATH records the PATH entry, the link kept, never <repository>/prepush")
    func installThroughPath() async throws {
        let layout = try await Layout()
        defer { layout.remove() }
        // A shell starts it by name: argv[0] is the bare word "prepush", the current folder the
        // repository's. The link is what stays when Homebrew upgrades and cleans up.
        let hook = try await layout.install("prepush install")
        let quoted = "\nprepush='\(layout.bin)/prepush'\n"
        #expect(hook.contains(quoted), "\(hook)")
        #expect(!hook.contains(layout.repository + "/prepush"))
        #expect(!hook.contains(physicalPath(ToolCommandTests.productsDirectory + "/prepush") + "'"))
    }

    @Test("Started by a path: that path with '..' removed, links kept; a path not leading to prepush is not baked")
    func installByPath() async throws {
        let layout = try await Layout()
        defer { layout.remove() }
        // Relative to the working folder as the system reports it (physical: on a Mac TMPDIR's
        // /var/folders is /private/var/folders); the link itself kept.
        let hook = try await layout.install("../bin/../bin/prepush install")
        #expect(hook.contains("\nprepush='\(physicalPath(layout.bin))/prepush'\n"), "\(hook)")

        // argv[0] names a file that is not the running prepush (exec -a): the real path instead.
        let decoy = layout.root + "/decoy"
        try "#!/bin/sh\n".write(toFile: decoy, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: decoy)
        let real = physicalPath(ToolCommandTests.productsDirectory + "/prepush")
        let script = "exec -a '\(decoy)' '\(layout.bin)/prepush' install"
        // bash for exec -a (dash has none); every machine that runs .ci/run has it: missing is a failure.
        let bash = try #require(
            ["/bin/bash", "/usr/bin/bash"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "no bash in /bin or /usr/bin to run exec -a with")
        let fallback = try await layout.install("\(bash) -c \"\(script)\"")
        #expect(fallback.contains("\nprepush='\(real)'\n"), "\(fallback)")
    }
}
