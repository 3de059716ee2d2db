import CProcessKit

/// A thread that faults in the pages of a reserved buffer ahead of the bytes copied into it
/// (`pk_prefaulter_start`), so that the reader copies into resident memory while the kernel
/// allocates and zeroes the next pages on another core.
///
/// Measured on Linux, 2 cores, 1 GiB from `dd` through a 1 MiB pipe into a reserved region (a C
/// model, BENCHMARKS.md): 1.0–1.3 GiB/s with the pages faulted in on the reader's thread, 1.9 GiB/s
/// with this thread. It only ever hands addresses to the kernel, which does not change what the
/// pages hold, so the reader's copy and the thread never race on the bytes.
final class PageFaulter {
    private var handle: OpaquePointer?

    /// Starts faulting `[base, base + length)`, of which the first `written` bytes are written;
    /// `nil` where the system has no way to do it.
    init?(base: UnsafeMutableRawPointer, length: Int, written: Int) {
        guard let handle = pk_prefaulter_start(base, length, written) else { return nil }
        self.handle = handle
    }

    /// The first `written` bytes of the region are written.
    func advance(to written: Int) {
        if let handle { pk_prefaulter_advance(handle, written) }
    }

    /// Stops the thread and gives back the pages it faulted in past the first `kept` bytes.
    func stop(keeping kept: Int) {
        guard let handle else { return }
        self.handle = nil
        pk_prefaulter_stop(handle, kept)
    }

    deinit { stop(keeping: Int.max) }
}
