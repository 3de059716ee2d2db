import ErrorLintSettings
import Foundation
import PreflightCore

/// Parses one file within bounds: on a thread of its own with a large stack (swift-syntax's parser
/// and the visitors recurse once per nesting level, and a worker thread's default stack overflows
/// at about a thousand), and with a time limit (the parser takes exponential time on some nesting,
/// such as array types inside array types). A file that is not parsed in time is reported, and the
/// others are still checked; its thread is left to finish on its own, and ends with the process.
enum GuardedParse {
    /// The parsing thread's stack. Only reserved address space: pages are used as the recursion
    /// reaches them. With ``NestingDepth/limit`` it leaves a wide margin.
    static let stackSize = 512 << 20

    /// Seconds one file's parse may take by default: a real file of tens of thousands of lines
    /// parses in well under a second.
    static let defaultTimeLimit = ErrorLintOptions.defaultParseTimeLimit

    /// The declarations of `source` (the file at `path`), or the problem that names the file.
    static func collect(
        path: String, source: String, timeLimit: Double
    ) -> ParseOutcome {
        let slot = ParseSlot()
        let thread = Thread {
            slot.finish(DeclarationCollector.collect(path: path, source: source))
        }
        thread.stackSize = stackSize
        thread.name = "errorlint parse"
        thread.start()
        guard let declarations = slot.wait(seconds: timeLimit) else {
            return .failed(
                DiscoveryProblem(
                    path: path,
                    reason: "Parsing took longer than \(Self.seconds(timeLimit)), so the file was not checked "
                        + "(swift-syntax's parser takes exponential time on some nesting, such as array types "
                        + "nested twenty deep). Simplify the nesting, exclude the file, or raise parseTimeLimit."))
        }
        return .parsed(declarations)
    }

    static func seconds(_ value: Double) -> String {
        let whole = value.rounded() == value
        let text = whole ? String(Int(value)) : String(value)
        return text + (value == 1 ? " second" : " seconds")
    }
}

/// One file's declarations, or why there are none.
enum ParseOutcome {
    case parsed(FileDeclarations)
    case failed(DiscoveryProblem)
}

/// Where the parsing thread leaves its result.
private final class ParseSlot: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: FileDeclarations?

    func finish(_ declarations: FileDeclarations) {
        lock.withLock { result = declarations }
        done.signal()
    }

    /// The result, or `nil` when it did not come within `seconds`.
    func wait(seconds: Double) -> FileDeclarations? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { result }
    }
}
