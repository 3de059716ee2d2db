import Foundation
import PreflightCore
import ProcessKit

/// Everything a run prints, through one writer (standard error: git shows it to the person
/// pushing), shaped by an ``OutputStyle``.
final class RunOutput: Sendable {
    let style: OutputStyle
    private let writer: @Sendable (String) -> Void
    /// The running step's header and the end of its output, kept back in quiet mode until the
    /// step ends (the rest is dropped as it comes: a step may print gigabytes).
    private let heldBack = Locked((header: "", tail: OutputTail()))
    /// While a commit is checked in prepush's worktree: its folder, and the repository's root that
    /// is printed in its place.
    private let pathMapping = Locked<(worktree: String, repository: String)?>(nil)

    init(style: OutputStyle, write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.writer = write
    }

    /// From now on, paths under `worktree` are printed as the same paths under `repository` (in
    /// compiler diagnostics, test failures, findings and annotations alike); `nil` stops that.
    func showPaths(under worktree: String?, as repository: String?) {
        pathMapping.withLock { mapping in
            mapping = worktree.flatMap { worktree in repository.map { (worktree, $0) } }
        }
    }

    /// Writes `text`, with the worktree's paths shown as the repository's.
    private func write(_ text: String) {
        guard let mapping = pathMapping.current else { return writer(text) }
        writer(RunOutput.mapping(text, from: mapping.worktree, to: mapping.repository))
    }

    /// `text` with every `worktree` path (the folder, or a path under it) written as `repository`.
    static func mapping(_ text: String, from worktree: String, to repository: String) -> String {
        guard text.contains(worktree) else { return text }
        return text.replacingOccurrences(of: worktree + "/", with: repository + "/")
            .replacingOccurrences(of: worktree, with: repository)
    }

    /// How the steps show their findings: compiler-style lines, or annotations in CI mode.
    var findingsFormat: DiagnosticFormat { style.annotatesForGitHub ? .github : .text }

    /// prepush's own information (skips, the summary table); not in quiet mode.
    func message(_ text: String) {
        if !style.isQuiet { write(text) }
    }

    /// `prepush: warning: …`; not in quiet mode.
    func warning(_ text: String) {
        if !style.isQuiet { write(style.paint("prepush: warning: ", .yellow) + text + "\n") }
    }

    /// A failure, always shown.
    func failure(_ text: String) {
        write(style.paint(text, .red))
    }

    /// The one closing line, always shown; the names it quotes (units, tests) are kept visible.
    func verdict(_ text: String, passed: Bool) {
        write(style.paint(VisibleText.escaped(text), passed ? .green : .red) + "\n")
    }

    /// A step's header (`==> test: swift test …`); in quiet mode the step's output is kept back from here.
    func beginStep(_ header: String) {
        heldBack.withLock { $0 = (header: "", tail: OutputTail()) }
        if style.isQuiet {
            heldBack.withLock { $0.header = header + "\n" }
        } else {
            write(style.paint(header, .bold) + "\n")
        }
    }

    /// The running step's output: streamed, or kept back in quiet mode.
    func stepOutput(_ text: String) {
        if style.isQuiet {
            hold(text)
        } else {
            write(text)
        }
    }

    /// Ends a step with `line` (`<== test: passed in 3.1 s`, or `nil` for none). In quiet mode a
    /// failed step's kept-back output (its last ``OutputTail/defaultLimit`` bytes) is shown now,
    /// and a passed step's dropped.
    func endStep(passed: Bool, line: String?) {
        let held = heldBack.withLock { held in
            defer { held = (header: "", tail: OutputTail()) }
            return held
        }
        let painted = line.map { style.paint($0, passed ? .green : .red) + "\n" }
        if !style.isQuiet {
            if let painted { write(painted) }
        } else if !passed {
            write(held.header + held.tail.text + (painted ?? ""))
        }
    }

    /// A GitHub workflow annotation (CI mode only) not tied to a file: a failed step or gate.
    func annotation(_ severity: Severity, title: String, message: String) {
        guard style.annotatesForGitHub else { return }
        let command = GitHubDiagnosticRenderer.command(for: severity)
        write(
            "::\(command) title=\(GitHubDiagnosticRenderer.escapeProperty(title))::"
                + GitHubDiagnosticRenderer.escapeData(message) + "\n")
    }

    /// A GitHub workflow annotation on a file's line (CI mode only).
    func annotation(_ diagnostic: Diagnostic) {
        guard style.annotatesForGitHub else { return }
        write(GitHubDiagnosticRenderer().line(for: diagnostic) + "\n")
    }

    private func hold(_ text: String) {
        heldBack.withLock { $0.tail.append(text) }
    }
}
