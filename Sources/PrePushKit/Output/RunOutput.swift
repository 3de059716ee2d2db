import Foundation
import PreflightCore
import ProcessKit

/// Everything a run prints, through one writer (standard error: git shows it to the person
/// pushing), shaped by an ``OutputStyle``; and, once ``keepLog(in:)`` has named it, everything in
/// full in the run's log file (``RunLog``), whatever the screen shows.
final class RunOutput: Sendable {
    let style: OutputStyle
    private let writer: @Sendable (String) -> Void
    /// The full log, and what was written before it was opened.
    private let log = Locked((file: RunLog?.none, pending: ""))
    /// The live status line: the running step and when it started; `nil` when none is shown.
    private let status = Locked<(label: String, started: ContinuousClock.Instant, shown: Bool)?>(nil)
    private let ticker = Locked<Task<Void, Never>?>(nil)
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

    deinit { ticker.current?.cancel() }

    /// From now on everything is also written, in full, to a new log file in `folder` (older logs
    /// rotated: ``RunLog``), starting with what was written so far. A log that cannot be written is
    /// a warning: the check goes on.
    func keepLog(in folder: String) {
        do {
            let file = try RunLog(folder: folder)
            log.withLock { log in
                file.append(log.pending)
                log = (file, "")
            }
        } catch {
            warning("no log file of this run: \(error.localizedDescription)")
        }
    }

    /// The log file's path, once one is kept.
    var logPath: String? { log.current.file?.path }

    /// Writes `text` to the screen (or nothing when `screen` is false) and to the log, with the
    /// worktree's paths shown as the repository's.
    private func write(_ text: String, screen: Bool = true) {
        let shown = pathMapping.current.map { RunOutput.mapping(text, from: $0.worktree, to: $0.repository) } ?? text
        log.withLock { log in
            let plain = style.usesColor ? OutputStyle.unpainted(shown) : shown
            if let file = log.file { file.append(plain) } else { log.pending += plain }
        }
        guard screen else { return }
        status.withLock { status in
            // The status line is cleared before a line is written, and redrawn by the next tick.
            if status?.shown == true {
                writer("\r\u{1B}[K")
                status?.shown = false
            }
            writer(shown)
        }
    }

    /// Redraws the live status line, if one is shown and a step is running.
    private func redraw() {
        status.withLock { status in
            guard let current = status else { return }
            let elapsed = ContinuousClock.now - current.started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            writer(
                "\r\u{1B}[K" + style.paint("prepush: ", .bold) + current.label + String(format: " … %.0f s", seconds))
            status?.shown = true
        }
    }

    /// Ends the live status line (the verdict follows).
    func stopStatus() {
        ticker.withLock { ticker in
            ticker?.cancel()
            ticker = nil
        }
        status.withLock { status in
            if status?.shown == true { writer("\r\u{1B}[K") }
            status = nil
        }
    }

    /// Starts showing `label` in the live status line, redrawn four times a second.
    private func showStatus(_ label: String) {
        guard style.showsLiveStatus else { return }
        status.withLock { status in
            if status?.shown == true { writer("\r\u{1B}[K") }
            status = (label, ContinuousClock.now, false)
        }
        ticker.withLock { ticker in
            guard ticker == nil else { return }
            ticker = Task { [weak self] in
                while !Task.isCancelled {
                    self?.redraw()
                    try? await Task.sleep(for: .milliseconds(250))
                }
            }
        }
    }

    /// `text` with every `worktree` path (the folder, or a path under it) written as `repository`.
    static func mapping(_ text: String, from worktree: String, to repository: String) -> String {
        guard text.contains(worktree) else { return text }
        return text.replacingOccurrences(of: worktree + "/", with: repository + "/")
            .replacingOccurrences(of: worktree, with: repository)
    }

    /// How the steps show their findings: compiler-style lines, or annotations in CI mode.
    var findingsFormat: DiagnosticFormat { style.annotatesForGitHub ? .github : .text }

    /// prepush's own notes (skips, which unit runs); on screen only when verbose, always in the log.
    func message(_ text: String) {
        write(text, screen: style.streams)
    }

    /// What a run ends with besides the verdict (the step table, the units left out, where the
    /// log is); not in quiet mode.
    func summary(_ text: String) {
        write(text, screen: !style.isQuiet)
    }

    /// `prepush: warning: …`; not in quiet mode.
    func warning(_ text: String) {
        write(style.paint("prepush: warning: ", .yellow) + text + "\n", screen: !style.isQuiet)
    }

    /// A failure, always shown.
    func failure(_ text: String) {
        write(style.paint(text, .red))
    }

    /// The one closing line, always shown; the names it quotes (units, tests) are kept visible.
    func verdict(_ text: String, passed: Bool) {
        write(style.paint(VisibleText.escaped(text), passed ? .green : .red) + "\n")
    }

    /// A step's header (`==> test: swift test …`); unless verbose the step's output is kept back
    /// from here (and the live status line names the step).
    func beginStep(_ header: String) {
        heldBack.withLock { $0 = (header: "", tail: OutputTail()) }
        if style.streams {
            write(style.paint(header, .bold) + "\n")
        } else {
            heldBack.withLock { $0.header = header + "\n" }
            write(header + "\n", screen: false)
            showStatus(String(header.dropFirst(header.hasPrefix("==> ") ? 4 : 0).prefix { $0 != ":" }))
        }
    }

    /// The running step's output: streamed when verbose, else kept back (and in the log).
    func stepOutput(_ text: String) {
        if style.streams {
            write(text)
        } else {
            hold(text)
            write(text, screen: false)
        }
    }

    /// Ends a step with `line` (`<== test: passed in 3.1 s`, or `nil` for none). In quiet mode a
    /// failed step's kept-back output (its last ``OutputTail/defaultLimit`` bytes) is shown now,
    /// and a passed step's dropped; otherwise unless verbose the verdict says what failed.
    func endStep(passed: Bool, line: String?) {
        let held = heldBack.withLock { held in
            defer { held = (header: "", tail: OutputTail()) }
            return held
        }
        let painted = line.map { style.paint($0, passed ? .green : .red) + "\n" }
        if style.streams {
            if let painted { write(painted) }
        } else if style.isQuiet && !passed {
            write(held.header + held.tail.text + (painted ?? ""))
        } else if let painted {
            write(painted, screen: false)
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
