import Foundation

/// The simulators `xcrun simctl list devices available --json` lists, and the one a check tests on.
///
/// The JSON is `{"devices": {RUNTIME_ID: [{udid, name, state, isAvailable, deviceTypeIdentifier}]}}`,
/// a runtime ID being `com.apple.CoreSimulator.SimRuntime.iOS-18-2` (platform, then version).
package struct SimulatorList: Sendable, Equatable {
    package struct Device: Sendable, Equatable {
        package var udid: String
        package var name: String
        /// `Booted`, `Shutdown`, ….
        package var state: String
        package var deviceType: String
    }

    package struct Runtime: Sendable, Equatable {
        /// `com.apple.CoreSimulator.SimRuntime.iOS-18-2`.
        package var identifier: String
        /// `iOS`, `tvOS`, `watchOS`, `xrOS`.
        package var platformName: String
        /// `[18, 2]`.
        package var version: [Int]
        /// In simctl's order.
        package var devices: [Device]

        /// `18.2`.
        package var versionText: String { version.map(String.init).joined(separator: ".") }
    }

    /// Runtimes in the order of their identifiers.
    package var runtimes: [Runtime]

    /// Parses simctl's JSON; unavailable devices (`isAvailable: false`) are left out.
    package static func parse(_ data: Data) throws(XcodeBackendError) -> SimulatorList {
        let command = "xcrun simctl list devices available --json"
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedOutput(command: command, detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let devices = root["devices"] as? [String: Any] else {
            throw .malformedOutput(command: command, detail: "no \"devices\" object at the top level")
        }
        var runtimes: [Runtime] = []
        for identifier in devices.keys.sorted() {
            let name = identifier.split(separator: ".").last.map(String.init) ?? identifier
            let parts = name.split(separator: "-").map(String.init)
            guard let platformName = parts.first else { continue }
            let version = parts.dropFirst().compactMap { Int($0) }
            let entries = devices[identifier] as? [[String: Any]] ?? []
            let available = entries.filter { $0["isAvailable"] as? Bool != false }.compactMap { entry -> Device? in
                guard let udid = entry["udid"] as? String, let name = entry["name"] as? String else { return nil }
                return Device(
                    udid: udid, name: name, state: entry["state"] as? String ?? "",
                    deviceType: entry["deviceTypeIdentifier"] as? String ?? "")
            }
            runtimes.append(
                Runtime(identifier: identifier, platformName: platformName, version: version, devices: available))
        }
        return SimulatorList(runtimes: runtimes)
    }

    /// The simulator to test `platform` on: in the newest runtime of that platform that has an
    /// available device, a booted device (it is ready now), else for iOS the first iPhone in
    /// simctl's order, else the first device. `nil` when the platform has no available device.
    package func choose(for platform: XcodePlatform) -> (device: Device, runtime: Runtime)? {
        let candidates = runtimes.filter { platform.runtimeNames.contains($0.platformName) && !$0.devices.isEmpty }
        guard let newest = candidates.max(by: { $0.version.lexicographicallyPrecedes($1.version) }) else { return nil }
        let devices = newest.devices
        let device =
            devices.first { $0.state == "Booted" }
            ?? (platform == .iOS ? devices.first { $0.name.hasPrefix("iPhone") } : nil) ?? devices[0]
        return (device, newest)
    }
}
