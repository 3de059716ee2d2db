import Foundation
import PreflightCore
import ProcessKit

/// Which local packages each package depends on by path (`.package(path:)`), the platforms it
/// declares and its binary targets' paths, as SwiftPM itself reads its manifest (`swift package
/// dump-package`), never by matching the manifest's text.
///
/// Each manifest is read from the commit's blobs, written into a folder of the run's own at the
/// package's place (so a relative path resolves as it would in the repository, and nothing of the
/// user's is touched), and the answer is kept under `.git/preflight/manifests` keyed by the
/// manifests' object names (`.git/preflight/manifest-facts`): a manifest is read once, ever. A manifest SwiftPM cannot read here (a
/// newer tools version, an error) is assumed to depend on every other package, and says so.
struct ManifestDependencies: Sendable {
    /// The cache file.
    let cacheFile: String
    /// What the Swift sources import that this machine lacks, by blob (``AppleOnlyImportsCache``).
    let appleOnlyCacheFile: String
    /// Where manifests are written to be read.
    let scratchDirectory: String
    /// The environment `swift` runs with.
    let environment: Environment

    init(gitDirectory: String, scratchDirectory: String, environment: Environment) {
        cacheFile = gitDirectory + "/preflight/manifest-facts"
        appleOnlyCacheFile = AppleOnlyImportsCache.path(gitDirectory: gitDirectory)
        self.scratchDirectory = scratchDirectory
        self.environment = environment
    }

    /// What was read: each package's local dependencies (folders of other packages), and a line for
    /// each manifest that could not be read.
    struct Answer: Sendable, Equatable {
        var dependencies: [String: [String]]
        var notes: [String]
        /// Each package's name and the platforms it declares; a package whose manifest could not
        /// be read has none.
        var summaries: [String: ManifestSummary] = [:]
        /// Per package, why it cannot build from a clone: its binary targets whose artifact
        /// (`binaryTarget(path:)`) is not in the tree.
        var unbuildable: [String: String] = [:]
    }

    /// What is kept of one manifest.
    struct Facts: Codable, Equatable {
        var name: String
        var dependencies: [String]
        var platforms: [DeclaredPlatform]
        /// `binaryTarget(name:path:)`s: name and path relative to the package.
        var binaryTargets: [[String]]
        /// Each source target's folder relative to the package (its `path`, else SwiftPM's
        /// default); `nil` in answers cached before it was kept.
        var targetFolders: [String]?
        /// What the targets exclude (`exclude:`), relative to the package: files SwiftPM never
        /// compiles (test fixtures); `nil` in answers cached before it was kept, which are read again.
        var excludedPaths: [String]?
    }

