import Foundation

/// The simulators `xcrun simctl list --json` lists, and the one a check tests on.
///
/// The JSON is `{"devicetypes": [{identifier, name, productFamily}], "runtimes": [{identifier,
/// version, buildversion, isAvailable, availabilityError?}], "devices": {RUNTIME_ID: [{udid, name,
/// state, isAvailable, availabilityError?, deviceTypeIdentifier}]}}`, a runtime ID being
/// `com.apple.CoreSimulator.SimRuntime.iOS-18-2` (platform, then version). Only `devices` is
/// required (`simctl list devices --json` prints nothing else); without `runtimes` a runtime's
/// version comes from its ID, without `devicetypes` a device's family from its type or name.
struct SimulatorList: Sendable, Equatable {
    struct Device: Sendable, Equatable {
        var udid: String
        var name: String
        /// `Booted`, `Shutdown`, ….
        var state: String
        var deviceType: String
        /// `iPhone`, `iPad`, `Apple TV`, `Apple Watch`, … (the device type's `productFamily`).
        var family: String
    }

    struct Runtime: Sendable, Equatable {
        /// `com.apple.CoreSimulator.SimRuntime.iOS-18-2`.
        var identifier: String
        /// `iOS`, `tvOS`, `watchOS`, `xrOS`.
        var platformName: String
        /// `[18, 2]`.
        var version: [Int]
        /// A beta (seed) runtime: its build ends in a lowercase letter (`20A5283p`), as Apple's
        /// seed builds do.
        var isBeta: Bool = false
        /// Its available devices, in simctl's order.
        var devices: [Device]

        /// `18.2`.
        var versionText: String { version.map(String.init).joined(separator: ".") }
    }

    /// Runtimes that are available (not `isAvailable: false`, no `availabilityError`: the
    /// selected Xcode can run them), in the order of their identifiers.
    var runtimes: [Runtime]

    /// Parses simctl's JSON; unavailable runtimes and devices are left out.
    static func parse(_ data: Data) throws(XcodeBackendError) -> SimulatorList {
        let command = "xcrun simctl list --json"
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedOutput(command: command, detail: error.localizedDescription)
        }
        guard let root = document as? [String: Any], let devices = root["devices"] as? [String: Any] else {
            throw .malformedOutput(command: command, detail: "no \"devices\" object at the top level")
        }
        var families: [String: String] = [:]
        for type in root["devicetypes"] as? [[String: Any]] ?? [] {
            if let identifier = type["identifier"] as? String, let family = type["productFamily"] as? String {
                families[identifier] = family
            }
        }
        var described: [String: [String: Any]] = [:]
        for runtime in root["runtimes"] as? [[String: Any]] ?? [] {
            if let identifier = runtime["identifier"] as? String { described[identifier] = runtime }
        }
        var runtimes: [Runtime] = []
        for identifier in devices.keys.sorted() {
            let description = described[identifier]
            if let description, !isAvailable(description) { continue }
            let name = identifier.split(separator: ".").last.map(String.init) ?? identifier
            let parts = name.split(separator: "-").map(String.init)
            guard let platformName = parts.first else { continue }
            let version =
                (description?["version"] as? String).flatMap(XcodePlatform.versionNumbers)
                ?? parts.dropFirst().compactMap { Int($0) }
            let build = description?["buildversion"] as? String ?? ""
            let entries = devices[identifier] as? [[String: Any]] ?? []
            let available = entries.filter(isAvailable).compactMap { entry -> Device? in
                guard let udid = entry["udid"] as? String, let name = entry["name"] as? String else { return nil }
                let type = entry["deviceTypeIdentifier"] as? String ?? ""
                return Device(
                    udid: udid, name: name, state: entry["state"] as? String ?? "", deviceType: type,
                    family: families[type] ?? family(type: type, name: name))
            }
            runtimes.append(
                Runtime(
                    identifier: identifier, platformName: platformName, version: version,
                    isBeta: build.last?.isLowercase == true, devices: available))
        }
        return SimulatorList(runtimes: runtimes)
    }

    /// simctl marks what the selected Xcode cannot use with `isAvailable: false` and says why in
    /// `availabilityError` (`runtime profile not found`, `device type not supported by runtime`).
    /// Older Xcodes write `"availabilityError": ""` on available devices: an empty reason is none.
    /// Older still write `"availability": "(unavailable, runtime profile not found)"`.
    static func isAvailable(_ entry: [String: Any]) -> Bool {
        if entry["isAvailable"] as? Bool == false { return false }
        if let availability = entry["availability"] as? String, availability.contains("unavailable") { return false }
        guard let error = entry["availabilityError"] else { return true }
        return (error as? String)?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true
    }

    /// A device's family without `devicetypes`: from its type identifier
    /// (`com.apple.CoreSimulator.SimDeviceType.iPad-Air-2`), else its name.
    private static func family(type: String, name: String) -> String {
        let typeName = type.split(separator: ".").last.map(String.init) ?? ""
        for family in ["iPad", "iPhone", "iPod"] where typeName.hasPrefix(family) || name.hasPrefix(family) {
            return family == "iPod" ? "iPhone" : family
        }
        return ""
    }

    /// The device families a scheme's `TARGETED_DEVICE_FAMILY` allows on `platform`, in order of
    /// preference: iPhone before iPad when both are allowed or nothing is said; only iPad for `2`.
    /// Empty for other platforms (any device of theirs will do).
    static func families(for platform: XcodePlatform, targeted: [Int]) -> [String] {
        guard platform == .iOS else { return [] }
        let wanted = targeted.filter { $0 == 1 || $0 == 2 }
        if wanted == [2] { return ["iPad"] }
        if wanted == [1] { return ["iPhone"] }
        return ["iPhone", "iPad"]
    }

    /// The simulator to test `reading`'s platform on.
    ///
    /// The runtime: the newest of that platform with a device of an allowed family, among those
    /// whose major version is not above the scheme's SDK's when that is known (a newer major
    /// belongs to a newer, often beta, Xcode installed beside this one — bitrise-io/go-xcode#203,
    /// which found newer minors of the same major to work); when only newer ones exist, those; a
    /// release runtime before a beta of the same version. In it: a booted device of the first
    /// allowed family (ready now), else the first of that family in simctl's order, then the
    /// same for the next family. `nil` when the platform has no available device of an allowed
    /// family.
    func choose(for reading: XcodePlatform.Reading) -> (device: Device, runtime: Runtime)? {
        let families = Self.families(for: reading.platform, targeted: reading.deviceFamilies)
        func allowed(_ device: Device) -> Bool { families.isEmpty || families.contains(device.family) }
        let candidates = runtimes.filter {
            reading.platform.runtimeNames.contains($0.platformName) && $0.devices.contains(where: allowed)
        }
        let released = reading.sdkVersion?.first.map { major in
            candidates.filter { ($0.version.first ?? 0) <= major }
        }
        let pool = released.flatMap { $0.isEmpty ? nil : $0 } ?? candidates
        guard
            let runtime = pool.max(by: {
                $0.version != $1.version ? $0.version.lexicographicallyPrecedes($1.version) : $0.isBeta && !$1.isBeta
            })
        else { return nil }
        let order: [String?] = families.isEmpty ? [nil] : families.map { $0 }
        for family in order {
            let devices = runtime.devices.filter { family == nil || $0.family == family }
            if let device = devices.first(where: { $0.state == "Booted" }) ?? devices.first {
                return (device, runtime)
            }
        }
        return nil
    }
}
