import Foundation
import PreflightCore
import ProcessKit

/// One prepush check: of a push (run by git's hook) or of the work tree (run by hand), as a
/// pipeline of four stages:
///
/// 1. **decide** (`Decide/`, ``Decision``): what the push sends; the skip rules; the repository
///    and its settings.
/// 2. **plan** (`Plan/`, ``PlannedRun``): which content is checked where, under which cache key,
///    against which base; a value (``CheckPlan``) built from facts gathered from git.
/// 3. **run** (`Run/`, ``CheckRun``): each planned check's ``Step`` list, each returning an
///    outcome; an in-place check whose content changed meanwhile is void and checked again exactly.
/// 4. **verdict** (`Verdict/`, ``Verdict``): a value — the exit status, the closing line, what is
///    recorded — then its effects (``VerdictWriter``): records, coverage exports, the run record.
///
/// docs/architecture.md follows one push through these files.
package struct PrePushRun: Sendable {
    /// What is being checked.
    package enum Mode: Sendable {
        /// git's pre-push hook: its two arguments, what it wrote on standard input, and where
        /// git's variables put the repository for it (`git --git-dir=… --work-tree=… push`).
        case hook(arguments: [String], input: String, git: GitLocation = GitLocation())
        /// By hand: HEAD, or the work tree as it is when it differs from HEAD. The repository is
        /// the folder's: a stray `GIT_DIR` in a shell never points it elsewhere.
        case byHand

        /// Where git's variables put the repository (the hook's only).
        var git: GitLocation {
            if case .hook(_, _, let git) = self { return git }
            return GitLocation()
        }
    }

    /// The flags, laid over the configuration of the folder checked.
    var flags: PrePushFlags
    /// Colours, annotations, quiet.
    var style: OutputStyle
    /// The environment the run was started with (`PREPUSH_SKIP`, `PATH` for errorlint).
    var environment: [String: String]
    /// Where messages go (standard error: git shows it to the person pushing).
    var log: @Sendable (String) -> Void
    /// The prepush executable that warms the worktree after a hook's in-place pass
    /// (``WorktreeWarmUp``); `nil` warms nothing (a caller in another process, such as a test).
    package var warmUpExecutable: String?

    package init(
        flags: PrePushFlags, style: OutputStyle = OutputStyle(), environment: [String: String],
        log: @escaping @Sendable (String) -> Void
    ) {
        self.flags = flags
        self.style = style
        self.environment = environment
        self.log = log
    }

    /// Runs the check in the repository containing `directory` and returns the exit status: the
    /// four stages, then the verdict's effects (records, reports, the closing line).
    package func run(_ mode: Mode, in directory: String) async throws -> ToolExitStatus {
        let output = RunOutput(style: style, write: log)
        let clock = StepClock()
        var record = RunRecord(mode: mode, started: Date())
        do {
            // 1. decide.
            let push: DecidedPush
            switch try await Decision.make(mode, in: directory, flags: flags, environment: environment) {
            case .skip(let why, let place, let options):
                let writer = try await skipWriter(
                    place: place, options: options, directory: directory, location: mode.git, output: output)
                return writer.write(.skipped(why), results: [], notes: [], record: &record, clock: clock)
            case .check(let decided): push = decided
            }
            let writer = VerdictWriter(
                flags: flags, output: output, options: push.options, place: push.place, environment: environment)
            // Only reviewed code is signed: refused before anything runs the commit's code (its
            // manifest is run to plan it), and no step or manifest sees the signing key's path.
            if let remote = flags.publishRemote, !flags.dryRun {
                try await VerificationPublisher.requireReviewed(
                    push.commits, remote: remote, repository: push.repository)
            }
            let stepEnvironment = environment.filter { $0.key != "PREFLIGHT_SIGNING_KEY" }
            // 2. plan.
            let planned = try await PlannedRun.make(push, flags: flags, environment: stepEnvironment)
            var plan = planned.plan
            // The notes quote what others wrote (a shared record's fields, a package's path).
            plan.notes = plan.notes.map(VisibleText.escaped)
            if plan.checks.isEmpty {
                let why = plan.notes.joined(separator: "; ") + "; nothing to check"
                return writer.write(.skipped(why), results: [], notes: [], record: &record, clock: clock)
            }
            if flags.dryRun {
                // What the dry run is asked for, so on screen whatever else is kept back: the notes,
                // then each unit as the run would prepare it, its commands named; nothing is built
                // (the run's own folder is made only when a run starts).
                for note in plan.notes { log("prepush: \(note)\n") }
                let explainer = CheckRun(
                    push, planned: planned, flags: flags, output: output, temporaryDirectory: CheckRun.runFolderShown,
                    environment: stepEnvironment)
                log(try await explainer.explain(plan))
                return writer.writeDryRun(notes: plan.notes, record: &record, clock: clock)
            }
            // The full log of a check, in a file of its own (from its first line: what was written so
            // far is kept for it); in CI mode every line is already shown. A push with nothing to check
            // prints one line and keeps no log (the logs of checks are not rotated away by it).
            if !style.annotatesForGitHub {
                output.keepLog(in: push.place.gitDirectory + "/preflight/logs")
            }
            for note in plan.notes { output.message("prepush: \(note)\n") }
            // 3. run, in the run's own folder, removed however the run ends (a signal between
            // commands is handled by handleInterrupts()).
            let temporary = try RunTemporaryDirectory(gitDirectory: push.place.gitDirectory)
            defer { temporary.remove() }
            let results = try await CheckRun(
                push, planned: planned, flags: flags, output: output, temporaryDirectory: temporary.path,
                environment: stepEnvironment
            ).run(plan)
            // 4. verdict.
            let verdict = Verdict.make(results, isHook: push.isHook)
            let status = writer.write(
                verdict, results: results, notes: plan.notes, record: &record, clock: clock,
                warmUpExecutable: push.isHook ? warmUpExecutable : nil)
            // Only a pass is shared (`--publish-verification`), signed.
            if let remote = flags.publishRemote, status == .clean {
                guard let key = flags.signingKey ?? environment["PREFLIGHT_SIGNING_KEY"], !key.isEmpty else {
                    throw PrePushError.noSigningKey
                }
                try await VerificationPublisher(
                    repository: push.repository, remote: remote, signingKey: key, output: output,
                    environment: environment, scratch: temporary.path,
                    testRecords: TestRecords(gitDirectory: push.place.gitDirectory)
                ).publish(results)
            }
            return status
        } catch {
            output.stopStatus()
            if let error = error as? ProcessError, case .interrupted = error { throw error }
            await VerdictWriter.writeFailed(
                error, flags: flags, directory: directory, location: mode.git, record: &record, clock: clock)
            throw error
        }
    }

    /// The writer of a run that decided there is nothing to check: its settings, when the
    /// repository was found before the skip; otherwise those of the folder it was started in.
    private func skipWriter(
        place: RepositoryPlace?, options: PrePushOptions?, directory: String, location: GitLocation,
        output: RunOutput
    ) async throws -> VerdictWriter {
        if let place, let options {
            return VerdictWriter(flags: flags, output: output, options: options, place: place, environment: environment)
        }
        let options = (try? flags.options(in: directory)) ?? PrePushOptions()
        // git is asked only when a report is to be written: a skipped push records nothing.
        let place =
            options.runReportPath == nil && options.summaryPath == nil
            ? RepositoryPlace(root: directory, gitDirectory: directory + "/.git")
            : await RepositoryPlace.forReports(directory, location: location)
        return VerdictWriter(flags: flags, output: output, options: options, place: place, environment: environment)
    }
}
