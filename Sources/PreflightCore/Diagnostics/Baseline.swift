import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Findings a team has accepted (`--write-baseline FILE`), so later runs (`--baseline FILE`)
/// report only new ones.
///
/// The file is JSON with sorted keys, one entry per file, rule and fingerprint, with a count:
///
/// ```json
/// {
///   "findings" : [
///     {
///       "count" : 2,
///       "fingerprint" : "hack:HACK: retry",
///       "path" : "Sources/App/Main.swift",
///       "ruleId" : "hack"
///     }
///   ],
///   "version" : 1
/// }
/// ```
///
/// Paths are relative to the folder holding the baseline file, so it works from any current
/// directory. Lines and columns are not stored: a finding whose code moved is still accepted.
struct Baseline: Sendable, Equatable, Codable {
    /// The format version this code writes and the only one it reads.
    static let currentVersion = 1

    /// One accepted finding, `count` times.
    struct Entry: Sendable, Hashable, Codable, Comparable {
        /// The file, relative to the baseline's folder, `/`-separated (`../` when outside it).
        var path: String
        /// Encoded as `ruleId`.
        var ruleID: String
        var fingerprint: String
        /// How many identical findings are accepted (at least 1).
        var count: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.ruleID, lhs.fingerprint, lhs.count) < (rhs.path, rhs.ruleID, rhs.fingerprint, rhs.count)
        }

        private enum CodingKeys: String, CodingKey {
            case path, fingerprint, count
            case ruleID = "ruleId"
        }
    }

    /// Always ``currentVersion`` once loaded.
    private(set) var version: Int
    /// Accepted findings, sorted by path, rule and fingerprint, each key once.
    private(set) var findings: [Entry]

    /// How many findings are accepted in all.
    var count: Int { findings.reduce(0) { $0 + $1.count } }

    /// A baseline accepting `diagnostics`. `baseDirectory` is the folder the baseline file will
    /// be in; the diagnostics' paths may be relative to the current directory or absolute.
    init(diagnostics: [Diagnostic], relativeTo baseDirectory: String) {
        self.init(diagnostics: diagnostics, relativeTo: baseDirectory, currentDirectory: StandardPath.currentDirectory)
    }

    /// As ``init(diagnostics:relativeTo:)``, with relative diagnostic paths taken from `currentDirectory`.
    init(diagnostics: [Diagnostic], relativeTo baseDirectory: String, currentDirectory: String) {
        var resolver = PathResolver(baseDirectory: baseDirectory, currentDirectory: currentDirectory)
        var counts: [Key: Int] = [:]
        for diagnostic in diagnostics {
            counts[resolver.key(for: diagnostic), default: 0] += 1
        }
        self.init(
            entries: counts.map { Entry(path: $0.path, ruleID: $0.ruleID, fingerprint: $0.fingerprint, count: $1) })
    }

    /// A baseline of these entries: those with the same path, rule and fingerprint are added up,
    /// those with a count below 1 dropped.
    init(entries: [Entry]) {
        var counts: [Key: Int] = [:]
        for entry in entries where entry.count > 0 {
            counts[Key(path: entry.path, ruleID: entry.ruleID, fingerprint: entry.fingerprint), default: 0] +=
                entry.count
        }
        version = Self.currentVersion
        findings = counts.map { Entry(path: $0.path, ruleID: $0.ruleID, fingerprint: $0.fingerprint, count: $1) }
            .sorted()
    }

    // MARK: Matching

    /// Findings not covered by the baseline, in their given order, and how many were covered.
    ///
    /// A finding matches an entry with the same path (relative to `baseDirectory`, the baseline
    /// file's folder), rule id and fingerprint; line and column are ignored. Each entry covers at
    /// most `count` findings: of identical findings beyond that, the ones earliest in the file are
    /// taken as the accepted ones and the later ones are reported.
    func filter(
        _ diagnostics: [Diagnostic], relativeTo baseDirectory: String
    ) -> (reported: [Diagnostic], suppressed: Int) {
        filter(diagnostics, relativeTo: baseDirectory, currentDirectory: StandardPath.currentDirectory)
    }

    /// As ``filter(_:relativeTo:)``, with relative diagnostic paths taken from `currentDirectory`.
    func filter(
        _ diagnostics: [Diagnostic], relativeTo baseDirectory: String, currentDirectory: String
    ) -> (reported: [Diagnostic], suppressed: Int) {
        var matcher = Matcher(self, relativeTo: baseDirectory, currentDirectory: currentDirectory)
        return matcher.filter(diagnostics)
    }

    /// The baseline's counts, consumed as findings are matched: ``filter(_:)`` may be called once
    /// per file (a tool that writes findings as it goes), each file's findings in one call.
    struct Matcher {
        private var remaining: [Key: Int] = [:]
        private var resolver: PathResolver

        init(_ baseline: Baseline, relativeTo baseDirectory: String, currentDirectory: String) {
            for entry in baseline.findings {
                remaining[Key(path: entry.path, ruleID: entry.ruleID, fingerprint: entry.fingerprint), default: 0] +=
                    entry.count
            }
            resolver = PathResolver(baseDirectory: baseDirectory, currentDirectory: currentDirectory)
        }

        /// The findings the baseline does not accept, in their order, and how many it accepted:
        /// within a key, the earliest (by line and column) are accepted first.
        mutating func filter(_ diagnostics: [Diagnostic]) -> (reported: [Diagnostic], suppressed: Int) {
            let keys = diagnostics.map { resolver.key(for: $0) }
            let order = diagnostics.indices.sorted {
                (diagnostics[$0].location.line, diagnostics[$0].location.column, $0)
                    < (diagnostics[$1].location.line, diagnostics[$1].location.column, $1)
            }
            var suppressed = Array(repeating: false, count: diagnostics.count)
            for index in order {
                if let left = remaining[keys[index]], left > 0 {
                    remaining[keys[index]] = left - 1
                    suppressed[index] = true
                }
            }
            let reported = diagnostics.indices.filter { !suppressed[$0] }.map { diagnostics[$0] }
            return (reported, diagnostics.count - reported.count)
        }
    }

    // MARK: Files

    /// Reads a baseline written by ``write(to:)``.
    ///
    /// - Throws: ``BaselineError/unreadable(path:reason:)`` when the file cannot be read,
    ///   ``BaselineError/malformed(path:detail:)`` when it is not a version-1 baseline.
    static func load(from path: String) throws(BaselineError) -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: maximumFileSize)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try parse(bytes, path: path)
    }

    /// The largest baseline read: about 400,000 accepted findings. A bigger file is not a baseline
    /// (`--baseline /dev/zero`), and decoding it would take memory without bound.
    static let maximumFileSize = 64 << 20

    /// Parses a baseline file's bytes (`path` is only used in messages; the fuzz target calls this).
    static func parse(_ bytes: [UInt8], path: String) throws(BaselineError) -> Baseline {
        do {
            return try JSONDecoder().decode(Baseline.self, from: Data(bytes))
        } catch let error as UnsupportedVersion {
            throw .malformed(
                path: path,
                detail: "Its \"version\" is \(error.version); this Preflight reads only version \(currentVersion).")
        } catch let error as DecodingError {
            throw .malformed(path: path, detail: Self.describe(error))
        } catch {
            throw .malformed(path: path, detail: "\(error)")
        }
    }

    /// Writes the baseline as pretty-printed JSON with sorted keys and a final newline (the same
    /// baseline always gives the same bytes), replacing the file atomically.
    ///
    /// - Throws: ``BaselineError/unwritable(path:reason:)``.
    func write(to path: String) throws(BaselineError) {
        let text = JSONDiagnosticRenderer.encode(self)
        do {
            try FileBytes.writeAtomically(Array(text.utf8), to: path)
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }

    // MARK: Coding

    private enum CodingKeys: String, CodingKey {
        case version, findings
    }

    private struct UnsupportedVersion: Error {
        var version: Int
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else { throw UnsupportedVersion(version: version) }
        let entries = try container.decode([Entry].self, forKey: .findings)
        for (index, entry) in entries.enumerated() {
            let problem: String? =
                entry.count < 1
                ? "\"count\" is \(entry.count), but it must be at least 1"
                : entry.path.isEmpty ? "\"path\" is empty" : nil
            if let problem {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [CodingKeys.findings, IndexKey(intValue: index)],
                        debugDescription: problem))
            }
        }
        self.init(entries: entries)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(findings, forKey: .findings)
    }

    private struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// A decoding error as one sentence naming where in the file it is.
    static func describe(_ error: DecodingError) -> String {
        func location(_ path: [any CodingKey]) -> String {
            if path.isEmpty { return "the top level" }
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return String(text.drop { $0 == "." })
        }
        func underlying(_ context: DecodingError.Context) -> String {
            guard let cause = context.underlyingError else { return "" }
            let text = (cause as? any LocalizedError)?.errorDescription ?? "\(cause)"
            return " (\(text))"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "The key \"\(key.stringValue)\" is missing at \(location(context.codingPath))."
        case .typeMismatch(let type, let context):
            return "At \(location(context.codingPath)): expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "At \(location(context.codingPath)): expected \(type) but found null."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "It is not valid JSON: \(context.debugDescription)\(underlying(context))"
            }
            return "At \(location(context.codingPath)): \(context.debugDescription)."
        @unknown default:
            return "\(error)"
        }
    }
}

