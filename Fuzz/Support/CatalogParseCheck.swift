// Shared by the catalog fuzz targets: parse, then check what came back.

import Foundation
import PreflightCore

/// Parses `data` as `format` and checks that every reported place is a real line and column.
func checkCatalogParse(_ data: Data, format: CatalogFormat, path: String) {
    switch CatalogLoader.parse(data, format: format, path: path, developmentLanguage: "en") {
    case .success(let file):
        precondition(file.format == format && file.table == "Localizable", "wrong file description")
        for entry in file.entries {
            for location in entry.locations { checkPlace(location, path: path) }
            for localization in entry.localizations.values { checkPlace(localization.location, path: path) }
        }
        for duplicate in file.duplicates {
            checkPlace(duplicate.first, path: path)
            checkPlace(duplicate.duplicate, path: path)
            precondition(duplicate.first < duplicate.duplicate, "a duplicate comes before its original")
        }
    case .failure(let problem):
        checkPlace(problem.location, path: path)
        precondition(!problem.message.isEmpty, "an error without a message")
    }
}

private func checkPlace(_ location: SourceLocation, path: String) {
    precondition(location.path == path, "wrong path \(location.path)")
    precondition(location.line >= 1 && location.column >= 1, "bad place \(location.line):\(location.column)")
}
