@testable import StringCatalogKit

/// A JSON string unit.
func unit(_ value: String, _ state: String = "translated") -> String {
    #"{ "stringUnit" : { "state" : "\#(state)", "value" : "\#(value)" } }"#
}

/// A JSON plural variation from (category, value) pairs.
func plural(_ forms: [(String, String)]) -> String {
    let body = forms.map { #""\#($0.0)" : \#(unit($0.1))"# }.joined(separator: ", ")
    return #"{ "variations" : { "plural" : { \#(body) } } }"#
}

/// A JSON entry with localizations given as (language, JSON).
func entry(_ key: String, _ localizations: [(String, String)], extra: String = "") -> String {
    let body = localizations.map { #""\#($0.0)" : \#($0.1)"# }.joined(separator: ",\n        ")
    let fields =
        (extra.isEmpty ? [] : [extra])
        + (localizations.isEmpty ? [] : [#""localizations" : {\#n        \#(body)\#n      }"#])
    return #"    "\#(key)" : {\#n      \#(fields.joined(separator: ",\n      "))\#n    }"#
}

extension CatalogFixture {
    /// Loads one xcstrings catalog made of `entries` and returns a checker over it.
    func checker(
        xcstringsEntries entries: [String], table: String = "Localizable", languages: [String]? = nil
    ) throws -> CatalogChecker {
        let loaded = try loadOne("\(table).xcstrings", xcstrings(entries.joined(separator: ",\n")))
        precondition(loaded.problems.isEmpty, "\(loaded.problems)")
        return CatalogChecker(catalogs: loaded.catalogs, languages: languages)
    }

    /// Loads `.strings` files given as (relative path, text) and returns a checker over them.
    func checker(files: [(String, String)], languages: [String]? = nil) throws -> CatalogChecker {
        for (path, text) in files { try write(path, text) }
        let loaded = load(files.map(\.0))
        precondition(loaded.problems.isEmpty, "\(loaded.problems)")
        return CatalogChecker(catalogs: loaded.catalogs, languages: languages)
    }
}

extension [CatalogFinding] {
    func of(_ kind: CatalogFindingKind) -> [CatalogFinding] { filter { $0.kind == kind } }
}
