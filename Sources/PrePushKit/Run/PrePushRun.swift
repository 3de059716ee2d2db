import Foundation
import PreflightCore
import ProcessKit

/// One prepush check: of a push (run by git's hook) or of the work tree (run by hand), as a
/// pipeline of four stages:
///
/// 1. **decide** (``PushDecision``): what the push sends; the skip rules.
/// 2. **plan** (``CheckPlan``): which content is checked where, under which cache key, against
///    which base; a value built from facts gathered from git (``PlanFacts``).
/// 3. **run** (``CheckRun``): each planned check's ``Step`` list, each returning an outcome; an
///    in-place check whose content changed meanwhile is void and checked again exactly.
/// 4. **verdict** (``Verdict``): the closing line, the exit status, and what is cached.
package struct PrePushRun: Sendable {
    /// What is being checked.
    package enum Mode: Sendable {
        /// git's pre-push hook: its two arguments and what it wrote on standard input.
        case hook(arguments: [String], input: String)
        /// By hand: HEAD, or the work tree as it is when it differs from HEAD.
        case byHand
    }

    /// The flags, laid over the configuration of the folder checked.
    package var flags: PrePushFlags
    /// Colours, annotations, quiet.
    package var style: OutputStyle
    /// The environment the run was started with (`PREPUSH_SKIP`, `PATH` for errorlint).
    package var environment: [String: String]
    /// Where messages go (standard error: git shows it to the person pushing).
    package var log: @Sendable (String) -> Void

    package init(
        flags: PrePushFlags, style: OutputStyle = OutputStyle(), environment: [String: String],
        log: @escaping @Sendable (String) -> Void
    ) {
        self.flags = flags
        self.style = style
        self.environment = environment
        self.log = log
    }

    /// Runs the check in the repository containing `directory` and returns the exit status; then
    /// writes the coverage exports and the run record that were asked for.
    package func run(_ mode: Mode, in directory: String) async throws -> Int32 {
        let output = RunOutput(style: style, write: log)
        let clock = StepClock()
        var record = RunRecord(mode: mode, started: Date())
        let conclusion: Conclusion
        do {
            conclusion = try await check(mode, in: directory, output: output)
        } catch {
            if let error = error as? ProcessError, case .interrupted = error { throw error }
            record.error = error.localizedDescription
            record.seconds = (clock.seconds * 1000).rounded() / 1000
            // The record of a run that could not check is still written when its path is known.
            if let path = try? flags.options(in: directory).runReportPath {
                let place = try? await RepositoryPlace.locate(directory)
                let destination = ReportDestination(
                    root: place?.root ?? directory, gitDirectory: place?.gitDirectory ?? directory + "/.git")
                try? destination.write(record.encoded(), to: path, fromCommandLine: flags.runReportPath != nil)
            }
            throw error
        }
        var status = conclusion.status
        record.skipReason = conclusion.skipReason
        record.notes = conclusion.notes
        record.record(conclusion.results)
        let options = conclusion.options ?? (try? flags.options(in: directory)) ?? PrePushOptions()
        let root = conclusion.root ?? directory
        if let coverage = conclusion.coverage {
            record.coverage = CoverageDocument(coverage, minimumDiffCoverage: options.minimumDiffCoverage)
        }
        record.coverageReports = conclusion.exports
        if let exportError = conclusion.exportError {
            record.error = exportError
            status = 2
        }
        if let path = options.runReportPath {
            record.exitStatus = status
            record.outcome =
                conclusion.skipReason != nil ? "skipped" : status == 0 ? "passed" : status == 1 ? "failed" : "error"
            record.seconds = (clock.seconds * 1000).rounded() / 1000
            do {
                try reportDestination(root: root).write(
                    record.encoded(), to: path, fromCommandLine: flags.runReportPath != nil)
            } catch {
                output.failure(ErrorReport.render(error, tool: "prepush"))
                status = 2
            }
        }
        return status
    }

    /// Where the reports of a run in the repository at `root` may go.
    private func reportDestination(root: String) -> ReportDestination {
        let gitDirectory = try? GitRepository.command(["rev-parse", "--absolute-git-dir"], in: root).runBlocking()
        let path = gitDirectory?.outputText.trimmingCharacters(in: .newlines) ?? ""
        return ReportDestination(root: root, gitDirectory: path.isEmpty ? root + "/.git" : path)
    }

    /// How the checking ended: the exit status, why nothing was checked (if so), and the checks.
    struct Conclusion: Sendable {
        var status: Int32
        var skipReason: String?
        var notes: [String] = []
        var results: [CheckRun.Result] = []
        /// The work tree's settings and the repository's root, once known.
        var options: PrePushOptions?
        var root: String?
        /// The coverage of the last check that measured it, and the exports written of it.
        var coverage: CoverageReport?
        var exports: [RunRecord.Export] = []
        /// Why an export could not be written (the run then exits 2).
        var exportError: String?
    }

    /// The four stages.
    private func check(_ mode: Mode, in directory: String, output: RunOutput) async throws -> Conclusion {
        func skipped(_ why: String, options: PrePushOptions? = nil, root: String? = nil) -> Conclusion {
            Conclusion(
                status: Verdict.skipped(why, output: output), skipReason: why, options: options, root: root)
        }
        // decide, without git: git's input is parsed once, here.
        var request: PushRequest?
        if case .hook(let arguments, let input) = mode {
            request = try PushRequest.parse(arguments: arguments, input: input)
        }
        if case .skip(let why) = PushDecision.early(request, environment: environment) {
            return skipped(why)
        }
        let place = try await RepositoryPlace.locate(directory)
        // The work tree's settings decide what is checked; each check then uses the settings of the
        // folder it checks (the pushed commit's own, in the worktree).
        // Never a file above the repository's root: a check reads none.
        let options = try flags.options(in: place.root, upTo: place.root)
        // A report path prepush may not write to is said now, not after the build and tests.
        let destination = ReportDestination(root: place.root, gitDirectory: place.gitDirectory)
        for request in options.coverageReports {
            _ = try destination.check(request.path, fromCommandLine: flags.coverageReports.contains(request))
        }
        if let path = options.runReportPath {
            _ = try destination.check(path, fromCommandLine: flags.runReportPath != nil)
        }
        let repository = GitRepository(root: place.root)
        let snapshot = WorkTreeSnapshot(
            repository: repository, gitDirectory: place.gitDirectory,
            scratchDirectory: RunTemporaryDirectory.systemTemporaryDirectory)
        async let statusQuery = snapshot.status()

        // decide: the commits whose changes matter.
        let commits: [PushedCommit]
        if let request {
            let updates = request.pushedUpdates
            // Per update: one commit pushed to two refs changes different paths over each.
            var changed: [String: [String]] = [:]
            for update in updates where changed[PushDecision.key(update)] == nil {
                changed[PushDecision.key(update)] = try await repository.changedPaths(
                    commit: update.localObject, base: update.createsRemoteRef ? nil : update.remoteObject,
                    remote: request.remoteName)
            }
            switch PushDecision.relevant(updates, changedPaths: changed, relevantPaths: options.relevantPaths) {
            case .skip(let why): return skipped(why, options: options, root: place.root)
            case .check(let relevant): commits = relevant
            }
        } else {
            guard let head = try await statusQuery.head else { throw PrePushError.noCommits(place.root) }
            commits = [PushedCommit(commit: head)]
        }

        // plan.
        let status = try await statusQuery
        let errorlintExecutable =
            options.runsErrorlint == false ? nil : ErrorLintStep.executable(environment: environment)
        let facts = try await PlanFacts.gather(
            commits: commits, isHook: request != nil, status: status,
            repository: repository, snapshot: snapshot, gitDirectory: place.gitDirectory, options: options,
            errorlintExecutable: errorlintExecutable, environment: environment,
            layout: LayoutRequest(place: place, directory: directory, flags: flags))
        let plan = CheckPlan.make(facts)
        if plan.checks.isEmpty {
            return skipped(
                plan.notes.joined(separator: "; ") + "; nothing to check", options: options, root: place.root)
        }
        for note in plan.notes { output.message("prepush: \(note)\n") }
        if flags.dryRun {
            output.message(plan.description)
            return Conclusion(status: 0, notes: plan.notes, options: options, root: place.root)
        }

        // run: each check in its place; the run's folder is removed however the run ends (a signal
        // between commands is handled by handleInterrupts()).
        let temporary = try RunTemporaryDirectory(gitDirectory: place.gitDirectory)
        defer { temporary.remove() }
        let run = CheckRun(
            repository: repository, snapshot: snapshot, flags: flags, options: options, output: output,
            temporaryDirectory: temporary.path, errorlintExecutable: errorlintExecutable,
            gitDirectory: place.gitDirectory, remoteName: request?.remoteName,
            isHook: facts.isHook, environment: environment)
        let results = try await run.run(plan)

        var conclusion = Conclusion(status: 0, notes: plan.notes, results: results, options: options, root: place.root)
        writeCoverageExports(&conclusion, options: options, destination: destination, output: output)

        // verdict.
        conclusion.status = Verdict.conclude(
            results, cache: VerificationCache(gitDirectory: place.gitDirectory),
            testRecordsDirectory: place.gitDirectory, output: output, isHook: facts.isHook)
        return conclusion
    }

    /// Writes the coverage exports asked for, of the last check that measured coverage (a void
    /// check's is left out), before the verdict; a file that cannot be written is reported.
    private func writeCoverageExports(
        _ conclusion: inout Conclusion, options: PrePushOptions, destination: ReportDestination, output: RunOutput
    ) {
        let decisive = conclusion.results.filter(\.changedMeanwhile.isEmpty)
        // One report of every package checked (the last measurement of each).
        var packages: [String: PackageCoverage] = [:]
        var order: [String] = []
        var backend = "swiftpm"
        for report in decisive.flatMap(\.outcomes).compactMap(\.coverage) {
            backend = report.backend
            for package in report.packages {
                if packages[package.path] == nil { order.append(package.path) }
                packages[package.path] = package
            }
        }
        conclusion.coverage =
            order.isEmpty ? nil : CoverageReport(backend: backend, packages: order.compactMap { packages[$0] })
        guard !options.coverageReports.isEmpty else { return }
        guard let coverage = conclusion.coverage else {
            output.message("prepush: no coverage was measured, so no coverage report was written\n")
            return
        }
        do {
            let written = try CoverageExports.write(
                options.coverageReports, coverage, destination: destination,
                fromCommandLine: { flags.coverageReports.contains($0) },
                minimumDiffCoverage: options.minimumDiffCoverage)
            for (request, path) in zip(options.coverageReports, written) {
                conclusion.exports.append(RunRecord.Export(format: request.format.rawValue, path: path))
                output.message("prepush: coverage report (\(request.format.rawValue)) written to \(path)\n")
            }
        } catch {
            output.failure(ErrorReport.render(error, tool: "prepush"))
            conclusion.exportError = error.localizedDescription
        }
    }
}

