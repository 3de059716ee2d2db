import Foundation
import PreflightCore
import ProcessKit

/// SwiftPM's description of a package (`swift package describe --type json`), kept under the git
/// directory (`preflight/describe/`) keyed by the package's folder, its manifests' content and the
/// toolchain, so it costs a manifest load once per manifest version.
///
/// What the steps read from it depends on the manifests alone: the targets, their kinds, module
/// names and dependencies (test selection also reads each target's sources, and treats a file
/// the cached list lacks as shared, which runs more tests, never fewer).
struct PackageDescriber: Sendable {
    /// Where descriptions are kept; `nil` keeps none.
    let cacheFolder: String?

    init(gitDirectory: String?) {
        cacheFolder = gitDirectory.map { $0 + "/preflight/describe" }
    }

    /// The graph of the package in `folder`; `toolchain` identifies the toolchain (part of the
    /// cache key), `swiftOptions` are the run's (scratch path).
    func graph(
        of folder: String, toolchain: String, swiftOptions: [String], environment: Environment
    ) async throws -> PackageGraph {
        let file = cacheFolder.map { $0 + "/" + Self.key(of: folder, toolchain: toolchain) + ".json" }
        if let file, let data = FileManager.default.contents(atPath: file),
            let graph = try? PackageGraph.parse(describeJSON: data, packageRoot: folder)
        {
            return graph
        }
        let scratch = swiftOptions.firstIndex(of: "--scratch-path").map { Array(swiftOptions[$0...($0 + 1)]) } ?? []
        var command = Command(
            "swift", ["package"] + scratch + ["describe", "--type", "json"], workingDirectory: folder,
            environment: environment)
        command.standardOutput = .capture(limit: 1 << 28)
        command.standardError = .capture(limit: 1 << 20)
        let result = try await command.run().checked()
        let data = Data(result.standardOutput?.bytes ?? [])
        let graph = try PackageGraph.parse(describeJSON: data, packageRoot: folder)
        if let cacheFolder, let file {
            try? FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
        }
        return graph
    }

    /// The cache key: the folder (the description holds absolute paths), the toolchain, and the
    /// name and content of each manifest in the folder (`Package.swift`, `Package@swift-*.swift`).
    static func key(of folder: String, toolchain: String) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
        }.sorted()
        var material = [folder, toolchain]
        for name in names {
            let data = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
            material.append(name + " " + StableHash.fnv1a64Hex(String(decoding: data, as: UTF8.self)))
        }
        let text = material.joined(separator: "\n")
        return StableHash.fnv1a64Hex(text) + StableHash.fnv1a64Hex("\u{1}" + text)
    }
}

/// The checked package's description, read once per check by the first step that asks
/// (``StepContext/packageGraph()``) and shared by the others: the test step (are there test
/// targets, which are affected) and the coverage step (which targets no test links).
final class DescribedPackage: Sendable {
    private let state = Locked<Result<PackageGraph, DescribeFailure>?>(nil)

    init() {}

    /// Why the description could not be read, as a line.
    struct DescribeFailure: Error, Sendable {
        var message: String
    }

    /// The graph, reading it with `read` the first time; a failure is kept too (it is not tried
    /// again within the check). An interrupt is rethrown and not kept.
    func graph(_ read: () async throws -> PackageGraph) async throws -> PackageGraph {
        if let known = state.withLock({ $0 }) { return try known.get() }
        let result: Result<PackageGraph, DescribeFailure>
        do {
            result = .success(try await read())
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            result = .failure(DescribeFailure(message: "swift package describe failed: \(error.localizedDescription)"))
        } catch {
            result = .failure(DescribeFailure(message: "swift package describe printed no package description"))
        }
        state.withLock { $0 = result }
        return try result.get()
    }
}
