import Foundation
import PreflightCore
import ProcessKit

/// SwiftPM's description of a package (`swift package describe --type json`), kept under the git
/// directory (`preflight/describe/`) keyed by the manifests' content and the toolchain, so it costs
/// a manifest load once per manifest version.
struct PackageDescriber: Sendable {
    let gitDirectory: String

    /// The graph of the package in `folder`; `manifests` names its manifests' content (the cache
    /// key), `swiftOptions` are the run's (scratch path).
    func graph(
        of folder: String, manifests: String, swiftOptions: [String], environment: Environment
    ) async throws -> PackageGraph {
        let cacheFolder = gitDirectory + "/preflight/describe"
        let file = cacheFolder + "/" + StableHash.fnv1a64Hex(manifests) + ".json"
        if let data = FileManager.default.contents(atPath: file),
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
        try? FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
        return graph
    }
}
