import Foundation

/// The package's source targets that no test target links, and the object files the build made of
/// them: what `llvm-cov` reads besides the test binary, so that every source target is in the
/// coverage, at 0 % where no test reaches it.
///
/// llvm-cov reports only the files of the binaries it is given, and SwiftPM gives it the test
/// binary alone: an executable target, or a library no test depends on, was simply absent (a
/// package showed "100.00 % of 1 lines"). `llvm-cov export -object A -object B` reads several
/// binaries, relocatable objects included; a function in two of them is counted once, and one
/// without counts in the profile is 0 %. `swift build --build-tests --enable-code-coverage` (the
/// build step) compiles every target with coverage, so the objects of each are in
/// `<products>/<module>.build/`.
struct UntestedTargets: Sendable, Equatable {
    /// The targets, by name.
    var names: [String]
    /// Their object files (`.o`, not the `.swiftmodule.o` wrappers that hold no code).
    var objects: [String]
    /// Targets with sources of which no object was found (nothing of them can be measured).
    var unbuilt: [String]

    /// The source targets of `graph` outside the dependency closure of every test target, with
    /// their objects in `binPath` (SwiftPM's products folder).
    static func find(graph: PackageGraph, binPath: String) -> UntestedTargets {
        let tested = graph.testTargets.reduce(into: Set<String>()) { $0.formUnion(graph.closure(of: $1.name)) }
        var result = UntestedTargets(names: [], objects: [], unbuilt: [])
        let kinds: Set = ["library", "executable", "macro"]
        for target in graph.targets.sorted(by: { $0.name < $1.name })
        where kinds.contains(target.kind) && !target.sources.isEmpty && !tested.contains(target.name) {
            // A macro is built for the host, in a folder of its own (`-tool`).
            let folders = [target.moduleName + ".build", target.moduleName + "-tool.build"].map { binPath + "/" + $0 }
            let objects = folders.flatMap(Self.objects(in:))
            result.names.append(target.name)
            if objects.isEmpty { result.unbuilt.append(target.name) } else { result.objects += objects }
        }
        return result
    }

    /// The `.o` files under `folder`, sorted; none when it does not exist.
    static func objects(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var objects: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".o"), !path.hasSuffix(".swiftmodule.o") { objects.append(folder + "/" + path) }
        }
        return objects.sorted()
    }
}
