/// A file as SARIF names it (`artifactLocation`): a valid URI reference, relative to the source
/// root when the path is relative, so GitHub code scanning can match it to the repository.
struct SARIFArtifactLocation: Sendable, Hashable, Codable {
    /// The file's URI reference: `Sources/My%20App/Main.swift` or `file:///abs/Main.swift`.
    var uri: String
    /// `%SRCROOT%` for a relative path; `nil` for an absolute one. Encoded as `uriBaseId`.
    var uriBaseID: String?

    /// The base a relative path is resolved against: the root of the checkout.
    static let sourceRoot = "%SRCROOT%"

    /// The location of the file at `path`, a path as the tool prints it.
    ///
    /// A relative path stays relative (a leading `./` is dropped) and gets ``sourceRoot`` as its
    /// base; an absolute path becomes a `file://` URI. In both, every byte of the UTF-8 path that
    /// may not appear in a URI path is percent-encoded (space → `%20`, `%` → `%25`, `é` → `%C3%A9`),
    /// and so is `:`, which would otherwise make a relative path's first segment read as a scheme.
    init(path: String) {
        if path.hasPrefix("/") {
            uri = "file://" + Self.percentEncoded(path)
            uriBaseID = nil
        } else {
            var relative = Substring(path)
            while relative.hasPrefix("./") {
                relative = relative.dropFirst(2).drop { $0 == "/" }
            }
            uri = Self.percentEncoded(relative)
            uriBaseID = Self.sourceRoot
        }
    }

    /// `path` with every byte outside RFC 3986's path characters (unreserved, sub-delims, `@`, `/`)
    /// percent-encoded in uppercase hex. `:` is encoded too.
    static func percentEncoded(_ path: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if isAllowed(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return result
    }

    private static let hexDigits = "0123456789ABCDEF".map(String.init)

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            // unreserved punctuation, sub-delims, "@" and "/"
            "-._~!$&'()*+,;=@/".utf8.contains(byte)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case uri
        case uriBaseID = "uriBaseId"
    }
}
