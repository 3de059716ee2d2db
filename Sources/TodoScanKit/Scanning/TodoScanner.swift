import Foundation
import PreflightCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scans files for tags in comments. Files are read on all cores; only files that contain a tag
/// word at all are lexed.
struct TodoScanner: Sendable {
    /// The tags and how they are written.
    var syntax: TagSyntax = TagSyntax()
    /// Files larger than this are reported and skipped rather than read (bounded memory).
    var maximumFileSize: Int = 64 << 20

    /// The tags in `text`, read as `language`.
    func occurrences(in text: String, language: SourceLanguage) -> [TagOccurrence] {
        var copy = text
        return copy.withUTF8 { occurrences(in: $0, language: language) }
    }

    /// The tags in `source`, read as `language`.
    func occurrences(in source: UnsafeBufferPointer<UInt8>, language: SourceLanguage) -> [TagOccurrence] {
        let finder = TagFinder(syntax: syntax)
        let candidates = finder.candidates(in: source)
        guard candidates?.isEmpty != true else { return [] }  // no tag word anywhere: nothing to lex
        let spans = CommentLexer.comments(in: source, language: language, through: candidates?.last ?? .max)
        return finder.occurrences(in: source, spans: spans, candidates: candidates)
    }

    /// Scans one file. Files of no known language, binary files (a NUL byte in the first 8 KiB)
    /// and files over ``maximumFileSize`` are not lexed.
    func scanFile(atPath path: String, language explicitLanguage: SourceLanguage? = nil) -> FileScan {
        let buffer = ReadBuffer()
        defer { buffer.release() }
        return scanFile(atPath: path, language: explicitLanguage, readBuffer: buffer)
    }

    /// Scans one file, reading it into `readBuffer` (reused across files: no fresh pages per file).
    func scanFile(atPath path: String, language explicitLanguage: SourceLanguage?, readBuffer: ReadBuffer) -> FileScan {
        guard let language = explicitLanguage ?? SourceLanguage(path: path) else { return .notSource }
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer (forever); it changes
        // nothing for regular files, and anything else is reported below.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failed(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failed(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failed(.unreadable(path: path, reason: "not a regular file"))
        }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else {
            return .failed(.tooLarge(path: path, size: size, limit: maximumFileSize))
        }
        let buffer = readBuffer.reserve(max(size, 1))
        var filled = 0
        while filled < size {
            let count = read(descriptor, buffer.baseAddress! + filled, size - filled)
            if count > 0 {
                filled += count
            } else if count == 0 {
                break  // the file shrank while we read it
            } else if errno != EINTR {
                return .failed(.unreadable(path: path, reason: String(cString: strerror(errno))))
            }
        }
        return scan(UnsafeBufferPointer(rebasing: buffer[..<filled]), language: language)
    }

    /// Scans one file as `source` holds it: the work tree's file, or its staged bytes in git's
    /// index. Files of no known language, binary files and files over ``maximumFileSize`` are not
    /// lexed, whatever the source.
    package func scanFile(atPath path: String, from source: ContentSource) -> FileScan {
        guard case .index = source else { return scanFile(atPath: path) }
        guard let language = SourceLanguage(path: path) else { return .notSource }
        do {
            return try source.read(path, limit: maximumFileSize).withUnsafeBufferPointer {
                scan($0, language: language)
            }
        } catch {
            if case .tooLarge(_, let size, let limit) = error {
                return .failed(.tooLarge(path: path, size: size, limit: limit))
            }
            return .failed(.unreadable(path: path, reason: error.reason))
        }
    }

    /// A file's bytes, read: binary (a NUL byte in the first 8 KiB) or lexed.
    private func scan(_ source: UnsafeBufferPointer<UInt8>, language: SourceLanguage) -> FileScan {
        if !source.isEmpty, memchr(source.baseAddress!, 0, min(source.count, 8192)) != nil { return .binary }
        return .scanned(
            occurrences(in: source, language: language), directives: directives(in: source, language: language))
    }

    /// The `todoscan:` suppression comments of `source`, or `nil` when it has none (the whole file is
    /// lexed only when the text `todoscan:disable` or `todoscan:enable` occurs in it).
    func directives(
        in source: UnsafeBufferPointer<UInt8>, language: SourceLanguage
    ) -> SuppressionComments.Parsed? {
        guard ByteSearch.contains(source, "todoscan:disable") || ByteSearch.contains(source, "todoscan:enable") else {
            return nil
        }
        var comments: [SourceComment] = []
        var lines = LineCounter(source)
        for span in CommentLexer.comments(in: source, language: language) {
            // The line of the comment's content (its delimiter is on the same line).
            let (line, column, _) = lines.position(of: span.start)
            let lineStart = span.start - column + 1
            let text = String(decoding: UnsafeBufferPointer(rebasing: source[span.start..<span.end]), as: UTF8.self)
            guard SuppressionComments.mayContain(text, tool: "todoscan") else { continue }
            // The column of the opening delimiter: `#`, or `//` and `/*`.
            let delimiter = language == .python || language == .hashComments ? 1 : 2
            comments.append(SourceComment(text: text, line: line, column: span.start - delimiter - lineStart + 1))
        }
        let parsed = SuppressionComments.parse(comments, tool: "todoscan")
        return parsed.directives.isEmpty && parsed.malformed.isEmpty ? nil : parsed
    }
}

/// A growable byte buffer, reused for the files one worker reads.
final class ReadBuffer {
    private var storage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    /// At least `capacity` bytes; the contents are not kept.
    func reserve(_ capacity: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if storage.count < capacity {
            storage.deallocate()
            storage = .allocate(capacity: max(capacity, 256 << 10))
        }
        return storage
    }

    func release() {
        storage.deallocate()
        storage = UnsafeMutableBufferPointer(start: nil, count: 0)
    }
}

/// What scanning one file gave.
enum FileScan: Sendable, Hashable {
    /// Lexed; these tags were found (possibly none), and these suppression comments (when any).
    case scanned([TagOccurrence], directives: SuppressionComments.Parsed? = nil)
    /// Not a language todoscan reads.
    case notSource
    /// A NUL byte in the first 8 KiB: skipped.
    case binary
    /// Could not be read.
    case failed(ScanProblem)
}

/// A file that could not be scanned.
enum ScanProblem: LocalizedError, Sendable, Hashable {
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, size: Int, limit: Int)

    /// The file's path.
    var path: String {
        switch self {
        case .unreadable(let path, _), .tooLarge(let path, _, _): path
        }
    }

    var errorDescription: String? {
        switch self {
        case .unreadable(let path, _): "Cannot read '\(path)'."
        case .tooLarge(let path, let size, _): "Skipped '\(path)': \(size) bytes is too large to scan."
        }
    }

    var failureReason: String? {
        switch self {
        case .unreadable(_, let reason): "The file could not be opened or read: \(reason)."
        case .tooLarge(_, _, let limit): "Files over \(limit) bytes are not read, to keep memory bounded."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .unreadable: "Check the file's permissions, or exclude it with --exclude."
        case .tooLarge: "Raise --max-file-size if this file really holds source code, or exclude it."
        }
    }
}
