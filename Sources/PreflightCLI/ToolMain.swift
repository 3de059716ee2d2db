import ArgumentParser
import Foundation
import PreflightCore
import ProcessKit

/// Runs a tool's root command with the suite's conventions: exit 0 when clean, 1 for findings
/// that fail, 2 for usage and input errors (ArgumentParser's own default would be 64), 130 when
/// interrupted; errors printed with their reason and recovery suggestion; Ctrl-C forwarded to
/// running commands.
package enum ToolMain {
    /// Parses the arguments, runs the command and exits the process. `rootHelpAppendix` is printed
    /// after the root command's own help (prepush's: the options of its default subcommand, which
    /// ArgumentParser lists only in that subcommand's help).
    package static func main<Root: AsyncParsableCommand>(
        _ root: Root.Type, tool: String, rootHelpAppendix: String? = nil
    ) async -> Never {
        await run(root, tool: tool, rootHelpAppendix: rootHelpAppendix) {
            var command = try Root.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        }
    }

    /// Runs `body` and exits the process as ``main(_:tool:rootHelpAppendix:)`` does after parsing:
    /// for a command line the tool reads without ArgumentParser.
    package static func run<Root: ParsableCommand>(
        _ root: Root.Type, tool: String, rootHelpAppendix: String? = nil, _ body: @Sendable () async throws -> Void
    ) async -> Never {
        SignalForwarding.install()
        do {
            try await body()
            exit(ToolExitStatus.clean.rawValue)
        } catch {
            exit(report(error, root: root, tool: tool, rootHelpAppendix: rootHelpAppendix))
        }
    }

    /// Prints `error` where it belongs and returns the exit status it stands for.
    static func report<Root: ParsableCommand>(
        _ error: any Error, root: Root.Type, tool: String, rootHelpAppendix: String? = nil
    ) -> Int32 {
        if let exitCode = error as? ExitCode {
            return exitCode.rawValue
        }
        if let processError = error as? ProcessError, case .interrupted(let signal, _, _) = processError {
            FileHandle.standardError.write(Data("\(tool): interrupted by \(SignalName.of(signal))\n".utf8))
            return 128 + signal
        }
        if error is any LocalizedError {
            FileHandle.standardError.write(Data(ErrorReport.render(error, tool: tool).utf8))
            return ToolExitStatus.usageOrInputError.rawValue
        }
        // ArgumentParser's own errors: help and version requests, and usage errors.
        let code = Root.exitCode(for: error)
        let message = Root.fullMessage(for: error)
        if code == .success {
            if let rootHelpAppendix, message == Root.helpMessage() {
                print(message + "\n\n" + rootHelpAppendix)
            } else if !message.isEmpty {
                print(message)
            }
            return ToolExitStatus.clean.rawValue
        }
        FileHandle.standardError.write(Data((message.isEmpty ? "\(tool): error" : message).utf8 + [10]))
        return code == .validationFailure ? ToolExitStatus.usageOrInputError.rawValue : code.rawValue
    }
}
