import Foundation
import PreflightCore
import ProcessKit

extension StepRunner {
    /// The xcodebuild backend's steps: build for testing, test without building into a result
    /// bundle, coverage from `xccov`. The bundle lives in a temporary folder that is removed however
    /// the steps end. Stops at the first failing step, like the SwiftPM steps.
    func xcodeSteps(_ plan: XcodeBuildPlan) async throws -> [StepOutcome] {
        let build = try await command("build", plan.buildForTesting) { _, _ in "" }
        guard build.status == .passed else { return [build] }

        let folder = FileManager.default.temporaryDirectory.path + "/prepush-xcresult-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw XcodeBackendError.resultBundleUnavailable(path: folder, detail: error.localizedDescription)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // xcodebuild refuses a result bundle path that already exists: name one inside the new folder.
        let bundle = folder + "/PrePush.xcresult"

        let test = try await command("test", plan.testWithoutBuilding(resultBundle: bundle)) { output, _ in
            TestCount.figure(output)
        }
        guard test.status == .passed else { return [build, test] }
        return [build, test, try await xcodeCoverage(bundle: bundle)]
    }

    private func xcodeCoverage(bundle: String) async throws -> StepOutcome {
        let argv = XcodeBuildPlan.coverageReport(resultBundle: bundle)
        output.beginStep("==> coverage: \(Command(argv[0], Array(argv.dropFirst())).commandLine)")
        let start = ContinuousClock.now
        func outcome(_ status: StepOutcome.Status, _ figure: String, line: String? = nil) -> StepOutcome {
            output.endStep(passed: status == .passed, line: line)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return StepOutcome(name: "coverage", status: status, seconds: seconds, figure: figure)
        }
        var report = Command(argv[0], Array(argv.dropFirst()), workingDirectory: packageRoot)
        report.standardOutput = .capture(limit: 1 << 30)
        report.standardError = .capture(limit: 1 << 20)
        let summary: CoverageSummary
        do {
            let result = try await report.run().checked()
            summary = try XccovReport.parse(
                reportJSON: Data(result.standardOutput?.bytes ?? []), projectRoot: packageRoot)
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        } catch let error as XcodeBackendError {
            log(ErrorReport.render(error, tool: "prepush"))
            return outcome(.failed, "no data", line: "<== coverage: no data")
        }
        log(summary.table(includingFiles: options.showsCoverageFiles))
        if options.minimumDiffCoverage != nil {
            log("prepush: warning: coverage of added lines is not measured with the xcodebuild backend\n")
        }
        let percent = summary.total.percent
        let figure = String(format: "%.2f %% of %d lines", percent, summary.total.count)
        if let minimum = options.minimumCoverage, percent < minimum {
            let message =
                "coverage \(String(format: "%.2f", percent)) % is below the minimum \(String(format: "%.2f", minimum)) %"
            log("prepush: \(message)\n")
            output.annotation(.error, title: "coverage", message: message)
            return outcome(.failed, figure, line: "<== coverage: failed")
        }
        return outcome(.passed, figure)
    }
}