extension LayoutRequest {
    /// The request of a run started in `directory`: `--package` folders and the start folder made
    /// relative to the repository's root.
    init(place: RepositoryPlace, directory: String, flags: PrePushFlags) {
        let root = PhysicalRoot(place.root)
        func relative(_ path: String) -> String {
            root.relative(StandardPath.absolute(path, relativeTo: directory)) ?? path
        }
        self.init(
            root: place.root, startFolder: relative(directory), packages: flags.packageFolders.map(relative),
            flags: flags)
    }
}

/// Where the repository is: its work tree's root and its git directory.
struct RepositoryPlace: Sendable {
    let root: String
    let gitDirectory: String

    static func locate(_ directory: String) async throws -> RepositoryPlace {
        let git = GitRepository(root: directory)
        guard let places = try? await git.output(["rev-parse", "--show-toplevel", "--absolute-git-dir"]) else {
            throw PrePushError.notARepository(directory)
        }
        let lines = places.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.count == 2 { return RepositoryPlace(root: lines[0], gitDirectory: lines[1]) }
        // A newline in a folder's name: ask one at a time.
        return RepositoryPlace(
            root: try await git.output(["rev-parse", "--show-toplevel"]),
            gitDirectory: try await git.output(["rev-parse", "--absolute-git-dir"]))
    }
}

