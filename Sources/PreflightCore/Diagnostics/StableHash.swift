/// Hashes that are the same on every run, machine and Swift version (unlike `Hasher`, which is
/// seeded per process), for fingerprints that must match across runs.
package enum StableHash {
    /// 64-bit FNV-1a of the UTF-8 bytes of `text`.
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// ``fnv1a64(_:)`` as 16 lowercase hexadecimal digits.
    package static func fnv1a64Hex(_ text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
