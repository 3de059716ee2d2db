import PreflightCore

/// Reads an Xcode string catalog (`.xcstrings`, JSON; versions 1.0, 1.1, 1.3 and later read alike:
/// unknown fields are ignored, unknown states kept).
enum XCStringsReader {
    static func read(bytes: [UInt8], path: String, table: String) throws(CatalogReadError) -> ParsedCatalogFile {
        guard TextDecoding.isValidUTF8(bytes) else { throw .undecodable(path: path, encoding: "UTF-8") }
        var scanner = JSONScanner(bytes: bytes)
        let root: JSONNode
        do {
            root = try scanner.parse()
        } catch {
            throw .syntax(SourceLocation(path: path, line: error.line, column: error.column), message: error.message)
        }
        func location(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column)
        }
        guard root.members != nil else {
            throw .invalidStructure(location(root.line, root.column), message: "the top level is not a JSON object")
        }
        guard let source = root.member("sourceLanguage"), let sourceLanguage = source.value.string else {
            throw .invalidStructure(location(root.line, root.column), message: "no \"sourceLanguage\" string")
        }
        guard let strings = root.member("strings"), let members = strings.value.members else {
            throw .invalidStructure(location(root.line, root.column), message: "no \"strings\" object")
        }
        let reader = Reader(path: path, table: table)
        var languages: Set<String> = [sourceLanguage]
        var entries: [CatalogEntry] = []
        entries.reserveCapacity(members.count)
        for member in members {
            let entry = reader.entry(member)
            languages.formUnion(entry.localizations.keys)
            entries.append(entry)
        }
        return ParsedCatalogFile(
            path: path, format: .xcstrings, table: table, sourceLanguage: sourceLanguage, languages: languages,
            entries: entries, duplicates: [])
    }

    private struct Reader {
        var path: String
        var table: String

        func location(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column)
        }

        func location(of member: JSONNode.Member) -> SourceLocation { location(member.line, member.column) }

        func entry(_ member: JSONNode.Member) -> CatalogEntry {
            let body = member.value
            var localizations: [String: CatalogLocalization] = [:]
            for language in body.member("localizations")?.value.members ?? [] {
                localizations[language.key] = localization(language)
            }
            return CatalogEntry(
                key: member.key, table: table, comment: body.member("comment")?.value.string,
                extractionState: body.member("extractionState")?.value.string.map(ExtractionState.init(rawValue:)),
                shouldTranslate: body.member("shouldTranslate")?.value.bool ?? true, localizations: localizations,
                locations: [location(of: member)])
        }

        func localization(_ member: JSONNode.Member) -> CatalogLocalization {
            let substitutions = (member.value.member("substitutions")?.value.members ?? []).map(substitution)
            return CatalogLocalization(
                language: member.key, content: content(member.value), substitutions: substitutions,
                location: location(of: member), format: .xcstrings)
        }

        /// `{stringUnit: …}` or `{variations: {plural|device|…: {category: content}}}`.
        func content(_ node: JSONNode) -> LocalizedContent? {
            if let variations = node.member("variations"), let kinds = variations.value.members, let first = kinds.first
            {
                return .variations(self.variations(first))
            }
            if let unit = node.member("stringUnit") {
                return .unit(
                    CatalogUnit(
                        value: unit.value.member("value")?.value.string ?? "",
                        state: unit.value.member("state")?.value.string.map(TranslationState.init(rawValue:)),
                        location: location(of: unit)))
            }
            if let set = node.member("stringSet") {
                // App Shortcuts phrases: several values with one state.
                let state = set.value.member("state")?.value.string.map(TranslationState.init(rawValue:))
                guard case .array(let values) = set.value.member("values")?.value.value else { return nil }
                let forms = values.enumerated().map { offset, value in
                    let unit = CatalogUnit(
                        value: value.string ?? "", state: state, location: location(value.line, value.column))
                    return CatalogVariationForm(category: String(offset), content: .unit(unit))
                }
                return .variations(CatalogVariations(kind: .stringSet, forms: forms, location: location(of: set)))
            }
            return nil
        }

        func variations(_ kind: JSONNode.Member) -> CatalogVariations {
            let forms = (kind.value.members ?? []).compactMap { category -> CatalogVariationForm? in
                content(category.value).map { CatalogVariationForm(category: category.key, content: $0) }
            }
            return CatalogVariations(
                kind: VariationKind(rawValue: kind.key), forms: forms, location: location(of: kind))
        }

        func substitution(_ member: JSONNode.Member) -> CatalogSubstitution {
            let body = member.value
            let kinds = body.member("variations")?.value.members ?? []
            return CatalogSubstitution(
                name: member.key, argumentNumber: body.member("argNum")?.value.int,
                formatSpecifier: body.member("formatSpecifier")?.value.string,
                variations: (kinds.first { $0.key == "plural" } ?? kinds.first).map(variations),
                location: location(of: member))
        }
    }
}
