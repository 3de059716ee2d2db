import Foundation

extension GitRepository {
    /// What ``blobs(_:sizeLimit:)`` found for one name.
    package enum BoundedBlob: Sendable, Equatable {
        case contents([UInt8])
        /// A blob larger than the limit, not read: its size in bytes.
        case tooLarge(Int)
        /// The name names no blob.
        case missing
    }

    /// The content of each blob `names` names, like ``blobs(_:)``, but a blob over `sizeLimit`
    /// bytes is not read: git says every size first (`cat-file --batch-check`), so an object that
    /// someone else wrote (a shared note) cannot make this process read gigabytes.
    package func blobs(_ names: [String], sizeLimit: Int) async throws -> [BoundedBlob] {
        guard !names.isEmpty else { return [] }
        let asked = names.map { $0.contains("\n") ? "-" : $0 }
        var check = Self.command(
            ["cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"], in: root)
        check.standardInput = .bytes(Self.batchInput(asked))
        check.standardOutput = .capture(limit: 1 << 24)
        check.standardError = .capture(limit: 1 << 20)
        let checked = try await check.run()
        guard checked.succeeded else { throw Self.failure(checked, ["cat-file", "--batch-check"]) }
        let lines = checked.outputText.split(separator: "\n", omittingEmptySubsequences: false)
        var answers = [BoundedBlob](repeating: .missing, count: names.count)
        var small: [(position: Int, object: String)] = []
        for position in names.indices where position < lines.count {
            // `<object> blob <size>`, or `<name> missing` (and `ambiguous`) for what names nothing.
            let fields = lines[position].split(separator: " ")
            guard fields.count == 3, fields[1] == "blob", let size = Int(fields[2]) else { continue }
            if size > sizeLimit {
                answers[position] = .tooLarge(size)
            } else {
                small.append((position, String(fields[0])))
            }
        }
        for (found, contents) in zip(small, try await blobs(small.map(\.object))) {
            if let contents { answers[found.position] = .contents(contents) }
        }
        return answers
    }
}
