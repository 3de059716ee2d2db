// Fuzz target `baseline`: a baseline file (`--baseline FILE`), read from disk through the bounded
// reader as the tools read it.

import Foundation

private let scratch = ScratchFile(target: "baseline")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    scratch.write(data, size)
    do {
        let baseline = try Baseline.load(from: scratch.path)
        precondition(baseline.version == Baseline.currentVersion)
        precondition(baseline.findings == baseline.findings.sorted(), "entries not sorted")
        precondition(baseline.findings.allSatisfy { $0.count >= 1 && !$0.path.isEmpty })
        // What it writes, it reads back as the same baseline.
        let written = JSONDiagnosticRenderer.encode(baseline)
        let again = try Baseline.parse(Array(written.utf8), path: scratch.path)
        precondition(again == baseline, "a written baseline reads back differently")
    } catch {
        switch error {
        case .malformed(let path, let detail): precondition(path == scratch.path && !detail.isEmpty)
        case .unreadable, .unwritable: preconditionFailure("a regular file of \(size) bytes was refused: \(error)")
        }
        precondition(error.errorDescription != nil && error.failureReason != nil && error.recoverySuggestion != nil)
    }
    return 0
}
