import ErrorLintKit
import ErrorLintSettings
import Foundation
import PreflightCore
import TodoScanKit

/// The pre-commit hook's two checks in one process (`errorlint --staged --with-todoscan`):
/// `todoscan --staged` and `errorlint --staged` on one read of git's index (one `git diff --cached`
/// with the lines todoscan needs, one `git ls-files`, one `git cat-file --batch`) and one process
/// start, where two processes each started and asked git themselves. What it prints is what the
/// two commands print, todoscan's first; its status is the larger of theirs, as the hook's was.
package enum PreCommitRun {
    /// Runs both checks from `directory` with their settings (each as its `--staged` alone has
    /// them), todoscan's output written as it comes, errorlint's (made at the same time, on a
    /// thread of its own) after it, each of its lines on the stream it was written to. A tool whose
    /// settings could not be read says so in its turn, and the other runs alone, as the two
    /// commands would.
    package static func run(
        todoscan: Result<TodoScanOptions, any Error>, errorlint: Result<ErrorLintOptions, any Error>,
        in directory: String, output: @escaping (String) -> Void, errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        switch (todoscan, errorlint) {
        case (.success(let todoscan), .success(let errorlint)):
            return run(
                todoscan: todoscan, errorlint: errorlint, in: directory, output: output, errorOutput: errorOutput)
        default:
            // Each alone: its run, or its settings' error (an input error, exit 2).
            func alone<Options>(
                _ settings: Result<Options, any Error>, tool: String, _ run: (Options) -> ToolExitStatus
            ) -> ToolExitStatus {
                switch settings {
                case .success(let options): return run(options)
                case .failure(let error):
                    errorOutput(ErrorReport.render(error, tool: tool))
                    return .usageOrInputError
                }
            }
            let statuses = [
                alone(todoscan, tool: "todoscan") {
                    TodoScanRun.run($0, in: directory, output: output, errorOutput: errorOutput)
                },
                alone(errorlint, tool: "errorlint") {
                    ErrorLintRun.run($0, in: directory, output: output, errorOutput: errorOutput)
                },
            ]
            return statuses.max { $0.rawValue < $1.rawValue } ?? .clean
        }
    }

    /// Both checks on one read of the index.
    private static func run(
        todoscan: TodoScanOptions, errorlint: ErrorLintOptions, in directory: String,
        output: @escaping (String) -> Void, errorOutput: (String) -> Void
    ) -> ToolExitStatus {
        let read: ErrorLintRun.StagedRead
        do {
            read = try ErrorLintRun.readStaged(
                errorlint, in: directory, addedLines: true, alsoPreloading: TodoScanRun.isRead)
        } catch {
            // Both say it, as the two commands would.
            errorOutput(ErrorReport.render(error, tool: "todoscan"))
            errorOutput(ErrorReport.render(error, tool: "errorlint"))
            return .usageOrInputError
        }
        let errorlintRun = BackgroundCall { HeldOutput.run(errorlint, in: directory, staged: read) }
        let todoscanStatus = TodoScanRun.run(
            todoscan, in: directory, index: read.index, output: output, errorOutput: errorOutput)
        let held = errorlintRun.value()
        for (text, isError) in held.writes {
            if isError { errorOutput(text) } else { output(text) }
        }
        return todoscanStatus.rawValue >= held.status.rawValue ? todoscanStatus : held.status
    }
}

/// What errorlint's run wrote, in order, and its status: held while todoscan's output is written.
private struct HeldOutput: Sendable {
    var writes: [(text: String, isError: Bool)] = []
    var status = ToolExitStatus.clean

    static func run(_ options: ErrorLintOptions, in directory: String, staged: ErrorLintRun.StagedRead) -> Self {
        var held = HeldOutput()
        held.status = ErrorLintRun.run(
            options, in: directory, staged: staged, output: { held.writes.append(($0, false)) },
            errorOutput: { held.writes.append(($0, true)) })
        return held
    }
}
