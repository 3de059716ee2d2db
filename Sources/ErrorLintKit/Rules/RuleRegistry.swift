/// Every errorlint rule, in the order `--help` and the docs list them.
public enum RuleRegistry {
    public static let all: [any ErrorLintRule.Type] =
        [
            MissingErrorDescriptionRule.self,
            WrongMemberSignatureRule.self,
            MissingMemberRule.self,
            UncoveredCaseRule.self,
            UnlocalizedTextRule.self,
        ] + catalogRules

    /// The rules that read string catalogs.
    public static let catalogRules: [any ErrorLintRule.Type] = [
        MissingKeyRule.self,
        UntranslatedRule.self,
        FormatMismatchRule.self,
        PluralCategoriesRule.self,
        DuplicateKeyRule.self,
    ]

    /// The rule with `id`, if there is one.
    public static func rule(withID id: String) -> (any ErrorLintRule.Type)? {
        all.first { $0.description.id == id }
    }
}