/// Why prepush could not run at all.
package enum PrePushError: LocalizedError, Sendable {
    case notARepository(String)
    case worktreeOccupied(String)
    case noCommits(String)
    /// No folder for the run could be made in the system's temporary directory (the path, errno's text).
    case noTemporaryFolder(String, String)
    /// A file a step reads could not be written into the run's temporary folder (the path, why).
    case runFileUnwritable(String, String)
    /// The run's folder cannot be written, or a step failed while its file system was full (the
    /// folder, what the system said): an I/O error, not a verdict on the code.
    case temporaryFolderFull(String, String)

    package var errorDescription: String? {
        switch self {
        case .notARepository(let path): "'\(path)' is not inside a git work tree."
        case .worktreeOccupied(let path): "'\(path)' exists but is not this repository's prepush worktree."
        case .noCommits(let path): "The repository at '\(path)' has no commits yet."
        case .noTemporaryFolder(let path, let why): "No folder for the run could be made in '\(path)': \(why)."
        case .runFileUnwritable(let path, let why): "The run's file '\(path)' could not be written: \(why)."
        case .temporaryFolderFull(let path, let why): "The run's temporary folder '\(path)' cannot be written: \(why)."
        }
    }

    package var failureReason: String? {
        switch self {
        case .notARepository: "prepush checks the Swift package at the root of a git repository."
        case .worktreeOccupied:
            "prepush checks a pushed commit there when the work tree is not exactly what is pushed, and never "
                + "removes a folder it did not create."
        case .noCommits: "prepush checks what a push would send, and without a commit there is nothing to push."
        case .noTemporaryFolder:
            "Every step runs with a private temporary folder of the run's own, removed when the run ends."
        case .runFileUnwritable:
            "prepush writes what a step reads (the check's configuration for errorlint) into the run's own folder."
        case .temporaryFolderFull:
            "SwiftPM, the compiler and the tests write their scratch files there (TMPDIR); a step that fails "
                + "because they cannot says nothing about the code, so the push is not judged on it."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .notARepository: "Run it inside the repository, or let git run it as the pre-push hook (prepush install)."
        case .worktreeOccupied: "Move or delete that folder, then run prepush or push again."
        case .noCommits: "Commit first (git commit), then run prepush or push."
        case .noTemporaryFolder, .runFileUnwritable:
            "Free space in that folder or point TMPDIR at a writable folder, then push again."
        case .temporaryFolderFull:
            "Free space on that file system or point TMPDIR at a folder with room, then push again."
        }
    }
}
