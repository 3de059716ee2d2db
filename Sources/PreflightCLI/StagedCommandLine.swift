import Foundation
import PreflightCore

/// The pre-commit hook's command lines, `todoscan --staged`, `errorlint --staged` and `errorlint
/// --staged --with-todoscan` and nothing else, which a tool reads without ArgumentParser: its
/// reflection over a tool's options (a protocol-conformance scan of the whole binary for each kind
/// of option) costs each commit more than a one-file check's own work. Every other command line is
/// ArgumentParser's; the tool then does what ArgumentParser's parse of `--staged` would have it do,
/// every other option at its default (StagedCommandLineEndToEndTests compares the two).
package enum StagedCommandLine {
    /// errorlint's flag for todoscan's staged check in its process (the hook's, when the two tools
    /// were built together).
    package static let withTodoScan = "--with-todoscan"

    /// Whether `arguments` (the program's name first) are the hook's `--staged`, followed by
    /// `flag` when one is given.
    package static func matches(_ arguments: [String] = CommandLine.arguments, adding flag: String? = nil) -> Bool {
        arguments.dropFirst().elementsEqual(["--staged"] + (flag.map { [$0] } ?? []))
    }
}