    /// The local dependencies of every package unit of `layout` in `listing`.
    func read(
        _ layout: RepositoryLayout, in listing: TreeListing, repository: GitRepository
    ) async throws
        -> Answer
    {
        let packages = layout.units.filter { $0.kind == .package }.map(\.path)
        var cache = readCache()
        var facts: [String: Facts] = [:]
        var missing: [(folder: String, key: String, manifests: [(name: String, object: String)])] = []
        for folder in packages {
            let manifests = Self.manifests(of: folder, in: listing)
            let key = Self.key(folder: folder, manifests: manifests)
            if let known = cache[key], known.excludedPaths != nil {
                facts[folder] = known
            } else {
                missing.append((folder, key, manifests))
            }
        }
        var dependencies: [String: [String]] = [:]
        var notes: [String] = []
        if !missing.isEmpty {
            // Two at a time: each is a manifest compilation, about a second.
            let results = try await withThrowingTaskGroup(of: (String, String, Result<Facts, DumpFailure>).self) {
                group in
                var pending = missing[...]
                var results: [(String, String, Result<Facts, DumpFailure>)] = []
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
                    facts[folder] = found
                    cache[key] = found
                case .failure(let failure):
                    // One package alone: its build says what is wrong; it is built for this machine.
                    guard packages.count > 1 else { continue }
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
        var answer = Answer(dependencies: dependencies, notes: notes)
        for (folder, found) in facts {
            answer.dependencies[folder] = found.dependencies
            answer.summaries[folder] = ManifestSummary(name: found.name, platforms: found.platforms)
            let prefix = folder.isEmpty ? "" : folder + "/"
            let absent = found.binaryTargets.filter { target in
                target.count == 2 && listing.objects[RepositoryPath.normalized(prefix + target[1])] == nil
            }
            if !absent.isEmpty {
                answer.unbuildable[folder] =
                    "it cannot build from a clone: "
                    + absent.map { "its binary target \($0[0]) has no artifact at \(prefix + $0[1])" }
                    .joined(separator: "; ")
                    + " (not in the repository: a script or a release makes it)"
            }
        }
        answer.dependencies = answer.dependencies.mapValues { $0.filter(known.contains).sorted() }
        if AppleOnlyImports.hostLacksAppleModules {
            try await markAppleOnly(&answer, facts: facts, layout: layout, listing: listing, repository: repository)
        }
        return answer
    }

    /// Marks each package whose sources (or whose local dependencies' sources) import a module
    /// only Apple's platforms have, unconditionally: SwiftPM cannot build it here.
    private func markAppleOnly(
        _ answer: inout Answer, facts: [String: Facts], layout: RepositoryLayout, listing: TreeListing,
        repository: GitRepository
    ) async throws {
        let packages = layout.units.filter { $0.kind == .package }.map(\.path)
        var files: [(package: String, path: String)] = []
        for folder in packages {
            let prefix = folder.isEmpty ? "" : folder + "/"
            let targetFolders = facts[folder]?.targetFolders ?? Self.conventionalFolders
            let excluded = facts[folder]?.excludedPaths ?? []
            let nested = packages.filter { $0 != folder && (folder.isEmpty || $0.hasPrefix(prefix)) }
            for file in listing.files where file.hasPrefix(prefix) && file.hasSuffix(".swift") {
                let relative = String(file.dropFirst(prefix.count))
                guard targetFolders.contains(where: { $0.isEmpty || relative.hasPrefix($0 + "/") }),
                    !excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }),
                    !nested.contains(where: { file.hasPrefix($0 + "/") })
                else { continue }
                files.append((folder, file))
            }
        }
        // Only the blobs not read before are asked of git (``AppleOnlyImportsCache``).
        let objects = files.map { listing.objects[$0.path] ?? "-" }
        let cache = AppleOnlyImportsCache.read(at: appleOnlyCacheFile)
        var found: [String: [String]] = [:]
        let unread = Array(Set(objects.filter { cache.entries[$0] == nil && ObjectName.isValid($0) })).sorted()
        for (object, content) in zip(unread, try await repository.blobs(unread)) {
            guard let content else { continue }
            found[object] = AppleOnlyImports.unconditional(in: String(decoding: content, as: UTF8.self))
        }
        if !found.isEmpty { cache.adding(found).write(to: appleOnlyCacheFile) }
        var own: [String: AppleOnlyCode] = [:]
        for (file, object) in zip(files, objects) {
            guard let modules = found[object] ?? cache.entries[object], !modules.isEmpty else { continue }
            var code = own[file.package] ?? AppleOnlyCode(modules: [], file: file.path)
            code.modules += modules.filter { !code.modules.contains($0) }
            own[file.package] = code
        }
        for folder in packages {
            var code = own[folder]
            if code == nil {
                // Through a local dependency, the nearest first.
                var seen: Set<String> = [folder]
                var queue = answer.dependencies[folder] ?? []
                while !queue.isEmpty, code == nil {
                    let next = queue.removeFirst()
                    guard seen.insert(next).inserted else { continue }
                    if var found = own[next] {
                        found.through = next
                        code = found
                    }
                    queue += answer.dependencies[next] ?? []
                }
            }
            guard let code else { continue }
            var summary =
                answer.summaries[folder]
                ?? ManifestSummary(name: (folder as NSString).lastPathComponent, platforms: [])
            summary.appleOnly = code
            answer.summaries[folder] = summary
        }
    }

    /// Where SwiftPM looks for targets by default: a manifest's answer cached without its targets'
    /// folders is read with these.
    static let conventionalFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins"]

    /// Each non-binary, non-system target's folder in `dump-package`'s JSON: its `path`, else
    /// `Tests/<name>`, `Plugins/<name>` or `Sources/<name>` by its type.
    static func targetFolders(_ json: String) -> [String] {
        sourceTargets(json).map(\.folder)
    }

