import Foundation

/// The test targets an `.xctestplan` runs: its `testTargets`, each with its container
/// (`container:App.xcodeproj`, or `container:Packages/Core` for a package's test target, relative
/// to the folder holding the plan's container) and whether it is enabled.
struct XcodeTestPlan: Sendable, Equatable {
    struct Target: Sendable, Equatable {
        var name: String
        /// The container's path as the plan gives it, without `container:` (`""`: the package or
        /// project whose plan it is).
        var container: String
        var identifier: String
    }

    /// The enabled test targets, in the plan's order.
    var targets: [Target]

    /// Reads an `.xctestplan` (JSON); `nil` for other text.
    init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["testTargets"] as? [[String: Any]]
        else { return nil }
        targets = entries.compactMap { entry in
            guard entry["enabled"] as? Bool != false, let target = entry["target"] as? [String: Any],
                let name = target["name"] as? String
            else { return nil }
            let container = (target["containerPath"] as? String ?? "").replacingOccurrences(
                of: "container:", with: "")
            return Target(name: name, container: container, identifier: target["identifier"] as? String ?? name)
        }
    }
}
