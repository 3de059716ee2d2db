/// Up to four byte values a lexer stops at; everything else it skips 16 bytes at a time.
struct SignificantBytes {
    private let first: SIMD16<UInt8>
    private let second: SIMD16<UInt8>
    private let third: SIMD16<UInt8>
    private let fourth: SIMD16<UInt8>
    private let values: [UInt8]

    /// `values`: one to four bytes.
    init(_ values: UInt8...) {
        precondition((1...4).contains(values.count), "one to four significant bytes")
        let padded = values + Array(repeating: values[0], count: 4 - values.count)
        first = SIMD16(repeating: padded[0])
        second = SIMD16(repeating: padded[1])
        third = SIMD16(repeating: padded[2])
        fourth = SIMD16(repeating: padded[3])
        self.values = values
    }

    /// Whether `byte` is one of them.
    func contains(_ byte: UInt8) -> Bool { values.contains(byte) }

    /// The offset of the first significant byte at or after `start`, or `source.count`.
    @inline(__always)
    func next(in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var offset = start
        if let base = source.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset + 16 <= source.count {
                let chunk = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                let hit = (chunk .== first) .| (chunk .== second) .| (chunk .== third) .| (chunk .== fourth)
                // The mask's 16 lanes are 16 bytes, 0 or all ones; lane 0 is the lowest byte.
                let lanes = unsafeBitCast(hit, to: (UInt64, UInt64).self)
                if lanes.0 != 0 { return offset + lanes.0.trailingZeroBitCount / 8 }
                if lanes.1 != 0 { return offset + 8 + lanes.1.trailingZeroBitCount / 8 }
                offset += 16
            }
        }
        while offset < source.count, !values.contains(source[offset]) { offset += 1 }
        return offset
    }
}
