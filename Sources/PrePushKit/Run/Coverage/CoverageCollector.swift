import Foundation
import ProcessKit

/// Reads the coverage of the last `swift test --enable-code-coverage` run of a package with the
/// toolchain's own `llvm-cov` (Debian's LLVM cannot read Swift's profiles).
struct CoverageCollector: Sendable {
    /// The package's root folder.
    var packageRoot: String
    /// SwiftPM's products folder (`swift build --show-bin-path`).
    var binPath: String
    /// The environment `llvm-cov` is looked up with (``ToolchainTool``): its `PATH`,
    /// `DEVELOPER_DIR` and `TOOLCHAINS` should be the ones the build and tests ran with.
    var environment: [String: String]

    /// A collector for the package at `packageRoot` whose products are in `binPath`; `environment`
    /// finds the toolchain's `llvm-cov` (the environment the run was started with).
    init(packageRoot: String, binPath: String, environment: [String: String]) {
        self.packageRoot = packageRoot
        self.binPath = binPath
        self.environment = environment
        profileDataPath = binPath + "/codecov/default.profdata"
    }

    /// The profile read: the merged one SwiftPM writes after a passing coverage run, or one
    /// merged from the selected test targets' runs.
    var profileDataPath: String

    /// Binaries or object files read besides the test binary (`-object`): those of the targets
    /// no test links (``UntestedTargets``), whose files are then in the coverage at 0 %.
    var objects: [String] = []

    /// The test executable: `<Package>PackageTests.xctest` (a plain binary on Linux, a bundle on macOS).
    func testBinary() -> String? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: binPath)) ?? []
        guard let bundle = entries.sorted().first(where: { $0.hasSuffix("PackageTests.xctest") }) else { return nil }
        let path = binPath + "/" + bundle
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            return path + "/Contents/MacOS/" + String(bundle.dropLast(".xctest".count))
        }
        return path
    }

    /// `-object PATH` for each of ``objects``.
    var objectArguments: [String] { objects.flatMap { ["-object", $0] } }

    /// The package's own coverage. Throws ``CoverageError/noCoverageData(path:)`` when the last test
    /// run left no profile (SwiftPM writes none when a test fails).
    func summary() async throws -> CoverageSummary {
        let result = try await export(["-summary-only"], outputLimit: nil)
        return try CoverageSummary.parse(exportJSON: Data(result.standardOutput?.bytes ?? []), packageRoot: packageRoot)
    }

    /// Execution counts per line (`llvm-cov export -format=lcov`), for coverage of changed lines.
    func lineCoverage() async throws -> LineCoverage {
        LineCoverage.parse(lcov: try await export(["-format=lcov"], outputLimit: 1 << 30).outputText)
    }

    /// `llvm-cov export` of the profile and the test binary with `options`; throws
    /// ``CoverageError/noCoverageData(path:)`` when there is no profile or no test binary.
    private func export(_ options: [String], outputLimit: Int?) async throws -> ProcessResult {
        guard FileManager.default.fileExists(atPath: profileDataPath) else {
            throw CoverageError.noCoverageData(path: profileDataPath)
        }
        guard let binary = testBinary() else {
            throw CoverageError.noCoverageData(path: binPath + "/*PackageTests.xctest")
        }
        var export = Command(
            try await ToolchainTool.locate("llvm-cov", environment: environment, directory: packageRoot),
            ["export"] + options + ["-instr-profile", profileDataPath, binary] + objectArguments)
        export.standardError = .capture(limit: 1 << 20)
        if let outputLimit { export.standardOutput = .capture(limit: outputLimit) }
        return try await export.run().checked()
    }
}
