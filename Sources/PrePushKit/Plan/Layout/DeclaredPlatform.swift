import Foundation

/// What prepush keeps of a package's manifest besides its local dependencies: its name (Xcode
/// names the package's schemes after it) and its platforms.
struct ManifestSummary: Sendable, Hashable {
    var name: String
    var platforms: [DeclaredPlatform]
    /// Where this machine lacks Apple's modules: the ones its sources import unconditionally
    /// (``AppleOnlyImports``), or a local dependency's.
    var appleOnly: AppleOnlyCode?

    init(name: String, platforms: [DeclaredPlatform], appleOnly: AppleOnlyCode? = nil) {
        self.name = name
        self.platforms = platforms
        self.appleOnly = appleOnly
    }
}

/// A package's code that only Apple's platforms build: the Apple-only modules it imports
/// unconditionally, the first file importing one, and the local dependency it comes through.
struct AppleOnlyCode: Sendable, Hashable {
    var modules: [String]
    /// The repository path of the first file importing one.
    var file: String
    /// The folder of the local dependency whose sources import them; `nil`: its own sources.
    var through: String?

    init(modules: [String], file: String, through: String? = nil) {
        self.modules = modules
        self.file = file
        self.through = through
    }

    /// `its sources import os, SwiftUI (Sources/Log/Log.swift)` or `it depends on Packages/Log,
    /// whose sources import os (…)`.
    var reason: String {
        let imports = "import \(modules.joined(separator: ", ")) (\(file))"
        return through.map { "it depends on \($0.isEmpty ? "." : $0), whose sources " + imports }
            ?? "its sources " + imports
    }
}

/// A platform a package's manifest declares (`platforms: [.iOS(.v18), .visionOS(.v1)]`), as
/// `swift package dump-package` writes it: `{"platformName": "ios", "version": "18.0"}`.
///
/// SwiftPM's list names minimum versions of Apple platforms; an empty list means every platform.
/// prepush reads a list that names Apple platforms but not macOS as "this package is for those
/// platforms" (an app's local package, importing UIKit or SwiftUI): SwiftPM's host build is not
/// how its authors build it, so it is built the way Xcode builds it, with xcodebuild and a
/// simulator, where xcodebuild exists, and not built elsewhere (``hostBuildExclusion(_:)``).
struct DeclaredPlatform: Sendable, Hashable, Codable {
    /// SwiftPM's name: `macos`, `ios`, `tvos`, `watchos`, `visionos`, `maccatalyst`, `driverkit`.
    var name: String
    var version: String

    init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// `iOS 18.0`.
    var description: String {
        let names = [
            "macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
            "maccatalyst": "Mac Catalyst", "driverkit": "DriverKit",
        ]
        return (names[name] ?? name) + " " + version
    }

    /// The simulator platform xcodebuild tests it on; `nil` for macOS and the others.
    var simulatorPlatform: XcodePlatform? {
        switch name {
        case "ios": .iOS
        case "tvos": .tvOS
        case "watchos": .watchOS
        case "visionos": .visionOS
        default: nil
        }
    }

    /// The `platforms` of `dump-package`'s JSON (empty when it declares none); `nil` for other text.
    static func read(dumpPackageJSON json: String) -> [DeclaredPlatform]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return nil
        }
        return (object["platforms"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let name = entry["platformName"] as? String else { return nil }
            return DeclaredPlatform(name: name, version: entry["version"] as? String ?? "")
        }
    }

    /// Why SwiftPM's host build is not the package's build: its list names simulator platforms
    /// (iOS, tvOS, watchOS, visionOS) and not macOS. `nil` for an empty list or one with macOS.
    static func hostBuildExclusion(_ platforms: [DeclaredPlatform]) -> ForApplePlatforms? {
        let simulated = platforms.filter { $0.simulatorPlatform != nil }
        guard !simulated.isEmpty, !platforms.contains(where: { $0.name == "macos" }) else { return nil }
        return ForApplePlatforms(platforms: platforms, simulator: simulated[0].simulatorPlatform!)
    }

    /// A package for Apple platforms other than macOS.
    struct ForApplePlatforms: Sendable, Hashable {
        var platforms: [DeclaredPlatform]
        /// The platform its tests run on: the first simulator platform it declares.
        var simulator: XcodePlatform

        /// `iOS 18.0, visionOS 1.0`.
        var list: String { platforms.map(\.description).joined(separator: ", ") }
    }
}
