import Foundation
import PreflightCore

/// Reads a `.stringsdict` file: per key an `NSStringLocalizedFormatKey` (`%#@files@`) and per
/// variable its `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey` and forms; keys holding
/// `NSStringVariableWidthRuleType` or `NSStringDeviceSpecificRuleType` become width or device
/// variations.
enum StringsDictReader {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let widthRuleKey = "NSStringVariableWidthRuleType"
    static let deviceRuleKey = "NSStringDeviceSpecificRuleType"
    static let pluralRuleType = "NSStringPluralRuleType"

    static func read(
        data: Data, path: String, table: String, language: String
    ) throws(CatalogReadError)
        -> ParsedCatalogFile
    {
        let root: PropertyListNode
        do {
            root = try PropertyListNode.parse(data)
        } catch {
            throw .syntax(SourceLocation(path: path, line: error.line, column: error.column), message: error.message)
        }
        func location(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(path: path, line: line, column: column)
        }
        guard root.kind == .dictionary else {
            throw .invalidStructure(location(root.line, root.column), message: "the top level is not a <dict>")
        }
        var entries: [CatalogEntry] = []
        for member in root.members {
            let keyLocation = location(member.line, member.column)
            let body = member.value
            var content: LocalizedContent?
            var substitutions: [CatalogSubstitution] = []
            if let format = body.member(formatKey), let text = format.value.string {
                content = .unit(CatalogUnit(value: text, location: location(format.value.line, format.value.column)))
                for variable in body.members where variable.key != formatKey && variable.value.kind == .dictionary {
                    let spec = variable.value.member(specTypeKey)?.value.string ?? pluralRuleType
                    let forms = variable.value.members.compactMap { form -> CatalogVariationForm? in
                        guard form.key != specTypeKey && form.key != valueTypeKey, let text = form.value.string else {
                            return nil
                        }
                        let unit = CatalogUnit(value: text, location: location(form.value.line, form.value.column))
                        return CatalogVariationForm(category: form.key, content: .unit(unit))
                    }
                    let kind = spec == pluralRuleType ? VariationKind.plural : VariationKind(rawValue: spec)
                    let variableLocation = location(variable.line, variable.column)
                    substitutions.append(
                        CatalogSubstitution(
                            name: variable.key, formatSpecifier: variable.value.member(valueTypeKey)?.value.string,
                            variations: CatalogVariations(kind: kind, forms: forms, location: variableLocation),
                            location: variableLocation))
                }
            } else if let rule = body.member(widthRuleKey) ?? body.member(deviceRuleKey) {
                let kind: VariationKind = rule.key == widthRuleKey ? .width : .device
                let forms = rule.value.members.compactMap { form -> CatalogVariationForm? in
                    guard let text = form.value.string else { return nil }
                    let unit = CatalogUnit(value: text, location: location(form.value.line, form.value.column))
                    return CatalogVariationForm(category: form.key, content: .unit(unit))
                }
                content = .variations(
                    CatalogVariations(kind: kind, forms: forms, location: location(rule.line, rule.column)))
            } else if let text = body.string {
                content = .unit(CatalogUnit(value: text, location: location(body.line, body.column)))
            }
            let localization = CatalogLocalization(
                language: language, content: content, substitutions: substitutions, location: keyLocation,
                format: .stringsdict)
            entries.append(
                CatalogEntry(
                    key: member.key, table: table, localizations: [language: localization], locations: [keyLocation]))
        }
        return ParsedCatalogFile(
            path: path, format: .stringsdict, table: table, sourceLanguage: nil, languages: [language],
            entries: entries, duplicates: [])
    }
}
