/// A file a scanner did not read because it is over the size limit (`maxFileSize`).
package struct SkippedFile: Sendable, Hashable {
    /// As the run prints paths.
    package var path: String
    /// Its size in bytes, as far as it was seen.
    package var size: Int

    package init(path: String, size: Int) {
        self.path = path
        self.size = size
    }
}

/// The one line a scanner prints about the files it skipped for their size: never silent, never
/// a page of its own.
package enum SkippedFiles {
    /// `tool: warning: skipped 2 files over the 67108864-byte limit (maxFileSize): A.swift
    /// (70000000 bytes), B.swift (80000000 bytes)`, with a line end; `nil` when none was skipped.
    package static func line(_ files: [SkippedFile], limit: Int, tool: String) -> String? {
        guard !files.isEmpty else { return nil }
        let listed = files.sorted { $0.path < $1.path }.map { "\($0.path) (\($0.size) bytes)" }
        let count = files.count == 1 ? "1 file" : "\(files.count) files"
        return "\(tool): warning: skipped \(count) over the \(limit)-byte limit (maxFileSize, --max-file-size): "
            + listed.joined(separator: ", ") + "\n"
    }

    /// Why a `maxFileSize` value cannot be used, or `nil` when it can: it must be at least 1.
    package static func problem(withLimit limit: Int) -> String? {
        limit >= 1
            ? nil
            : "It must be a number of bytes of at least 1 (\(limit) would skip every file, so nothing would be checked)."
    }
}