/// What can go wrong reading or writing a baseline file.
enum BaselineError: LocalizedError, Sendable, Equatable {
    /// The file could not be read (`reason` is the system's).
    case unreadable(path: String, reason: String)
    /// The file is not a baseline this version reads; `detail` says where and why.
    case malformed(path: String, detail: String)
    /// The file could not be written (`reason` is the system's).
    case unwritable(path: String, reason: String)

    var errorDescription: String? {
        switch self {
        case .unreadable(let path, _): "Cannot read the baseline '\(path)'."
        case .malformed(let path, _): "'\(path)' is not a valid Preflight baseline."
        case .unwritable(let path, _): "Cannot write the baseline '\(path)'."
        }
    }

    var failureReason: String? {
        switch self {
        case .unreadable(_, let reason), .unwritable(_, let reason): reason
        case .malformed(_, let detail): detail
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .unreadable(let path, _):
            "Check the path and its permissions. To accept today's findings, create it with `--write-baseline \(path)`."
        case .malformed(let path, _):
            "Fix the JSON, or write a fresh baseline with `--write-baseline \(path)` (it accepts every current"
                + " finding). A baseline with a newer version needs the newer Preflight that wrote it."
        case .unwritable:
            "Check that the folder exists and is writable, or write the baseline somewhere else."
        }
    }
}

