import Foundation

/// How `errorlint catalog` prints the catalog.
package enum ErrorCatalogFormat: String, Sendable, CaseIterable {
    /// A page per error type with a table of cases, members and languages.
    case markdown
    /// One JSON document for scripts and translation tools.
    case json

    package func render(_ catalog: ErrorCatalog) -> String {
        switch self {
        case .markdown: MarkdownErrorCatalogRenderer().render(catalog)
        case .json: JSONErrorCatalogRenderer().render(catalog)
        }
    }
}

/// The catalog as Markdown: a section per error type, a row per case and member.
struct MarkdownErrorCatalogRenderer {
    func render(_ catalog: ErrorCatalog) -> String {
        let languages = catalog.languages.isEmpty ? [""] : catalog.languages
        var text = "# Error catalog\n\n"
        text += "\(catalog.errors.count) error types"
        text += catalog.languages.isEmpty ? ".\n" : " in \(catalog.languages.joined(separator: ", ")).\n"
        for error in catalog.errors {
            text += "\n## \(error.type)\n\n`\(error.location.path):\(error.location.line)`\n\n"
            let header = ["case", "member", "key"] + languages.map { $0.isEmpty ? "text" : $0 }
            text += "| " + header.joined(separator: " | ") + " |\n"
            text += "|" + String(repeating: " --- |", count: header.count) + "\n"
            for errorCase in error.cases {
                if errorCase.members.isEmpty {
                    text += "| \(cell(errorCase.name)) | — | |" + String(repeating: " |", count: languages.count) + "\n"
                }
                for member in errorCase.members {
                    var row = [errorCase.name, member.member.rawValue, member.key.map { "`\($0)`" } ?? ""]
                    for language in languages {
                        if member.kind == "none" {
                            row.append("—")
                        } else if let value = member.texts[language] {
                            row.append(value)
                        } else if let value = member.texts[""] {
                            row.append(member.kind == "localized" ? value : "\(value) (\(member.kind))")
                        } else {
                            row.append("**missing**")
                        }
                    }
                    text += "| " + row.map(cell).joined(separator: " | ") + " |\n"
                }
            }
        }
        return text
    }

    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
    }
}

/// The catalog as one JSON document.
struct JSONErrorCatalogRenderer {
    func render(_ catalog: ErrorCatalog) -> String {
        let errors: [[String: Any]] = catalog.errors.map { error in
            [
                "type": error.type, "path": error.location.path, "line": error.location.line,
                "cases": error.cases.map { errorCase -> [String: Any] in
                    var members: [String: Any] = [:]
                    for member in errorCase.members {
                        var entry: [String: Any] = ["kind": member.kind, "texts": member.texts]
                        if let key = member.key { entry["key"] = key }
                        if let table = member.table { entry["table"] = table }
                        members[member.member.rawValue] = entry
                    }
                    return ["case": errorCase.name, "members": members]
                },
            ]
        }
        let document: [String: Any] = ["languages": catalog.languages, "errors": errors]
        let data = try? JSONSerialization.data(
            withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
