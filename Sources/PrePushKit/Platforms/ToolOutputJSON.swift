import Foundation

/// Finds the JSON document in a tool's standard output when other lines surround it.
///
/// `xcodebuild -showBuildSettings -json` is not JSON alone: Xcode prints destination lines such as
/// `{ platform:macOS, arch:arm64, id:…, name:My Mac }` after `--- xcodebuild: WARNING: Using the
/// first of multiple matching destinations:`, and SwiftPM `print`s notes such as `Found unhandled
/// resource at …` to the same stream, before or after the document. So a candidate is any line
/// whose first non-blank byte opens the expected kind of document; it runs to its balanced closing
/// bracket (brackets inside strings do not count), and the first candidate that parses is the
/// document. Lines that merely look like JSON (`{ platform:macOS, … }`) fail to parse and are
/// passed over.
enum ToolOutputJSON {
    /// The first JSON document in `data` that opens with `opening` (`[` or `{`) at the start of a
    /// line and parses, with its value; `nil` when there is none.
    static func document(in data: Data, opening: UInt8) -> (data: Data, value: Any)? {
        let bytes = [UInt8](data)
        var index = 0
        var atLineStart = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
            } else if atLineStart, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                // Leading blanks keep the line's start.
            } else {
                if atLineStart, byte == opening, let end = balancedEnd(bytes, from: index) {
                    let candidate = Data(bytes[index...end])
                    if let value = try? JSONSerialization.jsonObject(with: candidate) {
                        return (candidate, value)
                    }
                }
                atLineStart = false
            }
            index += 1
        }
        return nil
    }

    /// The index of the bracket that closes the one at `start`, or `nil` when the text ends first.
    private static func balancedEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
