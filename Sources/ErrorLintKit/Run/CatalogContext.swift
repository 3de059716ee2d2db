import PreflightCore
import StringCatalogKit

/// The string catalogs one run read, the languages every key needs, and the checks of the keys
/// the error types use.
struct CatalogContext: Sendable {
    var catalogs: CatalogSet
    /// Every language present in the catalogs, or those given with `--languages`.
    var languages: [String]
    private var checker: CatalogChecker

    init(catalogs: CatalogSet, languages: [String]) {
        self.catalogs = catalogs
        self.checker = CatalogChecker(catalogs: catalogs, languages: languages.isEmpty ? nil : languages)
        self.languages = checker.languages
    }

    /// Reads `files`; `nil` context when there are none. Unreadable files come back as problems
    /// named `path:line:column` with the reason.
    static func load(
        files: [String], languages: [String], maximumFileSize: Int, source: ContentSource = .workTree
    ) -> (context: CatalogContext?, problems: [DiscoveryProblem], skipped: [SkippedFile]) {
        guard !files.isEmpty else { return (nil, [], []) }
        let loaded = CatalogLoader.load(files, maximumFileSize: maximumFileSize, source: source)
        var problems: [DiscoveryProblem] = []
        var skipped: [SkippedFile] = []
        for problem in loaded.problems {
            if case .tooLarge(let path, let size) = problem {
                skipped.append(SkippedFile(path: path, size: size))
                continue
            }
            let location = problem.location
            problems.append(
                DiscoveryProblem(path: "\(location.path):\(location.line):\(location.column)", reason: problem.message))
        }
        return (CatalogContext(catalogs: loaded.catalogs, languages: languages), problems, skipped)
    }

    /// The catalogs `reference` is looked up in: the app's (`mainBundle`) for a main-bundle lookup
    /// when the package is an app's, else those read with the package (`own`).
    static func lookingUp(
        _ reference: LocalizedStringReference, own: CatalogContext?, mainBundle: CatalogContext?
    ) -> CatalogContext? {
        reference.looksUpMainBundle ? mainBundle ?? own : own
    }

    /// The catalog key a reference stands for. `String(localized: "Hi \(name)")` has `Hi %@` in
    /// the source, while the catalog's key has the specifier of the interpolated type (`%lld` for
    /// an `Int`); such a key matches a catalog key that differs only in its specifiers.
    func catalogKey(for reference: LocalizedStringReference) -> String? {
        guard let key = reference.key else { return nil }
        guard reference.keyHasInterpolations, catalogs.entry(key: key, table: reference.tableName) == nil,
            let table = catalogs.tables[reference.tableName]
        else { return key }
        let wanted = Self.specifiersNormalized(key)
        // The least matching key, so the choice is stable; no sort of the whole table per lookup.
        return table.entries.keys.filter { Self.specifiersNormalized($0) == wanted }.min() ?? key
    }

    /// `key` with every format specifier replaced by `%@`.
    static func specifiersNormalized(_ key: String) -> String {
        var result = ""
        var characters = key[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            // Flags, width, precision, length modifiers, then the conversion character.
            while let next = rest.first, "0123456789$#-+ .'hlqLzjt".contains(next) { rest = rest.dropFirst() }
            if let conversion = rest.first {
                result += conversion == "%" ? "%%" : "%@"
                rest = rest.dropFirst()
            }
            characters = rest
        }
        return result + characters
    }

    /// What `reference` says in each language, for the catalog page.
    func texts(for reference: LocalizedStringReference) -> [String: String] {
        guard let key = catalogKey(for: reference) else { return [:] }
        return catalogs.displayTexts(
            key: key, table: reference.tableName, languages: languages, defaultValue: reference.defaultValue)
    }

    /// The findings of the catalog checks for one used key.
    func findings(for reference: LocalizedStringReference) -> [CatalogFinding] {
        guard let key = catalogKey(for: reference) else { return [] }
        return checker.check(KeyUsage(key: key, table: reference.tableName, defaultValue: reference.defaultValue))
    }

    /// `duplicate-key` findings of every `.strings` file read.
    func duplicateKeyFindings() -> [CatalogFinding] {
        checker.duplicateKeyFindings()
    }
}
