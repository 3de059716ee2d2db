import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// A step that runs past its timeout fails, naming the step and the timeout, and leaves no
/// process behind: real commands that would run for ten minutes.
@Suite("Step timeout")
struct StepTimeoutTests {
    /// The processes whose argument vector is exactly `argv`.
    private static func running(_ argv: [String]) -> [String] {
        let wanted = argv.joined(separator: "\0")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard entry.allSatisfy(\.isNumber),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return false }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: ["\0"]) == wanted
        }
    }

    @Test(
        "A configured step with timeout 1 that sleeps 600 s fails within seconds, its processes gone",
        arguments: [
            ["sleep", "613.25"],
            // A grandchild in the background, and one the shell waits for.
            ["/bin/sh", "-c", "sleep 613.5 & sleep 613.75; wait"],
        ])
    func timedOut(argv: [String]) async throws {
        let folder = NSTemporaryDirectory() + "step-timeout-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = Locked<[String]>([])
        let output = RunOutput(style: OutputStyle()) { text in written.withLock { $0.append(text) } }
        let context = StepContext(packageRoot: folder, options: PrePushOptions(), output: output)
        let step = CommandStep(step: ExtraStep(name: "hang", run: argv, timeout: 1))
        let clock = ContinuousClock.now
        let outcome = try await step.run(in: context)
        let elapsed = ContinuousClock.now - clock
        #expect(outcome.status == .failed)
        #expect(outcome.figure == "timed out after 1 s")
        let text = written.current.joined()
        #expect(
            text.contains(
                "prepush: error: the step hang ran past its timeout of 1 s (\"timeout\" of the step); its process "
                    + "group was stopped"), "\(text)")
        #expect(text.contains("<== hang: timed out after 1 s\n"))
        // Far below the 600 s the command would take (the bound is loose: a loaded machine keeps it).
        #expect(elapsed < .seconds(120))
        for sleeper in [["sleep", "613.25"], ["sleep", "613.5"], ["sleep", "613.75"]] {
            #expect(Self.running(sleeper).isEmpty, "left running: \(sleeper)")
        }
    }

    @Test("stepTimeout bounds the built-in steps' commands; without it they have none")
    func builtInSteps() async throws {
        let folder = NSTemporaryDirectory() + "step-timeout-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = PrePushOptions()
        options.stepTimeout = 1
        let written = Locked<[String]>([])
        let output = RunOutput(style: OutputStyle()) { text in written.withLock { $0.append(text) } }
        let context = StepContext(packageRoot: folder, options: options, output: output)
        let outcome = try await context.command("build", ["sleep", "614.25"])
        #expect(outcome.figure == "timed out after 1 s")
        #expect(written.current.joined().contains("ran past its timeout of 1 s (stepTimeout)"))
        #expect(Self.running(["sleep", "614.25"]).isEmpty)
        let unbounded = StepContext(packageRoot: folder, options: PrePushOptions(), output: output)
        #expect(try await unbounded.command("build", ["sleep", "0.1"]).status == .passed)
    }
}
