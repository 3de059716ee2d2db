import Foundation
import Testing

@testable import PreflightCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inputs issue 25 found: `/dev/zero`, a FIFO and a huge file given as a baseline or a
/// configuration file; file names that are not UTF-8; a report of many findings written in pieces.
@Suite("Hostile inputs to the shared readers")
struct HostileInputTests {
    private func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("/dev/zero, a FIFO and a folder are refused at once, naming what they are")
    func notRegularFiles() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: BoundedFileError.notRegularFile(path: "/dev/zero", kind: "a character device")) {
            try BoundedFile.read("/dev/zero", limit: 1 << 20)
        }
        // O_NONBLOCK: no writer, and still no hang.
        #expect(throws: BoundedFileError.notRegularFile(path: fifo, kind: "a FIFO (named pipe)")) {
            try BoundedFile.read(fifo, limit: 1 << 20)
        }
        #expect(throws: BoundedFileError.notRegularFile(path: folder, kind: "a folder")) {
            try BoundedFile.read(folder, limit: 1 << 20)
        }
        #expect(throws: BaselineError.self) { try Baseline.load(from: "/dev/zero") }
        #expect(throws: BaselineError.self) { try Baseline.load(from: fifo) }
        do {
            _ = try ConfigurationFile(contentsOf: fifo)
            Issue.record("a FIFO was read as a configuration file")
        } catch {
            #expect(error == .unreadable(path: fifo, reason: "It is a FIFO (named pipe), not a regular file."))
        }
    }

    @Test("A file over the limit is refused before it is read; one at the limit is read whole")
    func sizeLimit() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let big = folder + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        truncate(big, off_t(ConfigurationFile.maximumFileSize + 1))  // sparse: no disk, no time
        #expect(
            throws: BoundedFileError.tooLarge(
                path: big, size: ConfigurationFile.maximumFileSize + 1, limit: ConfigurationFile.maximumFileSize)
        ) {
            try BoundedFile.read(big, limit: ConfigurationFile.maximumFileSize)
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationFile(contentsOf: big) }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/small.json"))
        #expect(try BoundedFile.read(folder + "/small.json", limit: 2) == Array("{}".utf8))
    }

    @Test("A name that is not UTF-8 is reported, in git and outside it, never skipped in silence")
    func undecodableNames() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var name = Array((folder + "/bad").utf8)
        name += [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer {
            open(
                $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: name.count) { $0 }, O_WRONLY | O_CREAT,
                0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        try Data("// ok\n".utf8).write(to: URL(fileURLWithPath: folder + "/good.swift"))
        let walked = FileDiscovery(usesGit: false).files(under: [folder])
        #expect(walked.files == [folder + "/good.swift"])
        #expect(walked.problems.map(\.path) == [folder + "/bad\\xE9.swift"])
        #expect(walked.problems.first?.undecodableName?.hasSuffix(".swift") == true)

        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["sh", "-c", "git init -q . && git add -A"]
        git.currentDirectoryURL = URL(fileURLWithPath: folder)
        try git.run()
        git.waitUntilExit()
        let listed = FileDiscovery().files(under: [folder])
        #expect(listed.files == [folder + "/good.swift"])
        #expect(listed.problems.map(\.path) == [folder + "/bad\\xE9.swift"])
    }

    @Test("Written in pieces, JSON and SARIF are the bytes rendering the whole report gives")
    func streamedDocuments() {
        var many = DiagnosticSamples.report
        many.diagnostics = (1...3000).map { line in
            Diagnostic(
                location: SourceLocation(path: "Sources/A.swift", line: line, column: 4), severity: .warning,
                message: "TODO: x", ruleID: line.isMultiple(of: 7) ? "other" : "todo")
        }
        for format in [DiagnosticFormat.json, .sarif, .text, .github] {
            for report in [DiagnosticSamples.report, DiagnosticSamples.empty, many] {
                let renderer = format.renderer()
                var pieces: [String] = []
                renderer.write(report) { pieces.append($0) }
                #expect(pieces.joined() == renderer.render(report), "\(format)")
                #expect(pieces.allSatisfy { $0.utf8.count < OutputChunks.size * 2 }, "\(format)")
            }
        }
    }
}
