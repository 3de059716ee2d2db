import Foundation

/// The platform a scheme builds for, read from `xcodebuild -showBuildSettings -json`, and what it
/// takes to test there: macOS runs the tests on this Mac, the others on a simulator.
package enum XcodePlatform: String, Sendable, CaseIterable {
    case macOS
    case iOS
    case tvOS
    case watchOS
    case visionOS

    /// The platform of an SDK or platform name as build settings spell it (`macosx`, `iphoneos`,
    /// `iphonesimulator`, `appletvos`, `watchsimulator`, `xros`, …), or of an SDK path
    /// (`…/iPhoneOS18.2.sdk`); `nil` for others (`driverkit`, `auto`).
    package init?(sdk: String) {
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
    package var usesSimulator: Bool { self != .macOS }

    /// The `platform=` value of a destination: `macOS`, `iOS Simulator`, ….
    package var destinationPlatform: String {
        usesSimulator ? rawValue + " Simulator" : rawValue
    }

    /// The names simctl gives this platform's runtimes (`com.apple.CoreSimulator.SimRuntime.iOS-18-2`;
    /// visionOS's are `xrOS-…`).
    var runtimeNames: [String] {
        self == .visionOS ? ["xrOS", "visionOS"] : [rawValue]
    }

    /// The platform of a scheme, with the setting that told it.
    package struct Reading: Sendable, Hashable {
        package var platform: XcodePlatform
        /// `PLATFORM_NAME iphoneos`, `SDKROOT macosx`, `SUPPORTED_PLATFORMS iphoneos iphonesimulator`.
        package var evidence: String
    }

    /// Reads the platform from the JSON array `xcodebuild -showBuildSettings -json` prints, one
    /// `{action, target, buildSettings}` per target of the scheme.
    ///
    /// The first target whose settings tell a platform decides: its `PLATFORM_NAME`, else its
    /// `SDKROOT`, else its `SUPPORTED_PLATFORMS`, where macOS is preferred when it is listed (no
    /// simulator needed), then iOS, tvOS, watchOS and visionOS in that order. Text before the JSON
    /// (xcodebuild may print notes first) is skipped.
    package static func read(buildSettingsJSON data: Data, scheme: String) throws(XcodeBackendError) -> Reading {
        let command = "xcodebuild -showBuildSettings -json"
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: jsonPart(of: data))
        } catch {
            throw .malformedOutput(command: command, detail: error.localizedDescription)
        }
        guard let entries = document as? [[String: Any]] else {
            throw .malformedOutput(command: command, detail: "not a JSON array of targets")
        }
        var seen: [String] = []
        for entry in entries {
            guard let settings = entry["buildSettings"] as? [String: Any] else { continue }
            for key in ["PLATFORM_NAME", "SDKROOT"] {
                guard let value = settings[key] as? String else { continue }
                if let platform = XcodePlatform(sdk: value) {
                    return Reading(platform: platform, evidence: "\(key) \(value)")
                }
                seen.append("\(key) \(value)")
            }
            if let supported = settings["SUPPORTED_PLATFORMS"] as? String {
                let platforms = Set(supported.split(separator: " ").compactMap { XcodePlatform(sdk: String($0)) })
                if let platform = allCases.first(where: platforms.contains) {
                    return Reading(platform: platform, evidence: "SUPPORTED_PLATFORMS \(supported)")
                }
                seen.append("SUPPORTED_PLATFORMS \(supported)")
            }
        }
        throw .unknownPlatform(
            scheme: scheme, settings: seen.isEmpty ? "no SDK settings" : seen.joined(separator: "; "))
    }

    /// From the first line that opens a JSON array or object.
    static func jsonPart(of data: Data) -> Data {
        var lineStart = data.startIndex
        for index in data.indices {
            if index == lineStart, data[index] == UInt8(ascii: "[") || data[index] == UInt8(ascii: "{") {
                return data[index...]
            }
            if data[index] == UInt8(ascii: "\n") { lineStart = data.index(after: index) }
        }
        return data
    }
}
