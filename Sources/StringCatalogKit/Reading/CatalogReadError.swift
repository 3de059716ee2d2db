import Foundation
import PreflightCore

/// Why a catalog file could not be read. The file is left out; the other files are still read.
package enum CatalogReadError: LocalizedError, Sendable, Hashable {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file is over the size limit and was not read (`size` in bytes).
    case tooLarge(path: String, size: Int)
    /// The bytes are not text in an encoding the format allows.
    case undecodable(path: String, encoding: String)
    /// The text breaks the format's syntax at that place (as Foundation would refuse it).
    case syntax(SourceLocation, message: String)
    /// Well-formed, but not the structure of that kind of catalog.
    case invalidStructure(SourceLocation, message: String)

    /// Where to report it (line 1, column 1 when the whole file is concerned).
    package var location: SourceLocation {
        switch self {
        case .unreadable(let path, _), .undecodable(let path, _), .tooLarge(let path, _):
            SourceLocation(path: path, line: 1, column: 1)
        case .syntax(let location, _), .invalidStructure(let location, _): location
        }
    }

    /// One line for a diagnostic at ``location``. Control characters (the NULs of a UTF-32 file
    /// read as UTF-16, a line break in a quoted key) are written as `\u{0}`, never printed raw.
    package var message: String {
        Self.escapingControlCharacters(rawMessage)
    }

    private var rawMessage: String {
        switch self {
        case .unreadable(_, let reason): "cannot read catalog: \(reason)"
        case .tooLarge(_, let size): "catalog skipped: \(size) bytes is over the size limit"
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
        case .tooLarge:
            "Files over the size limit are not read, to keep memory bounded."
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
        case .tooLarge:
            "Raise maxFileSize (--max-file-size) if the catalog really is that large."
        case .undecodable:
            "Save the file as UTF-8 (or UTF-16 with a byte order mark)."
        case .syntax:
            "Fix the syntax at the line and column given (for .strings: each entry is \"key\" = \"value\";)."
        case .invalidStructure:
            "Open the catalog in Xcode, or compare it with one Xcode wrote."
        }
    }
}

extension CatalogReadError {
    /// `text` with every control character (C0, DEL, C1) written as `\u{HEX}`.
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
