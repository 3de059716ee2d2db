// Fuzz target `baseline`: a baseline file (`--baseline FILE`), read from disk through the bounded
// reader as the tools read it.

import Foundation

private let scratch = NSTemporaryDirectory() + "preflight-fuzz-baseline-\(getpid()).json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else {
        preconditionFailure("cannot write \(scratch)")
    }
    do {
        let baseline = try Baseline.load(from: scratch)
        precondition(baseline.version == Baseline.currentVersion)
        precondition(baseline.findings == baseline.findings.sorted(), "entries not sorted")
        precondition(baseline.findings.allSatisfy { $0.count >= 1 && !$0.path.isEmpty })
        // What it writes, it reads back as the same baseline.
        let written = JSONDiagnosticRenderer.encode(baseline)
        let again = try Baseline.parse(Array(written.utf8), path: scratch)
        precondition(again == baseline, "a written baseline reads back differently")
    } catch {
        switch error {
        case .malformed(let path, let detail): precondition(path == scratch && !detail.isEmpty)
        case .unreadable, .unwritable: preconditionFailure("a regular file of \(size) bytes was refused: \(error)")
        }
        precondition(error.errorDescription != nil && error.failureReason != nil && error.recoverySuggestion != nil)
    }
    return 0
}
