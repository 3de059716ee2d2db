import Foundation
import PreflightCore
import ProcessKit

/// Which local packages each package depends on by path (`.package(path:)`), as SwiftPM itself
/// reads its manifest (`swift package dump-package`), never by matching the manifest's text.
///
/// Each manifest is read from the commit's blobs, written into a folder of the run's own at the
/// package's place (so a relative path resolves as it would in the repository, and nothing of the
/// user's is touched), and the answer is kept under `.git/preflight/manifests` keyed by the
/// manifests' object names: a manifest is read once, ever. A manifest SwiftPM cannot read here (a
/// newer tools version, an error) is assumed to depend on every other package, and says so.
package struct ManifestDependencies: Sendable {
    /// The cache file.
    let cacheFile: String
    /// Where manifests are written to be read.
    let scratchDirectory: String
    /// The environment `swift` runs with.
    let environment: Environment

    package init(gitDirectory: String, scratchDirectory: String, environment: Environment) {
        cacheFile = gitDirectory + "/preflight/manifests"
        self.scratchDirectory = scratchDirectory
        self.environment = environment
    }

    /// What was read: each package's local dependencies (folders of other packages), and a line for
    /// each manifest that could not be read.
    package struct Answer: Sendable, Equatable {
        package var dependencies: [String: [String]]
        package var notes: [String]
    }

    /// The local dependencies of every package unit of `layout` in `listing`.
    package func read(
        _ layout: RepositoryLayout, in listing: TreeListing, repository: GitRepository
    ) async throws
        -> Answer
    {
        let packages = layout.units.filter { $0.kind == .package }.map(\.path)
        var cache = readCache()
        var dependencies: [String: [String]] = [:]
        var missing: [(folder: String, key: String, manifests: [(name: String, object: String)])] = []
        for folder in packages {
            let manifests = Self.manifests(of: folder, in: listing)
            let key = Self.key(folder: folder, manifests: manifests)
            if let known = cache[key] { dependencies[folder] = known } else { missing.append((folder, key, manifests)) }
        }
        var notes: [String] = []
        if !missing.isEmpty {
            // Two at a time: each is a manifest compilation, about a second.
            let results = try await withThrowingTaskGroup(of: (String, String, Result<[String], DumpFailure>).self) {
                group in
                var pending = missing[...]
                var results: [(String, String, Result<[String], DumpFailure>)] = []
                func next() {
                    guard let item = pending.popFirst() else { return }
                    group.addTask {
                        (
                            item.folder, item.key,
                            try await self.dump(item.folder, item.manifests, repository: repository)
                        )
                    }
                }
                next()
                next()
                while let result = try await group.next() {
                    results.append(result)
                    next()
                }
                return results
            }
            for (folder, key, result) in results.sorted(by: { $0.0 < $1.0 }) {
                switch result {
                case .success(let found):
                    dependencies[folder] = found
                    cache[key] = found
                case .failure(let failure):
                    dependencies[folder] = packages.filter { $0 != folder }
                    notes.append(
                        "could not read \(folder.isEmpty ? "" : folder + "/")Package.swift with swift package "
                            + "dump-package (\(failure.message)); assuming it depends on every other package")
                }
            }
            writeCache(cache)
        }
        // Only dependencies that are units of this layout count (a path outside the repository is
        // nothing prepush checks).
        let known = Set(packages)
        return Answer(
            dependencies: dependencies.mapValues { $0.filter(known.contains).sorted() }, notes: notes)
    }

    /// The manifests of the package in `folder`: `Package.swift` and `Package@swift-*.swift`.
    static func manifests(of folder: String, in listing: TreeListing) -> [(name: String, object: String)] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return listing.files.compactMap { file in
            guard file.hasPrefix(prefix) else { return nil }
            let name = String(file.dropFirst(prefix.count))
            guard name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")),
                let object = listing.objects[file]
            else { return nil }
            return (name, object)
        }
    }

    static func key(folder: String, manifests: [(name: String, object: String)]) -> String {
        StableHash.fnv1a64Hex(([folder] + manifests.map { $0.name + " " + $0.object }).joined(separator: "\n"))
    }

    struct DumpFailure: Error {
        var message: String
    }

    /// Writes the manifests at the package's place in a folder of its own and asks SwiftPM.
    private func dump(
        _ folder: String, _ manifests: [(name: String, object: String)], repository: GitRepository
    ) async throws -> Result<[String], DumpFailure> {
        let base = scratchDirectory + "/manifest-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let packageFolder = folder.isEmpty ? base : base + "/" + folder
        try FileManager.default.createDirectory(atPath: packageFolder, withIntermediateDirectories: true)
        for manifest in manifests {
            let text = try await repository.output(["cat-file", "blob", manifest.object])
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: packageFolder + "/" + manifest.name))
        }
        var command = Command(
            "swift", ["package", "--package-path", packageFolder, "dump-package"], workingDirectory: base,
            environment: environment)
        command.standardOutput = .capture(limit: 1 << 26)
        command.standardError = .capture(limit: 1 << 20)
        let result: ProcessResult
        do {
            result = try await command.run()
        } catch let error as ProcessError {
            if case .interrupted = error { throw error }
            return .failure(DumpFailure(message: error.localizedDescription))
        }
        guard result.succeeded else {
            let line =
                result.errorText.split(separator: "\n").first { $0.contains("error") }
                ?? result.errorText.split(separator: "\n").first ?? "\(result.termination)"
            return .failure(DumpFailure(message: String(line).trimmingCharacters(in: .whitespaces)))
        }
        guard let paths = Self.localDependencyPaths(result.outputText) else {
            return .failure(DumpFailure(message: "its output is not the JSON SwiftPM writes"))
        }
        let root = PhysicalRoot(base)
        return .success(paths.compactMap { root.relative(PhysicalRoot.physical($0)) })
    }

    /// The `path` of every `fileSystem` dependency in `dump-package`'s JSON; `nil` for other text.
    static func localDependencyPaths(_ json: String) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return nil
        }
        let dependencies = object["dependencies"] as? [[String: Any]] ?? []
        return dependencies.flatMap { dependency -> [String] in
            let entries = dependency["fileSystem"] as? [[String: Any]] ?? []
            return entries.compactMap { $0["path"] as? String }
        }
    }

    private func readCache() -> [String: [String]] {
        guard let text = try? String(contentsOfFile: cacheFile, encoding: .utf8) else { return [:] }
        var cache: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let key = fields.first, !key.isEmpty else { continue }
            cache[key] = fields.dropFirst().filter { !$0.isEmpty }.map { $0 == "." ? "" : $0 }
        }
        return cache
    }

    /// Writes the answers, at most 500 (a manifest read again costs a second).
    private func writeCache(_ cache: [String: [String]]) {
        let lines = cache.map { key, folders in
            ([key] + folders.map { $0.isEmpty ? "." : $0 }).joined(separator: "\t")
        }.sorted().suffix(500)
        try? FileManager.default.createDirectory(
            atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(toFile: cacheFile, atomically: true, encoding: .utf8)
    }
}
