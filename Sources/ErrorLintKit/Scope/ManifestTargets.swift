/// The test and executable targets a `Package.swift` declares, read from its text: SwiftPM's own
/// reading (`swift package dump-package`) compiles the manifest, resolves dependencies and may go
/// to the network, too much for a linter run on every push. Conservative: only a
/// `.testTarget(…)` or `.executableTarget(…)` call whose `name:` is a string literal counts, with
/// its `path:` when that is a literal too (a computed one leaves the target out).
enum ManifestTargets {
    struct Target: Sendable, Hashable {
        enum Kind: String, Sendable {
            case test = "test target"
            case executable = "executable target"
        }

        var name: String
        var kind: Kind
        /// Its folder relative to the package's root: `path:`, else `Tests/<name>` or `Sources/<name>`.
        var path: String
    }

    static func developerTargets(in manifest: String) -> [Target] {
        let code = Array(withoutComments(manifest).utf8)
        var targets: [Target] = []
        for (word, kind) in [(".testTarget(", Target.Kind.test), (".executableTarget(", .executable)] {
            let pattern = Array(word.utf8)
            var index = 0
            while let start = find(pattern, in: code, from: index) {
                index = start + pattern.count
                let arguments = topLevelArguments(code, from: index)
                guard let name = arguments["name"] ?? nil else { continue }
                let defaultPath = kind == .test ? "Tests/\(name)" : "Sources/\(name)"
                guard let path = arguments.keys.contains("path") ? arguments["path"]! : defaultPath else { continue }
                targets.append(Target(name: name, kind: kind, path: path))
            }
        }
        return targets
    }

    /// The labelled string-literal arguments at the call's own level (`name:`, `path:`), until
    /// its closing parenthesis; a label whose value is not a plain literal maps to `nil`.
    private static func topLevelArguments(_ code: [UInt8], from start: Int) -> [String: String?] {
        var result: [String: String?] = [:]
        var depth = 0
        var index = start
        var label: String?
        while index < code.count {
            let byte = code[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                if depth == 0 { return result }
                depth -= 1
            case UInt8(ascii: "\""):
                let end = stringEnd(code, from: index)
                if depth == 0, let pending = label {
                    let literal = String(decoding: code[(index + 1)..<max(index + 1, end - 1)], as: UTF8.self)
                    let rest = code[end...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
                    let complete = rest.first.map { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ")") } ?? false
                    result[pending] = complete && !literal.contains("\\(") ? literal : String?.none
                    label = nil
                }
                index = end
                continue
            case UInt8(ascii: ":") where depth == 0:
                var wordEnd = index
                while wordEnd > start, code[wordEnd - 1] == UInt8(ascii: " ") { wordEnd -= 1 }
                var wordStart = wordEnd
                while wordStart > start, isIdentifier(code[wordStart - 1]) { wordStart -= 1 }
                let word = String(decoding: code[wordStart..<wordEnd], as: UTF8.self)
                if result[word] == nil { result[word] = String?.none }
                // Only a value that starts with a literal is read; `folder + "/C"` is not.
                var next = index + 1
                while next < code.count, code[next] == UInt8(ascii: " ") || code[next] == UInt8(ascii: "\n") {
                    next += 1
                }
                label = next < code.count && code[next] == UInt8(ascii: "\"") ? word : nil
            default:
                break
            }
            index += 1
        }
        return result
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The index after the string literal starting at `start` (escapes skipped).
    private static func stringEnd(_ code: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < code.count {
            if code[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if code[index] == UInt8(ascii: "\"") { return index + 1 }
            index += 1
        }
        return code.count
    }

    private static func find(_ pattern: [UInt8], in code: [UInt8], from start: Int) -> Int? {
        guard pattern.count <= code.count else { return nil }
        var index = start
        while index + pattern.count <= code.count {
            if code[index] == pattern[0], code[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// The manifest with `//` and `/* */` comments blanked (string literals kept).
    static func withoutComments(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = stringEnd(bytes, from: index)
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    bytes[index] = UInt8(ascii: " ")
                    index += 1
                }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
                    index += 1
                }
                if index + 1 < bytes.count {
                    bytes[index] = UInt8(ascii: " ")
                    bytes[index + 1] = UInt8(ascii: " ")
                }
                index += 2
                continue
            default:
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
