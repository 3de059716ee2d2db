import ErrorLintSettings
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
    /// The rule's id, default severity and catalog behaviour (``ErrorLintRuleID``).
    var rule: ErrorLintRuleID
    package var summary: String
    /// Sources (and catalogs) that must trigger the rule.
    var triggeringExamples: [RuleExample]
    /// Sources that must not.
    var nonTriggeringExamples: [RuleExample]

    /// Printed at the end of each finding as ` [id]`.
    package var id: String { rule.rawValue }
    package var defaultSeverity: Severity { rule.defaultSeverity }
    /// `true` for a rule that is off by default in a package without string catalogs.
    var isOffWithoutCatalogs: Bool { rule.isOffWithoutCatalogs }

    /// The descriptor renderers print (SARIF `rules`).
    var descriptor: RuleDescriptor {
        RuleDescriptor(id: id, summary: summary, defaultSeverity: defaultSeverity)
    }
}

/// A small project for a rule's examples: file paths (relative) and their contents.
struct RuleExample: Sendable, Hashable {
    var files: [String: String]
    /// The members the example's run requires besides `errorDescription` (`--require`); the
    /// default's (none) when `nil`.
    var requiredMembers: Set<ErrorMember>?
    /// Run with `--whole-catalog` (and `--min-translated` when given).
    var wholeCatalog = false
    var minimumTranslated: Double?

    /// One Swift file, `Sources/App/Errors.swift`.
    init(_ swift: String, requiring requiredMembers: Set<ErrorMember>? = nil) {
        self.files = ["Sources/App/Errors.swift": swift]
        self.requiredMembers = requiredMembers
    }

    init(files: [String: String], requiring requiredMembers: Set<ErrorMember>? = nil) {
        self.files = files
        self.requiredMembers = requiredMembers
    }

    /// A `--whole-catalog` run's example.
    init(wholeCatalog files: [String: String], minimumTranslated: Double? = nil) {
        self.files = files
        self.wholeCatalog = true
        self.minimumTranslated = minimumTranslated
    }
}

/// One finding of a rule, before the run gives it its configured severity.
package struct RuleFinding: Sendable, Hashable {
    var location: SourceLocation
    var message: String
    /// Other places the finding is about: the Swift line that uses a key a catalog finding is at.
    var related: [SourceLocation] = []
}

/// Everything the rules look at.
package struct RuleContext: Sendable {
    /// Every `LocalizedError` type, and the `Error`-only types that declare `localizedDescription`.
    var errorTypes: [LocalizedErrorType]
    /// Members besides `errorDescription` that every error type must implement.
    var requiredMembers: Set<ErrorMember>
    /// The string catalogs read, when any were found.
    var catalogs: CatalogContext?
    /// The catalogs of the app containing the package checked, for its main-bundle lookups
    /// (``ErrorLintAnalysis/mainBundleCatalogs``).
    var mainBundleCatalogs: CatalogContext?

    /// The catalog checks' findings for every key the error types use, by kind: computed once
    /// here for the five catalog rules that each report one kind.
    var keyFindingsByKind: [CatalogFindingKind: [RuleFinding]] = [:]
    /// What `--whole-catalog` found (``WholeCatalog``); `nil` without it.
    var wholeCatalog: WholeCatalog?
    /// `--min-translated`.
    var minimumTranslated: Double?

    init(
        errorTypes: [LocalizedErrorType], requiredMembers: Set<ErrorMember>, catalogs: CatalogContext?,
        mainBundleCatalogs: CatalogContext? = nil, wholeCatalog: WholeCatalog? = nil, minimumTranslated: Double? = nil
    ) {
        self.wholeCatalog = wholeCatalog
        self.minimumTranslated = minimumTranslated
        self.errorTypes = errorTypes
        self.requiredMembers = requiredMembers
        self.catalogs = catalogs
        self.mainBundleCatalogs = mainBundleCatalogs
        self.keyFindingsByKind = checkKeys()
    }

    /// The catalogs `reference` is looked up in.
    func catalogs(for reference: LocalizedStringReference) -> CatalogContext? {
        CatalogContext.lookingUp(reference, own: catalogs, mainBundle: mainBundleCatalogs)
    }

    /// The `LocalizedError` types only.
    var localizedErrorTypes: [LocalizedErrorType] { errorTypes.filter(\.isLocalizedError) }

    /// The members whose text users read: `errorDescription`, `failureReason` and
    /// `recoverySuggestion` (never `helpAnchor`, an anchor name). A member's text is checked
    /// (localized, its keys in the catalogs) wherever the type implements it, required or not.
    var textMembers: [ErrorMember] { [.errorDescription, .failureReason, .recoverySuggestion] }

    /// The members that must give text for every case: `errorDescription` and the required text
    /// members (an optional member may well have nothing to say for some cases).
    var coveredMembers: [ErrorMember] {
        textMembers.filter { $0 == .errorDescription || requiredMembers.contains($0) }
    }
}

extension ErrorCase {
    /// `.name` for an enum case, the type's name for a struct or class.
    func displayName(in type: LocalizedErrorType) -> String {
        type.kind == .enum ? ".\(name)" : name
    }
}
