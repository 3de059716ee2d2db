/// Every errorlint rule, in the order `--help` and the docs list them.
package enum RuleRegistry {
    package static let all: [any ErrorLintRule.Type] =
        [
            MissingErrorDescriptionRule.self,
            WrongMemberSignatureRule.self,
            MissingMemberRule.self,
            UncoveredCaseRule.self,
            UnlocalizedTextRule.self,
        ] + catalogRules

    /// The rules that read string catalogs.
    package static let catalogRules: [any ErrorLintRule.Type] = [
        MissingKeyRule.self,
        UntranslatedRule.self,
        FormatMismatchRule.self,
        PluralCategoriesRule.self,
        DuplicateKeyRule.self,
    ]

    /// The rule with `id`, if there is one.
    package static func rule(withID id: String) -> (any ErrorLintRule.Type)? {
        all.first { $0.description.id == id }
    }
}
