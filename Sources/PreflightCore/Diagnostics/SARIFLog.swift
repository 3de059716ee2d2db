/// The subset of the SARIF 2.1.0 object model Preflight writes. Optional properties that are `nil`
/// are left out of the output.
struct SARIFLog: Encodable {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    var schema = SARIFLog.schemaURI
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        /// How `startColumn` counts: always `utf16CodeUnits` here.
        var columnKind: String
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String?
        var semanticVersion: String?
        var informationUri: String?
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: SARIFArtifactLocation
        var region: Region
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}
