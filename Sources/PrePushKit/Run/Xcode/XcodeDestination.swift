import Foundation

/// Where xcodebuild runs the tests: the configured `-destination`, else one inferred from the scheme.
///
/// Inference asks the system, on every platform alike: `xcodebuild -showBuildSettings -json` tells
/// the scheme's platform (``XcodePlatform/read(buildSettingsJSON:scheme:)``); macOS is
/// `platform=macOS`, and iOS, tvOS, watchOS and visionOS get a simulator of the newest runtime
/// from `xcrun simctl list --json` (``SimulatorList/choose(for:)``), named by
/// its UDID, `platform=iOS Simulator,id=UDID`: exact even when two simulators share a name.
struct XcodeDestination: Sendable, Equatable {
    /// The `-destination` value.
    var specifier: String
    /// Why this one, for the line the check prints; `nil` when it was configured.
    var reason: String?

    init(specifier: String, reason: String?) {
        self.specifier = specifier
        self.reason = reason
    }

    /// `prepush: destination …: why`, or `nil` for a configured destination.
    var line: String? {
        reason.map { "prepush: destination \(specifier): \($0)\n" }
    }

    /// The destination for a scheme of `reading`'s platform; `simulators` is asked only for a
    /// simulator platform.
    static func infer(
        scheme: String, reading: XcodePlatform.Reading, simulators: () async throws -> SimulatorList
    ) async throws -> XcodeDestination {
        let platform = reading.platform
        let because =
            reading.evidence.hasPrefix("Package.swift")
            ? "the package is for \(platform.rawValue) (\(reading.evidence))"
            : "the scheme \(scheme) builds for \(platform.rawValue) (\(reading.evidence))"
        guard platform.usesSimulator else {
            return XcodeDestination(specifier: "platform=macOS", reason: because)
        }
        let list = try await simulators()
        let families = SimulatorList.families(for: platform, targeted: reading.deviceFamilies)
        let onlyFamily = families.count == 1 ? families[0] : nil
        guard let (device, runtime) = list.choose(for: reading) else {
            throw XcodeBackendError.noSimulator(
                platform: platform.rawValue, runtimes: list.runtimes.map { "\($0.platformName) \($0.versionText)" },
                family: onlyFamily)
        }
        var why = "\(device.name) (\(platform.rawValue) \(runtime.versionText)\(runtime.isBeta ? " beta" : "")), "
        why += "the newest \(onlyFamily ?? platform.rawValue) simulator"
        var unlimited = reading
        unlimited.sdkVersion = nil
        if let sdk = reading.sdkVersion, let newest = list.choose(for: unlimited)?.runtime, newest != runtime {
            why += " of a runtime this Xcode was released with (SDK \(sdk.map(String.init).joined(separator: ".")); "
            why += "\(newest.platformName) \(newest.versionText) is newer)"
        }
        why += ", because \(because)"
        if let onlyFamily {
            why +=
                " on \(onlyFamily) only (TARGETED_DEVICE_FAMILY \(reading.deviceFamilies.map(String.init).joined(separator: ",")))"
        }
        return XcodeDestination(specifier: "platform=\(platform.destinationPlatform),id=\(device.udid)", reason: why)
    }

    /// The plan's destination: as configured, or inferred by running `xcodebuild -showBuildSettings`
    /// and, for a simulator platform, `simctl` through `capture` (argv in, standard output out).
    static func resolve(
        _ plan: XcodeBuildPlan, capture: @Sendable ([String]) async throws -> Data
    ) async throws -> XcodeDestination {
        if let configured = plan.destination { return XcodeDestination(specifier: configured, reason: nil) }
        let reading: XcodePlatform.Reading
        if let known = plan.platform {
            reading = known
        } else {
            reading = try XcodePlatform.read(
                buildSettingsJSON: try await capture(plan.showBuildSettings), scheme: plan.scheme)
        }
        return try await infer(scheme: plan.scheme, reading: reading) {
            try SimulatorList.parse(try await capture(XcodeBuildPlan.availableSimulators))
        }
    }
}

/// Resolves a check's destination (and a package's scheme) once, on first use, for both
/// xcodebuild steps: the build step asks first (and prints why), the test step gets the same
/// answer.
actor XcodeDestinationResolver {
    private var plan: XcodeBuildPlan
    private var resolved: XcodeDestination?

    init(plan: XcodeBuildPlan) {
        self.plan = plan
    }

    /// The plan with its scheme, the destination, and whether this call resolved it (so its line
    /// is printed once).
    func destination(
        in context: StepContext
    ) async throws -> (
        plan: XcodeBuildPlan, destination: XcodeDestination, isNew: Bool
    ) {
        if let resolved { return (plan, resolved, false) }
        if let name = plan.packageName {
            plan.scheme = try XcodePackageScheme.choose(
                listJSON: try await XcodeTools.capture(XcodeBuildPlan.listSchemes, in: context), packageName: name)
        }
        let destination = try await XcodeDestination.resolve(plan) { argv in
            try await XcodeTools.capture(argv, in: context)
        }
        resolved = destination
        return (plan, destination, true)
    }
}
