import Foundation

/// The platform a scheme builds for, read from `xcodebuild -showBuildSettings -json`, and what it
/// takes to test there: macOS runs the tests on this Mac, the others on a simulator.
enum XcodePlatform: String, Sendable, CaseIterable {
    case macOS
    case iOS
    case tvOS
    case watchOS
    case visionOS

    /// The platform of an SDK or platform name as build settings spell it (`macosx`, `iphoneos`,
    /// `iphonesimulator`, `appletvos`, `watchsimulator`, `xros`, …), or of an SDK path
    /// (`…/iPhoneOS18.2.sdk`); `nil` for others (`driverkit`, `auto`).
    init?(sdk: String) {
        var name = sdk.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        if name.hasSuffix(".sdk") { name = String(name.dropLast(4)) }
        name = String(name.prefix { $0.isLetter })
        switch name {
        case "macosx", "macos": self = .macOS
        case "iphoneos", "iphonesimulator": self = .iOS
        case "appletvos", "appletvsimulator": self = .tvOS
        case "watchos", "watchsimulator": self = .watchOS
        case "xros", "xrsimulator", "visionos", "visionsimulator": self = .visionOS
        default: return nil
        }
    }

    /// Whether the tests run on a simulator (every platform but macOS).
    var usesSimulator: Bool { self != .macOS }

    /// The `platform=` value of a destination: `macOS`, `iOS Simulator`, ….
    var destinationPlatform: String {
        usesSimulator ? rawValue + " Simulator" : rawValue
    }

    /// The names simctl gives this platform's runtimes (`com.apple.CoreSimulator.SimRuntime.iOS-18-2`;
    /// visionOS's are `xrOS-…`).
    var runtimeNames: [String] {
        self == .visionOS ? ["xrOS", "visionOS"] : [rawValue]
    }

    /// The platform of a scheme, with the setting that told it.
    struct Reading: Sendable, Hashable {
        var platform: XcodePlatform
        /// `PLATFORM_NAME iphoneos`, `SDKROOT macosx`, `SUPPORTED_PLATFORMS iphoneos iphonesimulator`.
        var evidence: String
        /// The deciding target's `TARGETED_DEVICE_FAMILY`: `[1]` iPhone, `[2]` iPad, `[1, 2]` both;
        /// empty when the setting is absent.
        var deviceFamilies: [Int] = []
        /// The SDK's version (`SDK_VERSION` `18.2`, else the number in `SDKROOT`'s name): the
        /// newest runtime this Xcode was released with. `nil` when neither tells it.
        var sdkVersion: [Int]? = nil
    }

    /// Reads the platform from the JSON array `xcodebuild -showBuildSettings -json` prints, one
    /// `{action, target, buildSettings}` per target of the scheme.
    ///
    /// The first target whose settings tell a platform decides: its `PLATFORM_NAME`, else its
    /// `SDKROOT`, else its `SUPPORTED_PLATFORMS`, where macOS is preferred when it is listed (no
    /// simulator needed), then iOS, tvOS, watchOS and visionOS in that order. Lines around the
    /// JSON (Xcode's destination warnings, SwiftPM's notes) are passed over (``ToolOutputJSON``).
    static func read(buildSettingsJSON data: Data, scheme: String) throws(XcodeBackendError) -> Reading {
        let command = "xcodebuild -showBuildSettings -json"
        guard let document = ToolOutputJSON.document(in: data, opening: UInt8(ascii: "[")) else {
            throw .malformedOutput(command: command, detail: "no JSON array of targets in its output")
        }
        guard let entries = document.value as? [[String: Any]] else {
            throw .malformedOutput(command: command, detail: "not a JSON array of targets")
        }
        var seen: [String] = []
        for entry in entries {
            guard let settings = entry["buildSettings"] as? [String: Any] else { continue }
            func reading(_ platform: XcodePlatform, _ evidence: String) -> Reading {
                Reading(
                    platform: platform, evidence: evidence,
                    deviceFamilies: (settings["TARGETED_DEVICE_FAMILY"] as? String).map(deviceFamilies) ?? [],
                    sdkVersion: sdkVersion(settings))
            }
            for key in ["PLATFORM_NAME", "SDKROOT"] {
                guard let value = settings[key] as? String else { continue }
                if let platform = XcodePlatform(sdk: value) {
                    return reading(platform, "\(key) \(value)")
                }
                seen.append("\(key) \(value)")
            }
            if let supported = settings["SUPPORTED_PLATFORMS"] as? String {
                let platforms = Set(supported.split(separator: " ").compactMap { XcodePlatform(sdk: String($0)) })
                if let platform = allCases.first(where: platforms.contains) {
                    return reading(platform, "SUPPORTED_PLATFORMS \(supported)")
                }
                seen.append("SUPPORTED_PLATFORMS \(supported)")
            }
        }
        throw .unknownPlatform(
            scheme: scheme, settings: seen.isEmpty ? "no SDK settings" : seen.joined(separator: "; "))
    }

    /// `"1,2"` → `[1, 2]` (Xcode writes `1,2`; a space after the comma is tolerated).
    static func deviceFamilies(_ value: String) -> [Int] {
        value.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Int($0) }
    }

    /// `SDK_VERSION` (`18.2`), else the version in `SDKROOT`'s SDK name (`…/iPhoneOS18.2.sdk`).
    private static func sdkVersion(_ settings: [String: Any]) -> [Int]? {
        if let version = settings["SDK_VERSION"] as? String, let parsed = versionNumbers(version) { return parsed }
        guard let root = settings["SDKROOT"] as? String else { return nil }
        var name = root.split(separator: "/").last.map(String.init) ?? root
        if name.hasSuffix(".sdk") { name = String(name.dropLast(4)) }
        return versionNumbers(String(name.drop { !$0.isNumber }))
    }

    /// `18.2` → `[18, 2]`; `nil` when it does not start with a number.
    static func versionNumbers(_ text: String) -> [Int]? {
        let numbers = text.split(separator: ".").map { Int($0) }
        guard let first = numbers.first, first != nil else { return nil }
        return numbers.prefix { $0 != nil }.compactMap { $0 }
    }
}
