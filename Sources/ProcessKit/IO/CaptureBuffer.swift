import Foundation

/// The bytes kept of one captured stream, up to the capture limit.
///
/// A plain `[UInt8]` that grows by doubling copies everything it holds at each step, and above
/// the allocator's mmap threshold each new buffer is fresh memory: a 1 GiB capture copied and
/// page-faulted about 2 GiB. Here, past ``smallSize``, the array reserves its final capacity in
/// one step: up to the limit, at most ``reservationCeiling``. That reservation is address space,
/// not memory: a page becomes resident only when bytes are written to it, so a 2 MiB output under
/// a 64 MiB limit costs 2 MiB of memory. The array is handed out as is (no copy to shrink it),
/// so the reserved address space stays with the result.
///
/// Pages of the reservation are faulted in ahead of the bytes by a thread of their own
/// (``PageFaulter``, Linux's `MADV_POPULATE_WRITE`), so the reader only copies; the pages it
/// faulted in past the end are given back at ``finish()``. Where the system has no such call,
/// pages fault in as they are written.
///
/// Where reserving costs real memory, because the system charges address space as if it were
/// used (Linux with `vm.overcommit_memory = 2`), the buffer doubles instead, never past the limit.
struct CaptureBuffer {
    /// Up to this size, the array grows as arrays do: copies that small stay in the caches.
    static let smallSize = 1 << 20

    /// The most reserved in one step: 4 GiB, and never more than half the machine's memory (a
    /// single reservation larger than memory is refused outright by Linux's default heuristic).
    static let reservationCeiling: Int = {
        let half = ProcessInfo.processInfo.physicalMemory / 2
        return Int(clamping: min(UInt64(4) << 30, max(half, UInt64(smallSize))))
    }()

    /// Whether reserving address space is free on this system: not under Linux's strict
    /// overcommit accounting, asked of the system once.
    static let systemReservesAddressSpaceFreely: Bool = {
        guard let mode = try? String(contentsOfFile: "/proc/sys/vm/overcommit_memory", encoding: .utf8) else {
            return true  // no such setting (macOS): address space is reserved lazily
        }
        return mode.trimmingCharacters(in: .whitespacesAndNewlines) != "2"
    }()

    /// The most bytes kept; the rest is counted by the caller and dropped.
    let limit: Int
    /// What tests pass in place of the system's answers; `nil` asks the system, once a capture grows
    /// past ``smallSize`` (most captures never do, and a tool's start-up reads no `/proc` file).
    private let reservesAddressSpace: Bool?
    private let ceiling: Int?

    /// The bytes kept so far.
    private(set) var bytes: [UInt8] = []
    /// `true` once a byte past the limit was offered.
    private(set) var isTruncated = false
    /// Faults in the pages of the reserved storage ahead of the bytes; `nil` until it is reserved.
    private var faulter: PageFaulter?

    /// `reservesAddressSpace` and `ceiling` default to what the system allows; tests pass their own.
    init(limit: Int, reservesAddressSpace: Bool? = nil, ceiling: Int? = nil) {
        self.limit = max(0, limit)
        self.reservesAddressSpace = reservesAddressSpace
        self.ceiling = ceiling
    }

    /// Keeps as much of `chunk` as the limit allows.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        let kept = min(limit - bytes.count, chunk.count)
        if kept < chunk.count { isTruncated = true }
        guard kept > 0 else { return }
        let needed = bytes.count + kept
        if needed > bytes.capacity, needed > Self.smallSize {
            // Stopped before the storage moves: nothing is given back, the old storage is freed whole.
            faulter?.stop(keeping: Int.max)
            bytes.reserveCapacity(
                Self.capacity(
                    toHold: needed, current: bytes.capacity, limit: limit,
                    reservesAddressSpace: reservesAddressSpace ?? Self.systemReservesAddressSpaceFreely,
                    ceiling: ceiling ?? Self.reservationCeiling))
            startFaulting()
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<kept]))
        faulter?.advance(to: bytes.count)
    }

    /// Stops faulting pages in ahead; call once no more bytes come. Appending again is allowed.
    mutating func finish() {
        faulter?.stop(keeping: bytes.count)
        faulter = nil
    }

    /// Faults in the new storage's pages ahead of the bytes (the ones copied into it are resident).
    private mutating func startFaulting() {
        let (written, capacity) = (bytes.count, bytes.capacity)
        faulter = bytes.withUnsafeMutableBufferPointer { buffer in
            // Only the address goes to the thread; nothing past `count` is read or written from Swift.
            buffer.baseAddress.flatMap {
                PageFaulter(base: UnsafeMutableRawPointer($0), length: capacity, written: written)
            }
        }
    }

    /// The capacity to grow to when `needed` bytes (more than ``smallSize``, at most `limit`) do not
    /// fit in `current`: the whole reservation at once where that is free, doubling otherwise.
    static func capacity(
        toHold needed: Int, current: Int, limit: Int, reservesAddressSpace: Bool, ceiling: Int
    ) -> Int {
        let reservation = min(limit, ceiling)
        if reservesAddressSpace, needed <= reservation {
            return reservation
        }
        // Past the reservation (or without one): doubling, so that appends stay amortised O(1).
        let doubled = current > Int.max / 2 ? Int.max : 2 * current
        return max(needed, min(limit, doubled))
    }
}
