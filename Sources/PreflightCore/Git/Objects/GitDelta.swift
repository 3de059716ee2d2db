/// git's delta format (a pack's `OFS_DELTA` and `REF_DELTA` entries): the base's size and the
/// result's, as 7-bit little-endian numbers, then instructions that copy a range of the base or
/// insert the bytes that follow them.
enum GitDelta {
    /// `delta` applied to `base`; `nil` when the delta is malformed, names another base size, or
    /// makes more than `limit` bytes.
    static func apply(_ delta: [UInt8], to base: [UInt8], limit: Int = .max) -> [UInt8]? {
        var position = 0
        guard let baseSize = number(delta, &position), baseSize == base.count,
            let resultSize = number(delta, &position), resultSize <= limit
        else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(resultSize)
        while position < delta.count {
            let instruction = delta[position]
            position += 1
            if instruction & 0x80 != 0 {
                // Copy: which offset and size bytes follow is told by the low seven bits.
                var offset = 0
                var size = 0
                for bit in 0..<7 where instruction & (1 << bit) != 0 {
                    guard position < delta.count else { return nil }
                    let byte = Int(delta[position])
                    position += 1
                    if bit < 4 { offset |= byte << (8 * bit) } else { size |= byte << (8 * (bit - 4)) }
                }
                if size == 0 { size = 0x10000 }
                guard offset + size <= base.count, result.count + size <= resultSize else { return nil }
                result.append(contentsOf: base[offset..<(offset + size)])
            } else if instruction != 0 {
                // Insert the next `instruction` bytes.
                let size = Int(instruction)
                guard position + size <= delta.count, result.count + size <= resultSize else { return nil }
                result.append(contentsOf: delta[position..<(position + size)])
                position += size
            } else {
                return nil  // Reserved.
            }
        }
        return result.count == resultSize ? result : nil
    }

    /// A size: seven bits a byte, least significant first, the high bit set on all but the last.
    private static func number(_ bytes: [UInt8], _ position: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while position < bytes.count, shift < 63 {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
