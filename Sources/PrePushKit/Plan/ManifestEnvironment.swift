import Foundation

/// The environment variables that can change what a package builds into, so a pass is cached
/// under their values too (the verified-tree key; docs/prepush.md, "What is checked"): a
/// manifest that reads `FIX_STRICT` to define a condition checks different code when it is set.
///
/// The names are: those SwiftPM and the Swift driver read to pick compilers, SDKs and the
/// toolchain (``toolchainVariables``); the conventions manifests of the Swift project read
/// (``manifestConventions``); every name a manifest of the package reads literally
/// (`environment["NAME"]`, `Context.environment["NAME"]`, `getenv("NAME")`); and those the
/// configuration names (`"cacheKeyEnvironment"`). A value is part of the key as given; a name
/// that is not set counts as unset, which differs from set to empty.
enum ManifestEnvironment {
    /// Read by SwiftPM, the Swift driver or the C compilers it runs.
    static let toolchainVariables = [
        "CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "SDKROOT", "DEVELOPER_DIR", "TOOLCHAINS", "SWIFT_EXEC",
        "SWIFT_EXEC_MANIFEST", "SWIFT_DRIVER_SWIFT_FRONTEND_EXEC", "SWIFTPM_CUSTOM_LIBS_DIR", "SWIFTPM_PD_LIBS",
        "SWIFT_BACKTRACE",
    ]
    /// Those of ``toolchainVariables`` whose values are part of a key as they are: not those that
    /// pick the compiler (`DEVELOPER_DIR`, `TOOLCHAINS`, `SWIFT_EXEC`), which count through the
    /// toolchain's identity (``ToolchainIdentity``) and are paths that differ between machines.
    static let buildVariables = toolchainVariables.filter {
        !["DEVELOPER_DIR", "TOOLCHAINS", "SWIFT_EXEC"].contains($0)
    }
    /// Read by the manifests of the Swift project's own packages (swift-syntax, swift-format,
    /// swift-driver…) to switch dependencies and settings.
    static let manifestConventions = [
        "SWIFTCI_USE_LOCAL_DEPS", "SWIFT_BUILD_DYNAMIC_LIBRARY", "SWIFTSYNTAX_BUILD_DYNAMIC_LIBRARY",
    ]

    /// The names read literally by the manifests in `folder` (`Package.swift`, `Package@swift-*.swift`).
    static func names(readByManifestsIn folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var names: Set<String> = []
        for file in files
        where file == "Package.swift" || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift")) {
            // A manifest is small; a huge file is not a manifest anyone reads variables from.
            guard let data = FileManager.default.contents(atPath: folder + "/" + file), data.count < 1 << 20 else {
                continue
            }
            names.formUnion(self.names(inManifest: String(decoding: data, as: UTF8.self)))
        }
        return names.sorted()
    }

    /// The names `text` reads literally: `environment["NAME"]` (ProcessInfo's and PackagePlugin's
    /// `Context.environment`) and `getenv("NAME")`, white space allowed around the bracket or
    /// parenthesis (what `(?:environment\s*\[\s*|getenv\s*\(\s*)"([A-Za-z_][A-Za-z0-9_]*)"` matches;
    /// read by hand: compiling a regular expression costs a verified push more than the rest of its
    /// reading of the manifest).
    static func names(inManifest text: String) -> Set<String> {
        let scalars = Array(text.unicodeScalars)
        var names: Set<String> = []
        for (word, opener) in [("environment", "["), ("getenv", "(")] {
            let word = Array(word.unicodeScalars)
            var start = 0
            while start + word.count <= scalars.count {
                defer { start += 1 }
                guard scalars[start..<start + word.count].elementsEqual(word) else { continue }
                var index = skippingSpace(scalars, from: start + word.count)
                guard index < scalars.count, scalars[index] == opener.unicodeScalars.first else { continue }
                index = skippingSpace(scalars, from: index + 1)
                guard index < scalars.count, scalars[index] == "\"" else { continue }
                let first = index + 1
                var end = first
                while end < scalars.count, isNameScalar(scalars[end], first: end == first) { end += 1 }
                guard end > first, end < scalars.count, scalars[end] == "\"" else { continue }
                names.insert(String(String.UnicodeScalarView(scalars[first..<end])))
            }
        }
        return names
    }

    /// The index of the first scalar at or after `index` that is not white space (Unicode's
    /// `White_Space`, as a regular expression's `\s`).
    private static func skippingSpace(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        return index
    }

    /// `[A-Za-z_]`, and after the first `[A-Za-z0-9_]`.
    private static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "_": true
        case "0"..."9": !first
        default: false
        }
    }

    /// The part of the key: each name with its value, or unset.
    static func fingerprint(names: [String], environment: [String: String]) -> String {
        Set(names).sorted().map { name in
            environment[name].map { "\(name)=\($0)" } ?? "\(name)\u{1F}unset"
        }.joined(separator: "\u{1E}")
    }
}