    /// What the source targets exclude, relative to the package (`exclude: ["Fixtures"]` of the
    /// target in `Tests/AppTests` is `Tests/AppTests/Fixtures`).
    static func excludedPaths(_ json: String) -> [String] {
        sourceTargets(json).flatMap { target in
            target.exclude.map { RepositoryPath.normalized(target.folder + "/" + $0) }
        }
    }

    /// Each source target in `dump-package`'s JSON: its folder (its `path`, else SwiftPM's
    /// default) and its `exclude` entries.
    private static func sourceTargets(_ json: String) -> [(folder: String, exclude: [String])] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return []
        }
        return (object["targets"] as? [[String: Any]] ?? []).compactMap { target in
            guard let name = target["name"] as? String else { return nil }
            let type = target["type"] as? String ?? "regular"
            if type == "binary" || type == "system" { return nil }
            let exclude = target["exclude"] as? [String] ?? []
            if let path = target["path"] as? String { return (RepositoryPath.normalized(path), exclude) }
            switch type {
            case "test": return ("Tests/" + name, exclude)
            case "plugin": return ("Plugins/" + name, exclude)
            default: return ("Sources/" + name, exclude)
            }
        }
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
    ) async throws -> Result<Facts, DumpFailure> {
        let base = scratchDirectory + "/manifest-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let packageFolder = folder.isEmpty ? base : base + "/" + folder
        try FileManager.default.createDirectory(atPath: packageFolder, withIntermediateDirectories: true)
        for manifest in manifests {
            let text = try await repository.output(["cat-file", "blob", manifest.object])
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: packageFolder + "/" + manifest.name))
        }
        // SwiftPM leaves lock files (and, interrupted, TemporaryDirectory.* folders) in TMPDIR: here
        // they go with the folder, not into the user's temporary directory.
        let temporary = base + "/.tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var command = Command(
            "swift", ["package", "--package-path", packageFolder, "dump-package"], workingDirectory: base,
            environment: environment.setting(["TMPDIR": temporary]))
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
        guard let paths = Self.localDependencyPaths(result.outputText),
            let platforms = DeclaredPlatform.read(dumpPackageJSON: result.outputText)
        else {
            return .failure(DumpFailure(message: "its output is not the JSON SwiftPM writes"))
        }
        let root = PhysicalRoot(base)
        return .success(
            Facts(
                name: Self.packageName(result.outputText) ?? (folder as NSString).lastPathComponent,
                dependencies: paths.compactMap { root.relative(PhysicalRoot.physical($0)) },
                platforms: platforms, binaryTargets: Self.binaryTargetPaths(result.outputText),
                targetFolders: Self.targetFolders(result.outputText),
                excludedPaths: Self.excludedPaths(result.outputText)))
    }

    /// The package's `name` in `dump-package`'s JSON.
    static func packageName(_ json: String) -> String? {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?["name"] as? String
    }

    /// Each binary target with a `path` (not a `url`) in `dump-package`'s JSON: its name and path.
    static func binaryTargetPaths(_ json: String) -> [[String]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return []
        }
        return (object["targets"] as? [[String: Any]] ?? []).compactMap { target in
            guard target["type"] as? String == "binary", target["url"] == nil || target["url"] is NSNull,
                let name = target["name"] as? String, let path = target["path"] as? String
            else { return nil }
            return [name, path]
        }
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

    private func readCache() -> [String: Facts] {
        guard let data = FileManager.default.contents(atPath: cacheFile),
            let cache = try? JSONDecoder().decode([String: Facts].self, from: data)
        else { return [:] }
        return cache
    }

    /// Writes the answers, at most 500 (a manifest read again costs a second).
    private func writeCache(_ cache: [String: Facts]) {
        let kept = Dictionary(
            uniqueKeysWithValues: cache.sorted { $0.key < $1.key }.suffix(500).map { ($0.key, $0.value) })
        try? FileManager.default.createDirectory(
            atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(kept) else { return }
        try? data.write(to: URL(fileURLWithPath: cacheFile), options: .atomic)
    }
}
