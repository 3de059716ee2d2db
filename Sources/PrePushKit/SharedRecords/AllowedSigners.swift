import Foundation

/// The allowed-signers file's format (`ssh-keygen`'s ALLOWED SIGNERS: `principals [options]
/// key-type base64-key [comment]`, `#` comments, blank lines), checked before ssh-keygen reads a
/// file: ssh-keygen takes any file with one valid line among other text, so a file that is not
/// wholly one (a README, a commit-signing list with other lines) is refused.
enum AllowedSigners {
    /// The number of the first line (from 1) that is neither blank, a comment nor a signer, or
    /// `nil` when every line is one.
    static func firstInvalidLine(_ text: [UInt8]) -> Int? {
        guard let string = String(validating: text, as: UTF8.self) else { return 1 }
        for (number, line) in string.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if !isSigner(trimmed) { return number + 1 }
        }
        return nil
    }

    /// Whether `line` names principals and then, after any options, a public key whose blob is of
    /// the type its field says.
    private static func isSigner(_ line: String) -> Bool {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 3 else { return false }
        for index in 1..<(fields.count - 1) {
            let type = String(fields[index])
            guard let blob = Data(base64Encoded: String(fields[index + 1])), blob.count > 4 else { continue }
            let bytes = [UInt8](blob)
            let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            if length == type.utf8.count, 4 + length <= bytes.count, Array(bytes[4..<(4 + length)]) == Array(type.utf8)
            {
                return true
            }
        }
        return false
    }
}
