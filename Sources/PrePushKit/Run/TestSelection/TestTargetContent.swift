import PreflightCore

/// What each test target's result can depend on, as content: the trees of the targets in its
/// dependency closure, plus what every target shares — the manifests, `Package.resolved`, macro and
/// plugin targets, and files that belong to no target (a shared resource, a file a target's folder
/// holds but the target excludes, a script a plugin reads). A test target whose key was recorded as
/// passing is not affected by anything pushed since, and is not run again.
struct TestTargetContent: Sendable, Equatable {
    /// Each test target's key.
    var keys: [String: String]
    /// The shared part, by what it is (`Package.swift`, `macro target Stringify`,
    /// `Sources/Shared/data.json (belongs to no target)`) → its object name.
    var shared: [String: String]

    /// The keys of `graph`'s test targets in `listing` (the checked tree), for the package in
    /// `unitPath`. `resolved` stands for a `Package.resolved` the tree does not track (its content's
    /// hash after the build, or `-`); `settings` is the toolchain, options and place of the run;
    /// `relevant` says which files outside every target can matter at all; `nested` are the folders
    /// of other packages inside this one.
    static func make(
        graph: PackageGraph, listing: TreeListing, unitPath: String, resolved: String, settings: String,
        relevant: [Glob], nested: [String] = []
    ) -> TestTargetContent {
        let prefix = unitPath.isEmpty ? "" : unitPath + "/"
        var shared: [String: String] = ["Package.resolved": resolved]
        let targets = graph.targets.sorted { $0.path.count > $1.path.count }
        for file in listing.files where file.hasPrefix(prefix) {
            let path = String(file.dropFirst(prefix.count))
            let object = listing.objects[file] ?? "-"
            if path.hasPrefix(".build/") || path.hasPrefix(".swiftpm/")
                || nested.contains(where: { path.hasPrefix($0 + "/") })
            {
                continue
            }
            if path == "Package.swift" || (path.hasPrefix("Package@swift-") && path.hasSuffix(".swift")) {
                shared[path] = object
                continue
            }
            if path == "Package.resolved" {
                shared["Package.resolved"] = object
                continue
            }
            if let owner = targets.first(where: { path.hasPrefix($0.path + "/") }) {
                let isOwn =
                    owner.sources.contains(path)
                    || owner.resources.contains { path == $0 || path.hasPrefix($0 + "/") }
                if !isOwn, !isDocumentation(path) {
                    shared["\(path) (in \(owner.name)'s folder, not one of its files)"] = object
                }
                continue
            }
            if !isDocumentation(path), relevant.contains(where: { $0.matches(path) }) {
                shared["\(path) (belongs to no target)"] = object
            }
        }
        for target in graph.targets where target.shapesBuilds {
            shared["\(target.kind) target \(target.name)"] = listing.objects[prefix + target.path] ?? "-"
        }
        let sharedText = shared.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
        var keys: [String: String] = [:]
        for test in graph.testTargets {
            let closure = graph.closure(of: test.name).sorted().map { name -> String in
                let path = graph.targets.first { $0.name == name }?.path ?? name
                return "\(name)\t\(listing.objects[prefix + path] ?? "-")"
            }
            let text = [settings, sharedText, closure.joined(separator: "\n")].joined(separator: "\n\u{1E}\n")
            keys[test.name] = StableHash.fnv1a64Hex(text) + StableHash.fnv1a64Hex("\u{1}" + text)
        }
        return TestTargetContent(keys: keys, shared: shared)
    }

    /// Documentation a build never reads: Markdown, and DocC catalogs.
    static func isDocumentation(_ path: String) -> Bool {
        path.hasSuffix(".md") || path.hasSuffix(".markdown") || path.contains(".docc/")
    }

    /// Why every test target runs, when the shared part changed since `last` (one line).
    func sharedChange(since last: [String: String]) -> String? {
        let changed = Set(shared.keys).union(last.keys).filter { shared[$0] != last[$0] }.sorted()
        guard let first = changed.first else { return nil }
        let what = first + (shared[first] == nil ? " was removed" : last[first] == nil ? " was added" : " changed")
        return changed.count > 1 ? "\(what), and \(changed.count - 1) more shared part(s)" : what
    }
}
