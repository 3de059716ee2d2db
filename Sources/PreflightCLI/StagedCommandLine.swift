import Foundation
import PreflightCore

/// The pre-commit hook's command line, `todoscan --staged` or `errorlint --staged` and nothing
/// else, which a tool reads without ArgumentParser: its reflection over a tool's options (a
/// protocol-conformance scan of the whole binary for each kind of option) costs each commit more
/// than a one-file check's own work. Every other command line is ArgumentParser's; the tool then
/// does what ArgumentParser's parse of `--staged` would have it do, every other option at its
/// default (StagedCommandLineEndToEndTests compares the two).
package enum StagedCommandLine {
    /// Whether `arguments` (the program's name first) are the hook's.
    package static func matches(_ arguments: [String] = CommandLine.arguments) -> Bool {
        arguments.count == 2 && arguments[1] == "--staged"
    }
}
