import Foundation
import Testing

@testable import ProcessKit

@Suite("Capture buffer: exact bytes, the limit, one reservation instead of doubling")
struct CaptureBufferTests {
    /// Feeds `total` bytes of the stdout pattern in chunks of the given sizes, cycling through them.
    private static func fill(_ buffer: inout CaptureBuffer, total: Int, chunkSizes: [Int]) -> [UInt8] {
        let source = Support.pattern(count: total, upper: false)
        var offset = 0
        var index = 0
        source.withUnsafeBytes { raw in
            while offset < total {
                let size = min(chunkSizes[index % chunkSizes.count], total - offset)
                buffer.append(UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size]))
                offset += size
                index += 1
            }
        }
        return source
    }

    private static func storageAddress(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }

    @Test(
        "Every byte in order across the switch from small growth to the reservation, with or without reserving",
        arguments: [true, false])
    func exactBytesAcrossTheSwitch(reserving: Bool) {
        var buffer = CaptureBuffer(limit: 64 << 20, reservesAddressSpace: reserving, ceiling: 16 << 20)
        // Odd chunk sizes, one of them larger than the small size, so that appends straddle it.
        let total = 40 << 20
        let source = Self.fill(&buffer, total: total, chunkSizes: [1, 4095, 65_537, 3 << 20, 999_983])
        let (count, truncated) = (buffer.bytes.count, buffer.isTruncated)
        let same = Support.same(buffer.bytes, source)
        #expect(count == total)
        #expect(!truncated)
        #expect(same)
    }

    @Test("Bytes appended after finish() (which gives back the pages faulted in ahead) are kept too")
    func appendAfterFinish() {
        var buffer = CaptureBuffer(limit: 64 << 20, reservesAddressSpace: true, ceiling: 1 << 30)
        let source = Support.pattern(count: 12 << 20, upper: true)
        source.withUnsafeBytes { raw in
            buffer.append(UnsafeRawBufferPointer(rebasing: raw[..<(5 << 20)]))
            buffer.finish()
            buffer.finish()  // twice is harmless
            buffer.append(UnsafeRawBufferPointer(rebasing: raw[(5 << 20)...]))
        }
        buffer.finish()
        let same = Support.same(buffer.bytes, source)
        #expect(same)
    }

    @Test("A first chunk larger than the small size is reserved for and kept whole")
    func largeFirstChunk() {
        var buffer = CaptureBuffer(limit: 64 << 20, reservesAddressSpace: true, ceiling: 1 << 30)
        let source = Self.fill(&buffer, total: 20 << 20, chunkSizes: [5 << 20, 3])
        let (count, capacity) = (buffer.bytes.count, buffer.bytes.capacity)
        let same = Support.same(buffer.bytes, source)
        #expect(count == 20 << 20)
        #expect(capacity >= 64 << 20)
        #expect(same)
    }

    @Test("Past the small size the storage is reserved once, up to the limit, and never moves again")
    func oneReservation() {
        let limit = 24 << 20
        var buffer = CaptureBuffer(limit: limit, reservesAddressSpace: true, ceiling: 1 << 30)
        // Below the small size the array grows as arrays do, to at most twice it; past that, one step.
        _ = Self.fill(&buffer, total: 3 * CaptureBuffer.smallSize, chunkSizes: [4096])
        let capacity = buffer.bytes.capacity
        #expect(capacity >= limit)
        let address = Self.storageAddress(buffer.bytes)
        let more = [UInt8](repeating: 7, count: 1 << 20)
        var moves = 0
        while buffer.bytes.count < limit {
            more.withUnsafeBytes { buffer.append($0) }
            if Self.storageAddress(buffer.bytes) != address { moves += 1 }
        }
        more.withUnsafeBytes { buffer.append($0) }  // one more than fits
        let (count, truncated) = (buffer.bytes.count, buffer.isTruncated)
        #expect(moves == 0)
        #expect(count == limit)
        #expect(truncated)
    }

    @Test("The reservation stops at the ceiling; past it the buffer doubles, so appends stay cheap")
    func pastTheCeiling() {
        let ceiling = 4 << 20
        var buffer = CaptureBuffer(limit: 1 << 30, reservesAddressSpace: true, ceiling: ceiling)
        _ = Self.fill(&buffer, total: ceiling, chunkSizes: [256 << 10])
        let capacity = buffer.bytes.capacity
        #expect(capacity >= ceiling)
        var moves = 0
        var address = Self.storageAddress(buffer.bytes)
        let chunk = [UInt8](repeating: 1, count: 64 << 10)
        for _ in 0..<(60 << 20) / chunk.count {
            chunk.withUnsafeBytes { buffer.append($0) }
            let now = Self.storageAddress(buffer.bytes)
            if now != address { moves += 1 }
            address = now
        }
        // 4 MiB to 64 MiB by doubling: 8, 16, 32, 64. Exact growth to `needed` would move 960 times.
        let count = buffer.bytes.count
        #expect(moves <= 5)
        #expect(count == 64 << 20)
    }

    @Test("Capacity policy: reserve up to the limit or the ceiling; without reserving, double but never past the limit")
    func capacityPolicy() {
        let small = CaptureBuffer.smallSize
        // Reserving: the limit, or the ceiling when the limit is larger.
        #expect(
            CaptureBuffer.capacity(
                toHold: small + 1, current: small, limit: 64 << 20, reservesAddressSpace: true, ceiling: 1 << 30)
                == 64 << 20)
        #expect(
            CaptureBuffer.capacity(
                toHold: small + 1, current: small, limit: Int.max, reservesAddressSpace: true, ceiling: 1 << 30)
                == 1 << 30)
        // Past the ceiling: doubling, not growth to exactly what is needed.
        #expect(
            CaptureBuffer.capacity(
                toHold: (1 << 30) + 1, current: 1 << 30, limit: Int.max, reservesAddressSpace: true, ceiling: 1 << 30)
                == 2 << 30)
        // Not reserving: doubling, clamped to the limit, never below what is needed.
        #expect(
            CaptureBuffer.capacity(
                toHold: small + 1, current: small, limit: 64 << 20, reservesAddressSpace: false, ceiling: 1 << 30)
                == 2 * small)
        #expect(
            CaptureBuffer.capacity(
                toHold: 40 << 20, current: 32 << 20, limit: 48 << 20, reservesAddressSpace: false, ceiling: 1 << 30)
                == 48 << 20)
        #expect(
            CaptureBuffer.capacity(
                toHold: 40 << 20, current: 8 << 20, limit: 64 << 20, reservesAddressSpace: false, ceiling: 1 << 30)
                == 40 << 20)
        #expect(
            CaptureBuffer.capacity(
                toHold: small + 1, current: Int.max / 2 + 1, limit: Int.max, reservesAddressSpace: false,
                ceiling: 1 << 30) == Int.max)
    }

    @Test("The limit cuts inside a chunk; later chunks are dropped; a limit of zero keeps nothing")
    func limitInsideAChunk() {
        var buffer = CaptureBuffer(limit: 2_500_003, reservesAddressSpace: true, ceiling: 1 << 30)
        let source = Self.fill(&buffer, total: 6_000_000, chunkSizes: [1 << 20])
        let truncated = buffer.isTruncated
        let same = Support.same(buffer.bytes, Array(source.prefix(2_500_003)))
        #expect(truncated)
        #expect(same)

        var none = CaptureBuffer(limit: 0)
        _ = Self.fill(&none, total: 10, chunkSizes: [3])
        #expect(none.bytes == [] && none.isTruncated)

        var negative = CaptureBuffer(limit: -5)
        _ = Self.fill(&negative, total: 1, chunkSizes: [1])
        #expect(negative.bytes == [] && negative.isTruncated)
    }

    @Test("Exactly the limit is not truncated; one byte more is")
    func exactlyTheLimit() {
        var exact = CaptureBuffer(limit: 3 << 20)
        _ = Self.fill(&exact, total: 3 << 20, chunkSizes: [1 << 20])
        let (countAtLimit, truncatedAtLimit) = (exact.bytes.count, exact.isTruncated)
        #expect(countAtLimit == 3 << 20 && !truncatedAtLimit)

        var empty = CaptureBuffer(limit: 0)
        empty.append(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(!empty.isTruncated)

        let extra: [UInt8] = [42]
        extra.withUnsafeBytes { exact.append($0) }
        let (countPast, truncatedPast) = (exact.bytes.count, exact.isTruncated)
        #expect(countPast == 3 << 20 && truncatedPast)
    }

    @Test("The reservation ceiling is at least the small size and at most 4 GiB")
    func ceilingBounds() {
        #expect(CaptureBuffer.reservationCeiling >= CaptureBuffer.smallSize)
        #expect(CaptureBuffer.reservationCeiling <= 4 << 30)
    }
}
