/// Where a scanner reads the files it was given: the work tree (the file system), or git's index
/// (the staged content, for `--staged`). Both answer as ``BoundedFile`` does, so a scanner reads
/// through one call whatever the source.
package enum ContentSource: Sendable {
    /// The files as they are on disk.
    case workTree
    /// The files as they are staged (``StagedIndex``, its files loaded).
    case index(StagedIndex)

    /// The bytes of `path` (absolute for the index), which must hold at most `limit` bytes.
    ///
    /// - Throws: ``BoundedFileError``.
    package func read(_ path: String, limit: Int) throws(BoundedFileError) -> [UInt8] {
        switch self {
        case .workTree: try BoundedFile.read(path, limit: limit)
        case .index(let index): try index.contents(of: path, limit: limit)
        }
    }
}
