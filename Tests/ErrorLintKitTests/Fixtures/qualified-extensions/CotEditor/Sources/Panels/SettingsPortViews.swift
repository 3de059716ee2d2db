import SwiftUI

extension PortableSettingsDocument.Error: LocalizedError {

    var localizedDescription: String {

        switch self {
            case .versionMismatch(let version):
                String(localized: "Error.versionMismatch.description",
                       defaultValue: "This settings archive was created by a different version of CotEditor (\(version, format: .version)).",
                       table: "SettingsPorting")
        }
    }

    var recoverySuggestion: String? {

        switch self {
            case .versionMismatch:
                String(localized: "Error.versionMismatch.recoverySuggestion",
                       defaultValue: "You can still import these items, but some settings may be incompatible.",
                       table: "SettingsPorting")
        }
    }
}
