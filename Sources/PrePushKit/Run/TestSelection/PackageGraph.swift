import Foundation
import PreflightCore

/// A package's targets as SwiftPM describes them (`swift package describe --type json`): their
/// kinds, folders, sources and resources, and what each depends on. Only this package's targets;
/// products of other packages are named, not followed.
struct PackageGraph: Sendable, Equatable {
    struct Target: Sendable, Equatable {
        var name: String
        /// The module's name (`c99name`): what test identifiers start with.
        var moduleName: String
        /// `library`, `executable`, `test`, `macro`, `plugin`, `snippet`, `system-target`, `binary`.
        var kind: String
        /// The target's folder, relative to the package's root.
        var path: String
        /// Its source files, relative to the package's root.
        var sources: [String]
        /// Its resources, relative to the package's root.
        var resources: [String]
        /// Targets of this package it depends on.
        var targetDependencies: [String]
        /// Products it depends on (of this package or another).
        var productDependencies: [String]

        init(
            name: String, moduleName: String? = nil, kind: String, path: String, sources: [String] = [],
            resources: [String] = [], targetDependencies: [String] = [], productDependencies: [String] = []
        ) {
            self.name = name
            self.moduleName = moduleName ?? name.replacingOccurrences(of: "-", with: "_")
            self.kind = kind
            self.path = path
            self.sources = sources
            self.resources = resources
            self.targetDependencies = targetDependencies
            self.productDependencies = productDependencies
        }

        var isTest: Bool { kind == "test" }
        /// A macro or plugin: it changes how other targets are built, whatever they import.
        var shapesBuilds: Bool { kind == "macro" || kind == "plugin" }
    }

    var targets: [Target]
    /// This package's products and the targets each holds.
    var products: [String: [String]]

    init(targets: [Target], products: [String: [String]] = [:]) {
        self.targets = targets
        self.products = products
    }

    var testTargets: [Target] { targets.filter(\.isTest).sorted { $0.name < $1.name } }

    /// The targets `name` depends on, directly or not, itself included: through target
    /// dependencies and this package's own products.
    func closure(of name: String) -> Set<String> {
        var seen: Set<String> = []
        var queue = [name]
        while let next = queue.popLast() {
            guard seen.insert(next).inserted, let target = targets.first(where: { $0.name == next }) else { continue }
            queue += target.targetDependencies
            queue += target.productDependencies.flatMap { products[$0] ?? [] }
        }
        return seen
    }

    /// Reads `describe --type json` output; `packageRoot` makes absolute resource paths relative.
    static func parse(describeJSON data: Data, packageRoot: String) throws -> PackageGraph {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = object["targets"] as? [[String: Any]]
        else { throw DescribeError.notDescribeOutput }
        let root = PhysicalRoot(packageRoot)
        func relative(_ path: String, in folder: String) -> String {
            if path.hasPrefix("/") { return root.relative(path).flatMap { $0.isEmpty ? nil : $0 } ?? path }
            return folder.isEmpty ? path : folder + "/" + path
        }
        var parsed: [Target] = []
        for target in targets {
            guard let name = target["name"] as? String, let kind = target["type"] as? String,
                let path = target["path"] as? String
            else { continue }
            let folder = relative(path, in: "")
            let resources = (target["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            parsed.append(
                Target(
                    name: name, moduleName: target["c99name"] as? String, kind: kind, path: folder,
                    sources: (target["sources"] as? [String] ?? []).map { relative($0, in: folder) },
                    resources: resources.map { relative($0, in: folder) },
                    targetDependencies: target["target_dependencies"] as? [String] ?? [],
                    productDependencies: target["product_dependencies"] as? [String] ?? []))
        }
        var products: [String: [String]] = [:]
        for product in object["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { products[name] = product["targets"] as? [String] ?? [] }
        }
        return PackageGraph(targets: parsed, products: products)
    }

    enum DescribeError: Error { case notDescribeOutput }
}
