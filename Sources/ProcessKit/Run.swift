extension Command {
    /// Runs the command and waits for it without blocking a Swift concurrency thread.
    ///
    /// The child's exit code does not make this throw: inspect ``ProcessResult/termination`` or
    /// call ``ProcessResult/checked()``.
    ///
    /// - Throws: ``ProcessError`` when the command cannot start, times out, is interrupted by a
    ///   forwarded signal, or leaves standard input unread; `CancellationError` when the task is
    ///   cancelled — in both of the last cases the child's whole process group was torn down
    ///   (`SIGTERM`, grace period, `SIGKILL`) before this returns.
    public func run() async throws -> ProcessResult {
        try Task.checkCancellation()
        let execution = try Execution.launch(self)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DetachedThread.start {
                    continuation.resume(returning: execution.waitForCompletion())
                }
            }
        } onCancel: {
            execution.requestStop(.cancelled)
        }
        return try outcome.resultOrError()
    }

    /// Runs the command and blocks the calling thread until it finishes: for scripts and
    /// synchronous code. Do not call it from Swift concurrency's cooperative threads; use
    /// ``run()`` there.
    ///
    /// - Throws: ``ProcessError`` as ``run()`` does (there is no task to cancel).
    public func runBlocking() throws(ProcessError) -> ProcessResult {
        let execution = try Execution.launch(self)
        do {
            return try execution.waitForCompletion().resultOrError()
        } catch let error as ProcessError {
            throw error
        } catch {
            preconditionFailure("a blocking run cannot be cancelled")
        }
    }

    /// Runs the command and returns its standard output as text, throwing when it does not exit
    /// with 0. Trailing newlines are removed.
    public func output() async throws -> String {
        var command = self
        command.standardOutput = .capture()
        let text = try await command.run().checked().outputText
        return String(text.reversed().drop { $0 == "\n" || $0 == "\r\n" }.reversed())
    }
}

extension Outcome {
    func resultOrError() throws -> ProcessResult {
        switch stopReason {
        case .timedOut:
            throw ProcessError.timedOut(
                result.command.commandLine, after: result.command.timeout ?? .zero, partial: result)
        case .cancelled:
            throw CancellationError()
        case .interrupted(let signal):
            throw ProcessError.interrupted(signal: signal, command: result.command.commandLine, partial: result)
        case nil:
            if let (written, total) = inputShortfall {
                throw ProcessError.standardInputClosed(
                    result.command.commandLine, bytesWritten: written, bytesTotal: total, result: result)
            }
            return result
        }
    }
}
