import Foundation
import ProcessKit

/// One `git cat-file --batch`, started before the objects it is to read are known: its start-up
/// (a process, git's own set-up) then runs while the caller works out what to ask, and each blob
/// can be used as soon as git has printed it.
///
/// Whoever ``claim()``s it first asks with ``ask(_:)`` (any number of times, in order), then
/// ``finish()``es; ``blobs(_:)`` waits for the blobs of a range of what was asked. Finish before
/// waiting: git holds its output in a buffer until its input ends (`--buffer`). A batch never
/// finished ends git when it is released.
final class CatFileBatch: Sendable {
    private static let arguments = ["cat-file", "--batch", "--buffer"]

    private let feed = InputFeed()
    private let claimed = Locked(false)
    /// Shared with the threads running git and reading its output (not `self`, so that a batch
    /// released unfinished is deinitialized and ends git).
    private let shared = BatchState()

    /// Starts git in `repository`'s root.
    init(in repository: GitRepository) {
        var command = repository.command(Self.arguments)
        command.standardInput = .feed(feed)
        command.standardOutput = .chunks { [shared] chunk in
            shared.update { state in
                guard state.error == nil else { return }
                do throws(GitError) {
                    try state.parser.consume(chunk)
                } catch {
                    state.error = error
                }
            }
        }
        Thread.detachNewThread { [shared, command] in
            let result = Result { () throws(GitError) in _ = try GitRepository.runChecked(command, Self.arguments) }
            shared.update { $0.ended = result }
        }
    }

    deinit {
        feed.finish()
    }

    /// Whether this call is the first: only its caller asks with this batch.
    func claim() -> Bool {
        claimed.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    /// Asks for `objects` after those asked for before.
    func ask(_ objects: [String]) {
        guard !objects.isEmpty else { return }
        shared.update { $0.parser.expect(objects) }
        feed.write(Array(objects.joined(separator: "\n").utf8) + [10])
    }

    /// Nothing more will be asked.
    func finish() {
        feed.finish()
    }

    /// The bytes of the objects asked for at `positions` (in the order asked), once git has
    /// printed them.
    ///
    /// - Throws: ``GitError`` when git fails or its output cannot be read before then, or one of
    ///   them is missing or no blob.
    func blobs(_ positions: Range<Int>) throws(GitError) -> [[UInt8]] {
        // The blobs are taken under the lock: a copy of the whole reading would share its
        // buffer with the parser, and the parser's next chunk would copy it.
        let answer = shared.wait(
            until: { $0.parser.blobs.count >= positions.upperBound || $0.error != nil || $0.ended != nil },
            then: { state -> Result<[[UInt8]], GitError> in
                Result { () throws(GitError) in
                    if let error = state.error { throw error }
                    if state.parser.blobs.count < positions.upperBound {
                        try state.ended?.get()
                        let object = state.parser.interruptedObject ?? "the objects asked for"
                        throw .failed(
                            command: GitRepository.display(Self.arguments), detail: "Its output ended before \(object)."
                        )
                    }
                    var blobs: [[UInt8]] = []
                    for position in positions {
                        guard let blob = state.parser.blobs[position] else {
                            throw .failed(
                                command: GitRepository.display(Self.arguments),
                                detail: "It printed 'missing' for \(state.parser.objects[position]).")
                        }
                        blobs.append(blob)
                    }
                    return blobs
                }
            })
        return try answer.get()
    }
}

/// What the threads of a ``CatFileBatch`` have read, guarded by a condition: waiters are woken
/// when a blob is complete and at the end.
private final class BatchState: @unchecked Sendable {
    struct Reading {
        var parser = CatFileBatchParser(objects: [])
        var error: GitError?
        /// Set once git has ended, with its failure if it failed.
        var ended: Result<Void, GitError>?
    }

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var reading = Reading()

    func update(_ change: (inout Reading) -> Void) {
        condition.lock()
        let before = (reading.parser.blobs.count, reading.error == nil, reading.ended == nil)
        change(&reading)
        // Waiters wait for a whole blob or the end: a chunk that completes none wakes nobody.
        if (reading.parser.blobs.count, reading.error == nil, reading.ended == nil) != before {
            condition.broadcast()
        }
        condition.unlock()
    }

    /// `answer` of the reading once `done` holds for it, under the lock.
    func wait<Answer>(until done: (Reading) -> Bool, then answer: (Reading) -> Answer) -> Answer {
        condition.lock()
        defer { condition.unlock() }
        while !done(reading) { condition.wait() }
        return answer(reading)
    }
}
