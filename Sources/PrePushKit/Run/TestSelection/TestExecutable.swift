import Foundation
import PreflightCore
import ProcessKit

/// The test executable SwiftPM links where tests are a plain executable (Linux:
/// `<products>/<package>PackageTests.xctest`, one file), run directly for one test target at a time
/// the way `swift test` runs it there: once for XCTest with the target's test classes named, once
/// with `--testing-library swift-testing --filter '^Module\.'`, each with a profile file of its own.
///
/// `swift test --filter` per test target costs about 0.5–0.8 s more than its tests (SwiftPM loads
/// the package, plans, lists the tests, then merges and exports the coverage); the executable itself
/// costs about 0.05 s more (scripts/bench/test-target-profiles.sh, BENCHMARKS.md). Where the tests
/// are a bundle (macOS: SwiftPM runs them through `xcrun xctest` and `swiftpm-testing-helper`),
/// ``find(in:)`` finds nothing and each test target runs through `swift test --filter`.
struct TestExecutable {
    /// Swift Testing's exit status when no test matched the filter (`EX_UNAVAILABLE`).
    static let noTestsFound: Int32 = 69

    let path: String
    /// The products folder, which holds the libraries the executable loads.
    let folder: String
    /// XCTest's test classes (`Module.Class`) by module name.
    let classes: [String: [String]]

    /// The one `*PackageTests.xctest` of `folder` that is a file (not a bundle) and executable;
    /// `nil` when there is none, or more than one.
    static func find(in folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let executables = names.filter { $0.hasSuffix("PackageTests.xctest") }.map { folder + "/" + $0 }.filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: $0)
        }
        return executables.count == 1 ? executables[0] : nil
    }

    /// Lists the XCTest classes of the executable in `folder` (`--list-tests`); `nil` where the tests
    /// are not a plain executable, or it cannot list them.
    static func load(
        folder: String, workingDirectory: String, environment: Environment, profileFolder: String
    ) async -> TestExecutable? {
        guard let path = find(in: folder) else { return nil }
        var command = Command(
            path, ["--list-tests"], workingDirectory: workingDirectory,
            // The executable is instrumented: its profile goes to the run's folder, not the package's.
            environment: environment.setting(["LLVM_PROFILE_FILE": profileFolder + "/listing-%p.profraw"]))
        command.standardOutput = .capture(limit: 64 << 20)
        command.standardError = .discard
        guard let result = try? await command.run(), result.succeeded else { return nil }
        return TestExecutable(path: path, folder: folder, classes: Self.classes(listing: result.outputText))
    }

    /// `Module.Class/testName` lines of `--list-tests`, as the classes of each module.
    static func classes(listing: String) -> [String: [String]] {
        var classes: [String: Set<String>] = [:]
        for line in listing.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), let dot = line[..<slash].firstIndex(of: ".") else { continue }
            let name = String(line[..<slash])
            guard !name.contains(" ") else { continue }
            classes[String(line[..<dot]), default: []].insert(name)
        }
        return classes.mapValues { $0.sorted() }
    }

    /// The name of Swift Testing's run (``runs(module:)``).
    static let swiftTesting = "Swift Testing"

    /// The runs of one test target: XCTest (when the module has test classes), then Swift Testing.
    func runs(module: String) -> [(library: String, argv: [String])] {
        var runs: [(library: String, argv: [String])] = []
        if let classes = classes[module], !classes.isEmpty {
            runs.append(("XCTest", [path, classes.joined(separator: ",")]))
        }
        runs.append((Self.swiftTesting, [path, "--testing-library", "swift-testing", "--filter", "^\(module)\\."]))
        return runs
    }

    /// What `swift test` adds to the environment of the executable: the products folder on the
    /// library path, no colours (the output is not a terminal), and the profile's file.
    func variables(profileFolder: String, environment: [String: String]) -> [String: String] {
        let libraries = [environment["LD_LIBRARY_PATH"], folder].compactMap { $0 }.filter { !$0.isEmpty }
        return [
            "LD_LIBRARY_PATH": libraries.joined(separator: ":"), "NO_COLOR": "1",
            "LLVM_PROFILE_FILE": profileFolder + "/%p.profraw",
        ]
    }
}
