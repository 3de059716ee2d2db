import Foundation
import PreflightCore

/// The targets a shared scheme (`xcshareddata/xcschemes/*.xcscheme`) builds: its build action's
/// buildable references, each naming a target (`BlueprintIdentifier`) and its container
/// (`ReferencedContainer`, `container:App.xcodeproj` or, for a package, `container:..`).
struct XcodeScheme: Sendable, Equatable {
    struct Reference: Sendable, Equatable {
        var blueprint: String
        var name: String
        /// The container's path as the scheme gives it, without `container:`.
        var container: String
    }

    var name: String
    var builds: [Reference]
    /// The test action's testables not marked `skipped = "YES"`.
    var testables: [Reference] = []
    /// The test action's test plans (`container:UnitTests/UnitTests.xctestplan`, without
    /// `container:`), the default one first.
    var testPlans: [String] = []

    init(name: String, builds: [Reference]) {
        self.name = name
        self.builds = builds
    }

    /// Reads a scheme's text; Xcode writes each element's attributes as `Name = "value"`. Only the
    /// `<BuildAction>` element's references count (a test action may list more).
    init(name: String, text: String) {
        self.name = name
        var builds: [Reference] = []
        var remaining: Substring = ""
        if let start = text.range(of: "<BuildAction") {
            let rest = text[start.lowerBound...]
            remaining = rest.range(of: "</BuildAction>").map { rest[..<$0.lowerBound] } ?? rest
        }
        while let open = remaining.range(of: "<BuildableReference") {
            let element = remaining[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let attributes = Self.attributes(element[..<end])
            if let blueprint = attributes["BlueprintIdentifier"] {
                builds.append(
                    Reference(
                        blueprint: blueprint, name: attributes["BlueprintName"] ?? blueprint,
                        container: (attributes["ReferencedContainer"] ?? "").replacingOccurrences(
                            of: "container:", with: "")))
            }
            remaining = element[end...]
        }
        self.builds = builds
        guard let test = text.range(of: "<TestAction") else { return }
        var action = text[test.lowerBound...]
        action = action.range(of: "</TestAction>").map { action[..<$0.lowerBound] } ?? action
        var plans: [(reference: String, isDefault: Bool)] = []
        var rest = action
        while let open = rest.range(of: "<TestPlanReference") {
            let element = rest[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let attributes = Self.attributes(element[..<end])
            if let reference = attributes["reference"] {
                plans.append(
                    (reference.replacingOccurrences(of: "container:", with: ""), attributes["default"] == "YES"))
            }
            rest = element[end...]
        }
        testPlans = plans.filter(\.isDefault).map(\.reference) + plans.filter { !$0.isDefault }.map(\.reference)
        rest = action
        while let open = rest.range(of: "<TestableReference") {
            let element = rest[open.upperBound...]
            let close = element.range(of: "</TestableReference>")?.lowerBound ?? element.endIndex
            let end = element.firstIndex(of: ">") ?? element.endIndex
            let skipped = Self.attributes(element[..<end])["skipped"] == "YES"
            if !skipped, let reference = element[..<close].range(of: "<BuildableReference") {
                let inner = element[reference.upperBound..<close]
                let attributes = Self.attributes(inner[..<(inner.firstIndex(of: ">") ?? inner.endIndex)])
                if let blueprint = attributes["BlueprintIdentifier"] {
                    testables.append(
                        Reference(
                            blueprint: blueprint, name: attributes["BlueprintName"] ?? blueprint,
                            container: (attributes["ReferencedContainer"] ?? "").replacingOccurrences(
                                of: "container:", with: "")))
                }
            }
            rest = element[close...]
        }
    }

    /// `Name = "value"` pairs, with XML's entities for quotes, ampersands and angle brackets.
    static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            let afterEquals = rest[rest.index(after: equals)...]
            guard let open = afterEquals.firstIndex(of: "\"") else { break }
            let valueStart = afterEquals.index(after: open)
            guard let close = afterEquals[valueStart...].firstIndex(of: "\"") else { break }
            result[name] = String(afterEquals[valueStart..<close])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return result
    }
}

/// The `FileRef` locations of a workspace's `contents.xcworkspacedata`, as repository paths
/// (`group:` and `container:` locations are relative to the folder holding the workspace; an
/// `absolute:` one is nothing of the repository).
enum XcodeWorkspaceFile {
    static func references(text: String, workspaceFolder: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "<FileRef") {
            let element = rest[open.upperBound...]
            let end = element.firstIndex(of: ">") ?? element.endIndex
            if let location = XcodeScheme.attributes(element[..<end])["location"] {
                for prefix in ["group:", "container:"] where location.hasPrefix(prefix) {
                    found.append(
                        RepositoryPath.normalized(
                            XcodeProjectFile.joined(workspaceFolder, String(location.dropFirst(prefix.count)))))
                }
            }
            rest = element[end...]
        }
        return found
    }
}
