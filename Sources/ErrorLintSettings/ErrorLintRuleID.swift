import PreflightCore

/// Every errorlint rule by id, with what its settings need: its default severity, and whether it is
/// off in a package without string catalogs. The rules themselves (ErrorLintKit's `RuleRegistry`)
/// are built on swift-syntax; their ids live here so that prepush, which is not, checks an
/// `errorlint` section of `.preflight.json` the same way errorlint does.
package enum ErrorLintRuleID: String, Sendable, Hashable, CaseIterable {
    case missingErrorDescription = "missing-error-description"
    case wrongMemberSignature = "wrong-member-signature"
    case missingMember = "missing-member"
    case uncoveredCase = "uncovered-case"
    case unlocalizedText = "unlocalized-text"
    case missingKey = "missing-key"
    case untranslated
    case formatMismatch = "format-mismatch"
    case pluralCategories = "plural-categories"
    case duplicateKey = "duplicate-key"
    case unusedKey = "unused-key"
    case translationCoverage = "translation-coverage"

    /// The severity the rule reports with unless a setting says otherwise.
    package var defaultSeverity: Severity {
        switch self {
        case .missingErrorDescription, .wrongMemberSignature, .missingKey, .formatMismatch, .translationCoverage:
            .error
        case .missingMember, .uncoveredCase, .unlocalizedText, .untranslated, .pluralCategories, .duplicateKey,
            .unusedKey:
            .warning
        }
    }

    /// `true` for a rule that is off by default in a package without string catalogs, which is
    /// evidently not localized (`unlocalized-text`); `--rule` or the configuration turns it on.
    package var isOffWithoutCatalogs: Bool { self == .unlocalizedText }
}
