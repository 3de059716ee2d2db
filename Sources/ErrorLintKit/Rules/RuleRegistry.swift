import ErrorLintSettings

/// Every errorlint rule, in the order `--help` and the docs list them (``ErrorLintRuleID``'s).
package enum RuleRegistry {
    package static let all: [any ErrorLintRule.Type] = ErrorLintRuleID.allCases.map(rule(for:))

    /// The rules that read string catalogs.
    static let catalogRules: [any ErrorLintRule.Type] = [
        MissingKeyRule.self,
        UntranslatedRule.self,
        FormatMismatchRule.self,
        PluralCategoriesRule.self,
        DuplicateKeyRule.self,
        UnusedKeyRule.self,
        TranslationCoverageRule.self,
    ]

    /// The rule with `id`, if there is one.
    static func rule(withID id: String) -> (any ErrorLintRule.Type)? {
        ErrorLintRuleID(rawValue: id).map(rule(for:))
    }

    /// The rule of `id`: every id has one (the switch is exhaustive).
    static func rule(for id: ErrorLintRuleID) -> any ErrorLintRule.Type {
        switch id {
        case .missingErrorDescription: MissingErrorDescriptionRule.self
        case .wrongMemberSignature: WrongMemberSignatureRule.self
        case .missingMember: MissingMemberRule.self
        case .uncoveredCase: UncoveredCaseRule.self
        case .unlocalizedText: UnlocalizedTextRule.self
        case .missingKey: MissingKeyRule.self
        case .untranslated: UntranslatedRule.self
        case .formatMismatch: FormatMismatchRule.self
        case .pluralCategories: PluralCategoriesRule.self
        case .duplicateKey: DuplicateKeyRule.self
        case .unusedKey: UnusedKeyRule.self
        case .translationCoverage: TranslationCoverageRule.self
        }
    }
}
