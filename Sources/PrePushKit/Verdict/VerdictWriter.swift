import Foundation
import PreflightCore

/// The verdict's effects, after the value (``Verdict``) is computed: the coverage exports asked
/// for, the records of what passed, the closing line, and the run record (`--report json=PATH`).
/// A file that cannot be written is reported and makes the run exit 2.
struct VerdictWriter {
    let flags: PrePushFlags
    let output: RunOutput
    /// The settings the run was decided with (where the reports go).
    let options: PrePushOptions
    /// The repository's root and git directory (outside a repository, the folder the run started in).
    let place: RepositoryPlace
    /// The environment the run was started with (`GITHUB_STEP_SUMMARY`).
    let environment: [String: String]

    /// Performs the verdict on `results` (empty when nothing ran) and returns the exit status. A
    /// hook's pass starts the worktree's warm-up first, with `warmUpExecutable` (prepush).
    func write(
        _ verdict: Verdict, results: [CheckRun.Result], notes: [String], record: inout RunRecord, clock: StepClock,
        warmUpExecutable: String? = nil
    ) -> ToolExitStatus {
        if verdict.status == .clean, let warmUpExecutable {
            startWarmUp(after: results, executable: warmUpExecutable)
        }
        var status = verdict.status
        let coverage = results.isEmpty ? nil : Self.coverage(of: results)
        if !results.isEmpty {
            record.coverage = coverage.map {
                CoverageDocument($0, minimumDiffCoverage: options.minimumDiffCoverage)
            }
            if let error = writeCoverageExports(coverage, into: &record) {
                record.error = error
                status = .usageOrInputError
            }
            if let error = writeTestReport(results, into: &record, started: Date() - clock.seconds) {
                record.error = error
                status = .usageOrInputError
            }
        }
        verdict.records.write(
            cache: VerificationCache(gitDirectory: place.gitDirectory),
            testRecords: TestRecords(gitDirectory: place.gitDirectory))
        verdict.show(on: output)
        if !writeSummary(JobSummary.markdown(verdict, results: results, coverage: coverage)) {
            status = .usageOrInputError
        }
        record.skipReason = verdict.skipReason
        record.notes = notes
        record.record(results)
        return writeRunRecord(&record, status: status, skipped: verdict.skipReason != nil, clock: clock)
    }

    /// The dry run's record: the plan was printed and nothing ran.
    func writeDryRun(notes: [String], record: inout RunRecord, clock: StepClock) -> ToolExitStatus {
        record.notes = notes
        return writeRunRecord(&record, status: .clean, skipped: false, clock: clock)
    }

    /// The record of a run that could not check (its error), when its path is known.
    static func writeFailed(
        _ error: any Error, flags: PrePushFlags, directory: String, location: GitLocation, record: inout RunRecord,
        clock: StepClock
    ) async {
        record.error = error.localizedDescription
        record.seconds = Self.seconds(clock)
        guard let path = try? flags.options(in: directory).runReportPath else { return }
        let destination = await RepositoryPlace.forReports(directory, location: location).reportDestination
        _ = try? destination.write(record.encoded(), to: path, fromCommandLine: flags.runReportPath != nil)
    }

    /// One report of every package checked: the last measurement of each, of the checks that hold
    /// (a void check's is left out).
    static func coverage(of results: [CheckRun.Result]) -> CoverageReport? {
        var packages: [String: PackageCoverage] = [:]
        var order: [String] = []
        var backend = "swiftpm"
        for report in results.filter(\.changedMeanwhile.isEmpty).flatMap(\.outcomes).compactMap(\.coverage) {
            backend = report.backend
            for package in report.packages {
                if packages[package.path] == nil { order.append(package.path) }
                packages[package.path] = package
            }
        }
        return order.isEmpty ? nil : CoverageReport(backend: backend, packages: order.compactMap { packages[$0] })
    }

    /// Writes the coverage exports asked for; returns why one could not be written.
    private func writeCoverageExports(_ coverage: CoverageReport?, into record: inout RunRecord) -> String? {
        guard !options.coverageReports.isEmpty else { return nil }
        guard let coverage else {
            output.message("prepush: no coverage was measured, so no coverage report was written\n")
            return nil
        }
        let destination = place.reportDestination
        do {
            let written = try CoverageExports.write(
                options.coverageReports, coverage, destination: destination,
                fromCommandLine: { flags.coverageReports.contains($0) },
                minimumDiffCoverage: options.minimumDiffCoverage)
            for (request, path) in zip(options.coverageReports, written) {
                record.coverageReports.append(RunRecord.Export(format: request.format.rawValue, path: path))
                output.summary("prepush: coverage report (\(request.format.rawValue)) written to \(path)\n")
            }
            return nil
        } catch {
            output.failure(ErrorReport.render(error, tool: "prepush"))
            return error.localizedDescription
        }
    }

    /// Writes the job summary to `--summary`'s file, and appends it to `$GITHUB_STEP_SUMMARY` under
    /// GitHub Actions (a file the runner made for it, outside the repository). `false` when the
    /// asked-for file could not be written; GitHub's file only warns (the job's page lacks a
    /// summary, the check's verdict stands).
    private func writeSummary(_ markdown: String) -> Bool {
        var written = true
        if let path = options.summaryPath {
            let destination = place.reportDestination
            do {
                let file = try destination.write(
                    Data(markdown.utf8), to: path, fromCommandLine: flags.summaryPath != nil)
                output.summary("prepush: summary written to \(file)\n")
            } catch {
                output.failure(ErrorReport.render(error, tool: "prepush"))
                written = false
            }
        }
        if options.appendsGitHubSummary, let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            do {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(markdown.utf8))
            } catch {
                output.warning(
                    "the summary could not be appended to GITHUB_STEP_SUMMARY (\(path)): \(error.localizedDescription)")
            }
        }
        return written
    }

    /// Writes the JUnit report asked for; returns why it could not be written.
    private func writeTestReport(
        _ results: [CheckRun.Result], into record: inout RunRecord, started: Date
    ) -> String? {
        guard let request = options.testReport else { return nil }
        let suites = JUnitReport.suites(of: results)
        guard !suites.isEmpty else {
            output.message("prepush: no test results were read, so no test report was written\n")
            return nil
        }
        let destination = place.reportDestination
        do {
            let path = try destination.write(
                Data(JUnitReport.render(suites, timestamp: started).utf8), to: request.path,
                fromCommandLine: request.fromCommandLine)
            record.testReport = RunRecord.Export(format: TestReportRequest.format, path: path)
            output.summary("prepush: test report (junit) written to \(path)\n")
            return nil
        } catch {
            output.failure(ErrorReport.render(error, tool: "prepush"))
            return error.localizedDescription
        }
    }

    /// Writes the run record when one is asked for.
    private func writeRunRecord(
        _ record: inout RunRecord, status: ToolExitStatus, skipped: Bool, clock: StepClock
    ) -> ToolExitStatus {
        guard let path = options.runReportPath else { return status }
        record.exitStatus = status.rawValue
        record.outcome =
            skipped ? "skipped" : status == .clean ? "passed" : status == .findings ? "failed" : "error"
        record.seconds = Self.seconds(clock)
        let destination = place.reportDestination
        do {
            try destination.write(record.encoded(), to: path, fromCommandLine: flags.runReportPath != nil)
            return status
        } catch {
            output.failure(ErrorReport.render(error, tool: "prepush"))
            return .usageOrInputError
        }
    }

    private static func seconds(_ clock: StepClock) -> Double { (clock.seconds * 1000).rounded() / 1000 }
}
