import Foundation

/// A file the fuzz targets that read from disk (`baseline`, `configuration`) write each input to,
/// so the bounded reader reads it as the tools do: one per target and process.
struct ScratchFile {
    let path: String

    init(target: String) {
        path = NSTemporaryDirectory() + "preflight-fuzz-\(target)-\(getpid()).json"
    }

    /// Replaces the file's content with the input's bytes.
    func write(_ data: UnsafePointer<UInt8>, _ size: Int) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else {
            preconditionFailure("cannot write \(path)")
        }
    }
}
