import PreflightCore

extension TodoScanner {
    /// Scans the files `discovery` finds under `roots` on all cores, while the tree is still being
    /// walked.
    func scan(_ discovery: FileDiscovery, under roots: [String]) -> TreeScan {
        let (workers, problems) = discovery.visitFiles(under: roots, makeWorker: { ScanWorker() }) { worker, path in
            worker.take(path, scanFile(atPath: path, language: nil, readBuffer: worker.buffer))
        }
        return TreeScan(workers, discoveryProblems: problems)
    }

    /// Scans `paths` (a list already selected, such as the staged files discovery took) as
    /// `source` holds them, on all cores.
    package func scan(_ paths: [String], from source: ContentSource) -> TreeScan {
        let scans = paths.parallelMap(chunkSize: 8) { scanFile(atPath: $0, from: source) }
        let worker = ScanWorker()
        for (path, scan) in zip(paths, scans) { worker.take(path, scan) }
        return TreeScan([worker], discoveryProblems: [])
    }
}

extension TreeScan {
    /// What the workers found, in path order.
    fileprivate init(_ workers: [ScanWorker], discoveryProblems problems: [DiscoveryProblem]) {
        var tree = TreeScan(discoveryProblems: problems)
        for worker in workers {
            worker.buffer.release()
            tree.scannedFileCount += worker.scannedFileCount
            tree.findings += worker.findings
            tree.problems += worker.problems
            tree.directives += worker.directives
        }
        tree.findings.sort { $0.path < $1.path }
        tree.problems.sort { $0.path < $1.path }
        tree.directives.sort { $0.path < $1.path }
        self = tree
    }
}

/// What scanning a tree gave, in path order.
struct TreeScan: Sendable {
    /// Files that hold tags, with their tags.
    var findings: [(path: String, occurrences: [TagOccurrence])] = []
    /// Files that could not be scanned.
    var problems: [ScanProblem] = []
    /// Files with `todoscan:` suppression comments, with them.
    var directives: [(path: String, parsed: SuppressionComments.Parsed)] = []
    /// Paths discovery could not list.
    var discoveryProblems: [DiscoveryProblem]
    /// Files lexed (sources that are not binary), with tags or without.
    var scannedFileCount = 0
}

/// One scanning worker: its read buffer and what it found.
private final class ScanWorker {
    let buffer = ReadBuffer()
    var findings: [(path: String, occurrences: [TagOccurrence])] = []
    var problems: [ScanProblem] = []
    var directives: [(path: String, parsed: SuppressionComments.Parsed)] = []
    var scannedFileCount = 0

    func take(_ path: String, _ scan: FileScan) {
        switch scan {
        case .scanned(let occurrences, let parsed):
            scannedFileCount += 1
            if !occurrences.isEmpty { findings.append((path, occurrences)) }
            if let parsed { directives.append((path, parsed)) }
        case .notSource, .binary:
            break
        case .failed(let problem):
            problems.append(problem)
        }
    }
}
