/// Reads `git cat-file --batch` output as it arrives, in chunks of any size: per object asked,
/// `<object> blob <size>\n<bytes>\n`, or `<name> missing\n` (`ambiguous` likewise). So the first
/// objects can be used while git still prints the others.
struct CatFileBatchParser: Sendable {
    /// The names asked for, in the order git answers.
    private(set) var objects: [String]
    /// Each object's bytes as far as read, in order; `nil` for one git said is missing or that is
    /// not a blob (a tree or a commit where a blob was asked for names no blob).
    private(set) var blobs: [[UInt8]?] = []
    /// Bytes read and not yet parsed begin at `start`.
    private var pending: [UInt8] = []
    private var start = 0

    init(objects: [String]) {
        self.objects = objects
    }

    /// Expects `more` objects after those asked for before.
    mutating func expect(_ more: [String]) {
        objects += more
    }

    /// Whether every object asked for has been read.
    var isComplete: Bool { blobs.count == objects.count }

    /// The object git was printing when its output ended (for an error), `nil` when complete.
    var interruptedObject: String? { isComplete ? nil : objects[blobs.count] }

    /// Takes the next bytes of the output.
    ///
    /// - Throws: ``GitError/failed(command:detail:)`` for a header that is not cat-file's.
    mutating func consume(_ bytes: some Collection<UInt8>) throws(GitError) {
        pending.append(contentsOf: bytes)
        while !isComplete, let newline = pending[start...].firstIndex(of: 10) {
            let header = pending[start..<newline].split(separator: UInt8(ascii: " "))
            if header.last?.elementsEqual("missing".utf8) == true
                || header.last?.elementsEqual("ambiguous".utf8) == true
            {
                blobs.append(nil)
                start = newline + 1
                continue
            }
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)), size >= 0 else {
                throw .failed(
                    command: "git cat-file --batch",
                    detail: "It printed '\(String(decoding: pending[start..<newline], as: UTF8.self))' for "
                        + "\(objects[blobs.count]).")
            }
            // The bytes and the newline after them.
            guard pending.count >= newline + 1 + size + 1 else { break }
            blobs.append(
                header[1].elementsEqual("blob".utf8) ? Array(pending[(newline + 1)..<(newline + 1 + size)]) : nil)
            start = newline + 1 + size + 1
        }
        // Dropping what was parsed copies what is left: only once it is most of the buffer.
        if start > 0, start >= pending.count / 2 {
            pending.removeSubrange(0..<start)
            start = 0
        }
    }
}
