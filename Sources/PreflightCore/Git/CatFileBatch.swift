import ProcessKit

/// One `git cat-file --batch`, started before the objects it is to read are known: its start-up
/// (a process, git's own set-up) then runs while the caller works out what to ask, and the blobs
/// come back as git prints them.
///
/// Call ``read(_:firstCount:)`` once, by whoever ``claim()``s it first (an empty list ends git at
/// once); then ``firstBlobs()`` gives the first blobs as soon as they are read, ``blobs()`` all of
/// them. A batch never read ends git when it is released.
final class CatFileBatch: Sendable {
    private static let arguments = ["cat-file", "--batch", "--buffer"]

    private struct Reading: Sendable {
        var parser = CatFileBatchParser(objects: [])
        var error: GitError?
        var firstCount = 0
        var firstGiven = false
    }

    private let feed = InputFeed()
    private let claimed = Locked(false)
    private let reading = Locked(Reading())
    private let first = Handoff<Result<[[UInt8]], GitError>>()
    private let run: BackgroundCall<Result<[[UInt8]], GitError>>

    /// Starts git in `repository`'s root.
    init(in repository: GitRepository) {
        var command = GitRepository.command(Self.arguments, in: repository.root)
        command.standardInput = .feed(feed)
        command.standardOutput = .chunks { [reading, first] chunk in
            let part = reading.withLock { state -> [[UInt8]]? in
                guard state.error == nil else { return nil }
                do throws(GitError) {
                    try state.parser.consume(chunk)
                } catch {
                    state.error = error
                    return nil
                }
                guard !state.firstGiven, state.parser.blobs.count >= state.firstCount else { return nil }
                let part = state.parser.blobs.prefix(state.firstCount).compactMap { $0 }
                // A missing object among them: its error comes when git has ended.
                guard part.count == state.firstCount else { return nil }
                state.firstGiven = true
                return part
            }
            if let part { first.offer(.success(part)) }
        }
        run = BackgroundCall { [command, reading, first] in
            let result = Result { () throws(GitError) -> [[UInt8]] in
                _ = try GitRepository.runChecked(command, Self.arguments)
                return try Self.collect(reading.current)
            }
            let count = reading.current.firstCount
            first.offer(result.map { Array($0.prefix(count)) })
            return result
        }
    }

    deinit {
        feed.finish()
    }

    /// Whether this call is the first: only its caller reads with this batch.
    func claim() -> Bool {
        claimed.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    /// Asks for `objects`, the first `firstCount` of them wanted first (``firstBlobs()``).
    func read(_ objects: [String], firstCount: Int = 0) {
        reading.withLock { state in
            state.parser = CatFileBatchParser(objects: objects)
            state.firstCount = firstCount
        }
        if firstCount == 0 { first.offer(.success([])) }
        if !objects.isEmpty { feed.write(Array(objects.joined(separator: "\n").utf8) + [10]) }
        feed.finish()
    }

    /// The first `firstCount` blobs, as soon as git has printed them.
    ///
    /// - Throws: ``GitError`` as ``blobs()`` does, when it fails before.
    func firstBlobs() throws(GitError) -> [[UInt8]] {
        try first.value().get()
    }

    /// The bytes of each object asked for, in order, once git has ended.
    ///
    /// - Throws: ``GitError`` when git fails, its output cannot be read, or an object is missing
    ///   or no blob.
    func blobs() throws(GitError) -> [[UInt8]] {
        try run.value().get()
    }

    private static func collect(_ state: Reading) throws(GitError) -> [[UInt8]] {
        if let error = state.error { throw error }
        if let object = state.parser.interruptedObject {
            throw .failed(command: GitRepository.display(arguments), detail: "Its output ended before \(object).")
        }
        var blobs: [[UInt8]] = []
        for (object, blob) in zip(state.parser.objects, state.parser.blobs) {
            guard let blob else {
                throw .failed(command: GitRepository.display(arguments), detail: "It printed 'missing' for \(object).")
            }
            blobs.append(blob)
        }
        return blobs
    }
}