/// A baseline's matching key.
private struct Key: Hashable {
    var path: String
    var ruleID: String
    var fingerprint: String
}

/// Turns diagnostics' paths into paths relative to the baseline's folder, each distinct path once.
private struct PathResolver {
    let baseDirectory: String
    let currentDirectory: String
    var cache: [String: String] = [:]

    init(baseDirectory: String, currentDirectory: String) {
        self.baseDirectory = StandardPath.canonical(baseDirectory, relativeTo: currentDirectory)
        self.currentDirectory = currentDirectory
    }

    mutating func key(for diagnostic: Diagnostic) -> Key {
        let path = diagnostic.location.path
        let relative: String
        if let known = cache[path] {
            relative = known
        } else {
            relative = StandardPath.relative(
                StandardPath.canonical(path, relativeTo: currentDirectory), to: baseDirectory)
            cache[path] = relative
        }
        return Key(path: relative, ruleID: diagnostic.ruleID, fingerprint: diagnostic.fingerprint)
    }
}

/// Atomic writes with the system's reason on failure.
private enum FileBytes {
    struct Failure: Error {
        var reason: String
        init(_ code: Int32) { reason = String(cString: strerror(code)) }
    }

    /// Writes a temporary file next to `path`, then renames it over `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw Failure(code)
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(code)
        }
    }
}
