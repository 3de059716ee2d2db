import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// A `TMPDIR` on a full file system is an I/O error naming the folder (exit 2), not a build that
/// failed: on a real tmpfs of a few KiB, mounted for the test (root only; skipped, saying so, where
/// mounting is refused).
@Suite("A full temporary folder")
struct FullTemporaryFolderTests {
    /// A tmpfs of `size` mounted on a new folder, or `nil` when this machine refuses the mount.
    private static func mount(size: String) -> String? {
        let folder = NSTemporaryDirectory() + "prepush-full-\(UUID().uuidString)"
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
            let result = try? Command("mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder]).runBlocking(),
            result.succeeded
        else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        return folder
    }

    private static func unmount(_ folder: String) {
        _ = try? Command("umount", [folder]).runBlocking()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Whether a tmpfs can be mounted here (as root on Linux).
    static let canMount: Bool = {
        guard let folder = mount(size: "64k") else { return false }
        unmount(folder)
        return true
    }()

    /// Fills the file system holding `folder` up to the last byte.
    private static func fill(_ folder: String) {
        let path = folder + "/filler"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        let block = Data(count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
    }

    @Test(
        "A full TMPDIR: the run's folder is refused before any step, naming it and the system's reason",
        .enabled(if: canMount, "mounting a tmpfs is refused here (not root, or no mount namespace)"))
    func fullBeforeTheRun() throws {
        let mounted = try #require(Self.mount(size: "64k"))
        defer { Self.unmount(mounted) }
        Self.fill(mounted)
        do {
            let folder = try RunTemporaryDirectory(gitDirectory: "/repo/.git", systemTemporaryDirectory: mounted)
            folder.remove()
            Issue.record("a folder on a full file system was taken: \(folder.path)")
        } catch let error as PrePushError {
            let text = error.localizedDescription
            #expect(text.contains("The run's temporary folder '\(mounted)/preflight-"), "\(text)")
            #expect(text.contains(String(cString: strerror(ENOSPC))), "\(text)")
            #expect(error.recoverySuggestion?.contains("TMPDIR") == true)
        }
        // Nothing of the run is left behind.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: mounted)) == ["filler"])
    }

    @Test(
        "A step that fails while TMPDIR is full stops the run as an I/O error, not as a failed step",
        .enabled(if: canMount, "mounting a tmpfs is refused here (not root, or no mount namespace)"))
    func fullDuringAStep() async throws {
        let mounted = try #require(Self.mount(size: "256k"))
        defer { Self.unmount(mounted) }
        let folder = try RunTemporaryDirectory(gitDirectory: "/repo/.git", systemTemporaryDirectory: mounted)
        defer { folder.remove() }
        Self.fill(mounted)
        let written = Locked<[String]>([])
        let output = RunOutput(style: OutputStyle()) { text in written.withLock { $0.append(text) } }
        var context = StepContext(packageRoot: folder.path, options: PrePushOptions(), output: output)
        context.temporaryDirectory = folder.path
        let step = CommandStep(
            step: ExtraStep(name: "scratch", run: ["/bin/sh", "-c", "echo scratch > \"$TMPDIR/file\" || exit 1"]))
        await #expect(throws: PrePushError.self) { try await step.run(in: context) }
        #expect(written.current.joined().contains("<== scratch: failed with exit code 1; TMPDIR is full"))
        // With room again, the same failure is the step's own.
        try FileManager.default.removeItem(atPath: mounted + "/filler")
        let failing = CommandStep(step: ExtraStep(name: "plain", run: ["/bin/sh", "-c", "exit 1"]))
        #expect(try await failing.run(in: context).status == .failed)
    }
}
