/// Sources and catalogs the catalog rules' examples share.
enum CatalogExamples {
    /// An error whose description uses the key `login.expired` of the default table.
    static let loginError = """
        enum LoginError: LocalizedError {
            case expired
            var errorDescription: String? {
                NSLocalizedString("login.expired", value: "Your session expired.", comment: "")
            }
        }
        """

    /// `login.expired` in English and German `.strings` files with the given German value line.
    static func strings(german: String?) -> [String: String] {
        var files = [
            "Sources/App/Errors.swift": loginError,
            "Sources/App/Resources/en.lproj/Localizable.strings": "\"login.expired\" = \"Your session expired.\";\n",
        ]
        if let german {
            files["Sources/App/Resources/de.lproj/Localizable.strings"] = german + "\n"
        }
        return files
    }

    /// A `String(localized:)` error and a string catalog with the German unit given (JSON).
    /// `english: nil` leaves the source language out, as Xcode does when the key is the text.
    static func xcstrings(key: String, english: String?, german: String) -> [String: String] {
        let localizations = (english.map { ["\"en\" : \($0)"] } ?? []) + ["\"de\" : \(german)"]
        return [
            "Sources/App/Errors.swift": """
            enum LoginError: LocalizedError {
                case expired
                var errorDescription: String? { String(localized: "\(key)") }
            }
            """,
            "Sources/App/Resources/Localizable.xcstrings": """
            {
              "sourceLanguage" : "en",
              "version" : "1.0",
              "strings" : {
                "\(key)" : {
                  "localizations" : {
                    \(localizations.joined(separator: ",\n"))
                  }
                }
              }
            }
            """,
        ]
    }

    static func unit(_ value: String, state: String = "translated") -> String {
        #"{ "stringUnit" : { "state" : "\#(state)", "value" : "\#(value)" } }"#
    }

    /// An error using the first of `keys`, and a string catalog with every key, translated into
    /// German except the last (when there are several); `swift` is a second source file.
    static func xcstrings(keys: [String], swift: String? = nil) -> [String: String] {
        let entries = keys.enumerated().map { index, key in
            let german = index == keys.count - 1 && keys.count > 1 ? "" : "\"de\" : \(unit("Übersetzt"))"
            return "\"\(key)\" : { \"localizations\" : { \(german) } }"
        }
        var files = [
            "Sources/App/Errors.swift": """
            enum LoginError: LocalizedError {
                case expired
                var errorDescription: String? { String(localized: "\(keys[0])") }
            }
            """,
            "Sources/App/Resources/Localizable.xcstrings": """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : { \(entries.joined(separator: ", ")) } }
            """,
        ]
        if let swift { files["Sources/App/Other.swift"] = swift }
        return files
    }
}
