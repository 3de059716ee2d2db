import CPreflightCore

/// The object id git gives a blob: SHA-1 of `blob <size>\0` and the bytes, in hexadecimal
/// (repositories with the SHA-1 object format, git's default). With it, bytes read elsewhere (a
/// work-tree file) are known to be exactly a staged blob's, as git's own diff knows when it reads
/// the work tree in place of an object it would have to inflate.
enum GitBlobID {
    /// The id of a blob holding `bytes`.
    static func sha1(of bytes: [UInt8]) -> String { sha1(of: bytes, type: "blob") }

    /// The id of an object of `type` (`blob`, `tree`, `commit`, `tag`) holding `bytes`.
    static func sha1(of bytes: [UInt8], type: String) -> String {
        var hasher = SHA1()
        hasher.update(Array("\(type) \(bytes.count)".utf8) + [0])
        hasher.update(bytes)
        return hasher.hexDigest()
    }
}

/// SHA-1 (FIPS 180-4), for object ids only: git names objects by it (its collision-detecting
/// variant gives the same digests for every input but crafted collisions). Blocks are compressed
/// with the processor's SHA instructions where it has them (x86-64's SHA extensions: several
/// times the speed of the portable rounds below, which run elsewhere).
struct SHA1 {
    /// Whether blocks may be compressed with the processor's instructions (tests compare both).
    var usesProcessorInstructions = true
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    /// Bytes not yet making a whole 64-byte block.
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    mutating func update(_ bytes: [UInt8]) {
        length += UInt64(bytes.count)
        var start = 0
        if !buffer.isEmpty {
            let taken = min(64 - buffer.count, bytes.count)
            buffer += bytes[0..<taken]
            start = taken
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBufferPointer { process(blocksAt: $0.baseAddress!, count: 1) }
            buffer.removeAll(keepingCapacity: true)
        }
        let blocks = (bytes.count - start) / 64
        if blocks > 0 {
            bytes.withUnsafeBufferPointer { process(blocksAt: $0.baseAddress! + start, count: blocks) }
        }
        buffer += bytes[(start + blocks * 64)...]
    }

    mutating func hexDigest() -> String {
        let bitLength = length * 8
        var tail = buffer + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { process(blocksAt: $0.baseAddress!, count: tail.count / 64) }
        buffer = []
        let words = [state.0, state.1, state.2, state.3, state.4]
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(40)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private mutating func process(blocksAt base: UnsafePointer<UInt8>, count: Int) {
        if usesProcessorInstructions {
            let done = withUnsafeMutableBytes(of: &state) { raw in
                pf_sha1_blocks(raw.bindMemory(to: UInt32.self).baseAddress!, base, count) != 0
            }
            if done { return }
        }
        var (h0, h1, h2, h3, h4) = state
        var w = (
            UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
            UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0)
        )
        withUnsafeMutableBytes(of: &w) { raw in
            let schedule = raw.bindMemory(to: UInt32.self)
            for block in 0..<count {
                let bytes = base + block * 64
                for index in 0..<16 {
                    let at = bytes + index * 4
                    schedule[index] =
                        UInt32(at[0]) << 24 | UInt32(at[1]) << 16 | UInt32(at[2]) << 8 | UInt32(at[3])
                }
                var a = h0
                var b = h1
                var c = h2
                var d = h3
                var e = h4
                for round in 0..<80 {
                    let word: UInt32
                    if round < 16 {
                        word = schedule[round]
                    } else {
                        let mixed =
                            schedule[(round - 3) & 15] ^ schedule[(round - 8) & 15] ^ schedule[(round - 14) & 15]
                            ^ schedule[round & 15]
                        word = mixed << 1 | mixed >> 31
                        schedule[round & 15] = word
                    }
                    let f: UInt32
                    let k: UInt32
                    switch round {
                    case 0..<20:
                        f = (b & c) | (~b & d)
                        k = 0x5A82_7999
                    case 20..<40:
                        f = b ^ c ^ d
                        k = 0x6ED9_EBA1
                    case 40..<60:
                        f = (b & c) | (b & d) | (c & d)
                        k = 0x8F1B_BCDC
                    default:
                        f = b ^ c ^ d
                        k = 0xCA62_C1D6
                    }
                    let temporary = (a << 5 | a >> 27) &+ f &+ e &+ k &+ word
                    e = d
                    d = c
                    c = b << 30 | b >> 2
                    b = a
                    a = temporary
                }
                h0 = h0 &+ a
                h1 = h1 &+ b
                h2 = h2 &+ c
                h3 = h3 &+ d
                h4 = h4 &+ e
            }
        }
        state = (h0, h1, h2, h3, h4)
    }
}
