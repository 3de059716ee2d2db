import Foundation

/// Turns a `.strings` file's bytes into UTF-8: UTF-8 with or without a byte order mark, UTF-16
/// little or big endian with a byte order mark, or without one when the zero bytes give it away.
enum TextDecoding {
    /// The file's text as UTF-8 bytes (byte order mark removed), or `nil` with the encoding that
    /// was tried.
    static func utf8Bytes(of bytes: [UInt8]) -> (bytes: [UInt8]?, encoding: String) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            let rest = Array(bytes[3...])
            return (isValidUTF8(rest) ? rest : nil, "UTF-8")
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (utf16(bytes[2...], bigEndian: false), "UTF-16LE") }
        if bytes.starts(with: [0xFE, 0xFF]) { return (utf16(bytes[2...], bigEndian: true), "UTF-16BE") }
        if let bigEndian = guessUTF16WithoutMark(bytes) {
            return (utf16(bytes[...], bigEndian: bigEndian), bigEndian ? "UTF-16BE" : "UTF-16LE")
        }
        return (isValidUTF8(bytes) ? bytes : nil, "UTF-8")
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        // Plain ASCII is the common case and needs no decoding.
        if !bytes.contains(where: { $0 >= 0x80 }) { return true }
        return String(bytes: bytes, encoding: .utf8) != nil
    }

    /// Text without a byte order mark is taken as UTF-16 when, in its first bytes, the zeros are
    /// nearly all on one side of each pair (ASCII characters) and there are some: `"\0a\0=` or `"\0a\0`.
    private static func guessUTF16WithoutMark(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(64)
        guard sample.count >= 2, sample.count.isMultiple(of: 2) || bytes.count > 64 else { return nil }
        var evenZeros = 0
        var oddZeros = 0
        for (offset, byte) in sample.enumerated() where byte == 0 {
            if offset.isMultiple(of: 2) { evenZeros += 1 } else { oddZeros += 1 }
        }
        let pairs = sample.count / 2
        // Mostly on one side; a few on the other come from characters like U+DE00 or U+0100.
        if evenZeros * 2 >= pairs && oddZeros * 8 <= evenZeros { return true }
        if oddZeros * 2 >= pairs && evenZeros * 8 <= oddZeros { return false }
        return nil
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8]? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(
            units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true, into: { output.append($0) })
        return failed ? nil : output
    }
}
