import PreflightCore
import StringCatalogKit

/// One check of errorlint. Each rule lives in a file of its own with its description and
/// examples; the examples double as tests (every triggering example must trigger the rule, no
/// other example may).
package protocol ErrorLintRule: Sendable {
    /// The rule's id, summary, default severity and examples.
    static var description: RuleDescription { get }

    init()

    /// The rule's findings in everything one run read.
    func findings(in context: RuleContext) -> [RuleFinding]
}

/// What a rule is, for `--help`, SARIF and docs.
package struct RuleDescription: Sendable {
    /// Printed at the end of each finding as ` [id]`.
    package var id: String
    package var summary: String
    package var defaultSeverity: Severity
    /// `true` for a rule that is off by default in a package without string catalogs, which is
    /// evidently not localized (`unlocalized-text`); `--rule` or the configuration turns it on.
    package var isOffWithoutCatalogs: Bool
    /// Sources (and catalogs) that must trigger the rule.
    package var triggeringExamples: [RuleExample]
    /// Sources that must not.
    package var nonTriggeringExamples: [RuleExample]

    package init(
        id: String, summary: String, defaultSeverity: Severity, isOffWithoutCatalogs: Bool = false,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.isOffWithoutCatalogs = isOffWithoutCatalogs
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// The descriptor renderers print (SARIF `rules`).
    package var descriptor: RuleDescriptor {
        RuleDescriptor(id: id, summary: summary, defaultSeverity: defaultSeverity)
    }
}

/// A small project for a rule's examples: file paths (relative) and their contents.
package struct RuleExample: Sendable, Hashable {
    package var files: [String: String]

    /// One Swift file, `Sources/App/Errors.swift`.
    package init(_ swift: String) {
        self.files = ["Sources/App/Errors.swift": swift]
    }

    package init(files: [String: String]) {
        self.files = files
    }
}

/// One finding of a rule, before the run gives it its configured severity.
package struct RuleFinding: Sendable, Hashable {
    package var location: SourceLocation
    package var message: String
    /// Other places the finding is about: the Swift line that uses a key a catalog finding is at.
    package var related: [SourceLocation] = []

    package init(location: SourceLocation, message: String, related: [SourceLocation] = []) {
        self.location = location
        self.message = message
        self.related = related
    }
}

/// Everything the rules look at.
package struct RuleContext: Sendable {
    /// Every `LocalizedError` type, and the `Error`-only types that declare `localizedDescription`.
    package var errorTypes: [LocalizedErrorType]
    /// Members besides `errorDescription` that every error type must implement.
    package var requiredMembers: Set<ErrorMember>
    /// The string catalogs read, when any were found.
    package var catalogs: CatalogContext?

    /// The catalog checks' findings for every key the error types use, by kind: computed once
    /// here for the five catalog rules that each report one kind.
    var keyFindingsByKind: [CatalogFindingKind: [RuleFinding]] = [:]

    package init(errorTypes: [LocalizedErrorType], requiredMembers: Set<ErrorMember>, catalogs: CatalogContext?) {
        self.errorTypes = errorTypes
        self.requiredMembers = requiredMembers
        self.catalogs = catalogs
        self.keyFindingsByKind = checkKeys()
    }

    /// The `LocalizedError` types only.
    package var localizedErrorTypes: [LocalizedErrorType] { errorTypes.filter(\.isLocalizedError) }

    /// The members whose text users read: `errorDescription` and the required ones (never
    /// `helpAnchor`, which is an anchor name, not text).
    package var textMembers: [ErrorMember] {
        ErrorMember.allCases.filter { $0 == .errorDescription || ($0 != .helpAnchor && requiredMembers.contains($0)) }
    }
}

extension ErrorCase {
    /// `.name` for an enum case, the type's name for a struct or class.
    func displayName(in type: LocalizedErrorType) -> String {
        type.kind == .enum ? ".\(name)" : name
    }
}
