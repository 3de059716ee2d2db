import Foundation
import ProcessKit

/// One piece of a discovery: a folder to list, or files to visit.
enum DiscoveryWork {
    case folder(root: String, relative: String)
    case files([String])
}

/// What listing one folder gave.
struct FolderListing {
    /// Files and folders, relative to the walk's root.
    var files: [String] = []
    var folders: [String] = []
    /// Set when the folder could not be opened.
    var problem: DiscoveryProblem?
    /// Entries whose names are not UTF-8, relative to the walk's root.
    var undecodable: [UndecodableName] = []
}

/// The work still to do in a discovery, shared by its workers. A worker that finds the queue empty
/// waits while another is still busy (it may add folders), and stops once nobody is.
final class WalkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [DiscoveryWork] = []
    private var busyWorkers = 0

    /// Adds work, waking waiting workers.
    func add(_ work: [DiscoveryWork]) {
        guard !work.isEmpty else { return }
        condition.lock()
        pending += work
        condition.broadcast()
        condition.unlock()
    }

    /// The next piece of work, or `nil` when everything is done. Each piece taken must be
    /// followed by ``finished()``.
    func next() -> DiscoveryWork? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty {
            if busyWorkers == 0 { return nil }
            condition.wait()
        }
        busyWorkers += 1
        return pending.removeLast()
    }

    /// Marks the piece last taken by this worker as done.
    func finished() {
        condition.lock()
        busyWorkers -= 1
        if busyWorkers == 0 && pending.isEmpty { condition.broadcast() }
        condition.unlock()
    }
}

/// The paths visited so far, when several roots may reach the same file.
struct SeenPaths: Sendable {
    private let paths = Locked(Set<String>())

    /// Whether `path` is new.
    func insert(_ path: String) -> Bool {
        paths.withLock { $0.insert(path).inserted }
    }
}

/// Each worker's state and problems, kept until all have finished.
final class WorkerResults<Worker>: @unchecked Sendable {
    private let state: Locked<(workers: [Worker?], problems: [DiscoveryProblem])>

    init(count: Int) {
        state = Locked((Array(repeating: nil, count: count), []))
    }

    func store(_ index: Int, worker: Worker, problems: [DiscoveryProblem]) {
        state.withLock {
            $0.workers[index] = worker
            $0.problems += problems
        }
    }

    func collect() -> (workers: [Worker], problems: [DiscoveryProblem]) {
        state.withLock { ($0.workers.compactMap { $0 }, $0.problems) }
    }
}

/// The worker state of ``FileDiscovery/files(under:)``: the paths one worker visited.
struct FileList {
    var paths: [String] = []
}
