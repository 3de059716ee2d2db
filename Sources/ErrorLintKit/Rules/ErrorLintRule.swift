import PreflightCore
import StringCatalogKit

/// One check of errorlint. Each rule lives in a file of its own with its description and
/// examples; the examples double as tests (every triggering example must trigger the rule, no
/// other example may).
public protocol ErrorLintRule: Sendable {
    /// The rule's id, summary, default severity and examples.
    static var description: RuleDescription { get }

    init()

    /// The rule's findings in everything one run read.
    func findings(in context: RuleContext) -> [RuleFinding]
}

/// What a rule is, for `--help`, SARIF and docs.
public struct RuleDescription: Sendable {
    /// Printed at the end of each finding as ` [id]`.
    public var id: String
    public var summary: String
    public var defaultSeverity: Severity
    /// Sources (and catalogs) that must trigger the rule.
    public var triggeringExamples: [RuleExample]
    /// Sources that must not.
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, summary: String, defaultSeverity: Severity, triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// The descriptor renderers print (SARIF `rules`).
    public var descriptor: RuleDescriptor {
        RuleDescriptor(id: id, summary: summary, defaultSeverity: defaultSeverity)
    }
}

/// A small project for a rule's examples: file paths (relative) and their contents.
public struct RuleExample: Sendable, Hashable {
    public var files: [String: String]

    /// One Swift file, `Sources/App/Errors.swift`.
    public init(_ swift: String) {
        self.files = ["Sources/App/Errors.swift": swift]
    }

    public init(files: [String: String]) {
        self.files = files
    }
}

/// One finding of a rule, before the run gives it its configured severity.
public struct RuleFinding: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

/// Everything the rules look at.
public struct RuleContext: Sendable {
    /// Every `LocalizedError` type, and the `Error`-only types that declare `localizedDescription`.
    public var errorTypes: [LocalizedErrorType]
    /// Members besides `errorDescription` that every error type must implement.
    public var requiredMembers: Set<ErrorMember>
    /// The string catalogs read, when any were found.
    public var catalogs: CatalogContext?

    /// The catalog checks' findings for every key the error types use, by kind: computed once
    /// here for the five catalog rules that each report one kind.
    var keyFindingsByKind: [CatalogFindingKind: [RuleFinding]] = [:]

    public init(errorTypes: [LocalizedErrorType], requiredMembers: Set<ErrorMember>, catalogs: CatalogContext?) {
        self.errorTypes = errorTypes
        self.requiredMembers = requiredMembers
        self.catalogs = catalogs
        self.keyFindingsByKind = checkKeys()
    }

    /// The `LocalizedError` types only.
    public var localizedErrorTypes: [LocalizedErrorType] { errorTypes.filter(\.isLocalizedError) }

    /// The members whose text users read: `errorDescription` and the required ones (never
    /// `helpAnchor`, which is an anchor name, not text).
    public var textMembers: [ErrorMember] {
        ErrorMember.allCases.filter { $0 == .errorDescription || ($0 != .helpAnchor && requiredMembers.contains($0)) }
    }
}

extension ErrorCase {
    /// `.name` for an enum case, the type's name for a struct or class.
    func displayName(in type: LocalizedErrorType) -> String {
        type.kind == .enum ? ".\(name)" : name
    }
}
