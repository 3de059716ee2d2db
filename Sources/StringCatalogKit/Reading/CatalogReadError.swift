import Foundation
import PreflightCore

/// Why a catalog file could not be read. The file is left out; the other files are still read.
package enum CatalogReadError: LocalizedError, Sendable, Hashable {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The bytes are not text in an encoding the format allows.
    case undecodable(path: String, encoding: String)
    /// The text breaks the format's syntax at that place (as Foundation would refuse it).
    case syntax(SourceLocation, message: String)
    /// Well-formed, but not the structure of that kind of catalog.
    case invalidStructure(SourceLocation, message: String)

    /// Where to report it (line 1, column 1 when the whole file is concerned).
    package var location: SourceLocation {
        switch self {
        case .unreadable(let path, _), .undecodable(let path, _): SourceLocation(path: path, line: 1, column: 1)
        case .syntax(let location, _), .invalidStructure(let location, _): location
        }
    }

    /// One line for a diagnostic at ``location``.
    package var message: String {
        switch self {
        case .unreadable(_, let reason): "cannot read catalog: \(reason)"
        case .undecodable(_, let encoding): "catalog is not valid \(encoding) text"
        case .syntax(_, let message): "catalog syntax error: \(message)"
        case .invalidStructure(_, let message): "not a valid catalog: \(message)"
        }
    }

    package var errorDescription: String? {
        let location = self.location
        return "\(location.path):\(location.line):\(location.column): \(message)"
    }

    package var failureReason: String? {
        switch self {
        case .unreadable:
            "The file could not be opened or read."
        case .undecodable:
            "String files must be UTF-8 or UTF-16 (with a byte order mark); string catalogs must be UTF-8."
        case .syntax:
            "Foundation refuses the whole file, so none of its keys reach the app."
        case .invalidStructure:
            "The file parses, but its content is not shaped like this kind of catalog."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .unreadable:
            "Check that the file exists and is readable."
        case .undecodable:
            "Save the file as UTF-8 (or UTF-16 with a byte order mark)."
        case .syntax:
            "Fix the syntax at the line and column given (for .strings: each entry is \"key\" = \"value\";)."
        case .invalidStructure:
            "Open the catalog in Xcode, or compare it with one Xcode wrote."
        }
    }
}
