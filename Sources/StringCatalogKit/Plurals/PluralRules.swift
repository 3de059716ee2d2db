/// CLDR cardinal plural categories per language (CLDR 44), matched by primary subtag: `pt-BR` → pt,
/// `zh-Hans` → zh, `en_GB` → en.
///
/// ``requiredCategories(for:)`` is what a plural variation must have. It leaves out two kinds of
/// category that integer counts never reach or that fall back correctly to `other`:
/// - `many` in cs, sk and lt, used only for fractions (`1.5 souboru`);
/// - `many` in fr, es, it, pt and ca, used only for exact millions and beyond in compact notation
///   ("1 million de fichiers"); catalogs written before CLDR 38–42 lack it and `other` reads right.
///
/// `other` is always required; a language not in the table requires only `other`.
enum PluralRules {
    /// Every cardinal category the language uses, or `nil` when the table does not know it.
    static func categories(for language: String) -> [PluralCategory]? {
        table[primarySubtag(of: language)].map { $0.all }
    }

    /// The categories a plural variation in that language must have.
    static func requiredCategories(for language: String) -> [PluralCategory] {
        table[primarySubtag(of: language)]?.required ?? [.other]
    }

    /// The categories of `present` missing for `language`, in CLDR order.
    static func missingCategories(in present: some Sequence<String>, language: String) -> [PluralCategory] {
        let names = Set(present)
        return requiredCategories(for: language).filter { !names.contains($0.rawValue) }
    }

    /// `pt-BR` → `pt`, `zh_Hant_TW` → `zh`, `EN` → `en`.
    static func primarySubtag(of language: String) -> String {
        String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    private struct Rule {
        var all: [PluralCategory]
        var required: [PluralCategory]
    }

    private static let otherOnly = Rule(all: [.other], required: [.other])
    private static let oneOther = Rule(all: [.one, .other], required: [.one, .other])
    private static let oneFewManyOther = Rule(all: [.one, .few, .many, .other], required: [.one, .few, .many, .other])
    private static let oneFewOther = Rule(all: [.one, .few, .other], required: [.one, .few, .other])
    /// `many` only for fractions.
    private static let oneFewFractionalManyOther = Rule(
        all: [.one, .few, .many, .other], required: [.one, .few, .other])
    /// `many` only for millions in compact notation.
    private static let oneMillionsManyOther = Rule(all: [.one, .many, .other], required: [.one, .other])
    private static let all6 = Rule(
        all: PluralCategory.allCases, required: PluralCategory.allCases)

    private static let table: [String: Rule] = {
        var table: [String: Rule] = [:]
        for language in [
            "ja", "ko", "zh", "yue", "th", "vi", "id", "ms", "my", "km", "lo", "bo", "dz", "ig", "jv", "kea", "ses",
            "sg", "to", "wo", "yo",
        ] {
            table[language] = otherOnly
        }
        for language in [
            "en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "el", "hu", "tr", "bg", "gl", "af", "sq",
            "eu", "hi", "bn", "gu", "kn", "mr", "ta", "te", "ur", "fa", "sw", "zu", "xh", "is", "ka", "kk", "az",
            "uz", "ky", "hy", "fil", "tl", "ne", "ml", "pa", "as", "or", "si", "am", "mn", "ps", "so", "tk", "ug",
            "fy", "lb", "rm", "fo", "nso", "ast", "ckb", "ku", "ha", "om", "ti", "sd", "ln", "ak", "ff", "ee", "kl",
        ] {
            table[language] = oneOther
        }
        for language in ["fr", "es", "it", "pt", "ca"] { table[language] = oneMillionsManyOther }
        for language in ["pl", "ru", "uk", "be"] { table[language] = oneFewManyOther }
        for language in ["cs", "sk", "lt"] { table[language] = oneFewFractionalManyOther }
        for language in ["hr", "sr", "bs", "ro", "mo"] { table[language] = oneFewOther }
        table["ar"] = all6
        table["cy"] = all6
        table["ga"] = Rule(all: [.one, .two, .few, .many, .other], required: [.one, .two, .few, .many, .other])
        table["mt"] = Rule(all: [.one, .two, .few, .many, .other], required: [.one, .two, .few, .many, .other])
        table["he"] = Rule(all: [.one, .two, .other], required: [.one, .two, .other])
        table["iw"] = table["he"]
        table["sl"] = Rule(all: [.one, .two, .few, .other], required: [.one, .two, .few, .other])
        table["lv"] = Rule(all: [.zero, .one, .other], required: [.zero, .one, .other])
        table["gd"] = Rule(all: [.one, .two, .few, .other], required: [.one, .two, .few, .other])
        table["br"] = Rule(all: [.one, .two, .few, .many, .other], required: [.one, .two, .few, .many, .other])
        table["mk"] = oneOther
        table["ksh"] = Rule(all: [.zero, .one, .other], required: [.zero, .one, .other])
        return table
    }()
}
