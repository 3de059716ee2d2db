import Foundation
import TestSupport
import Testing

@testable import ErrorLintKit
@testable import ErrorLintSettings
@testable import PreflightCore

@Suite("errorlint's cache of what staged Swift blobs mention")
struct SourceFactsCacheTests {
    static let object = String(repeating: "a", count: 40)

    @Test("Entries written are read back as they were, words with bytes that are not UTF-8 too")
    func roundTrip() {
        var cache = SourceFactsCache()
        cache.entries[Self.object] = SourceFacts(size: 12, isSeed: true, mentions: ["Failure", "LocalizedError"])
        cache.entries[String(repeating: "b", count: 64)] = SourceFacts(
            size: 0, isSeed: false, mentions: [String(decoding: [0x41, 0xFF], as: UTF8.self)])
        cache.entries[String(repeating: "c", count: 40)] = SourceFacts(size: 3, isSeed: false, mentions: [])
        #expect(SourceFactsCache.parse(cache.serialized()) == cache)
    }

    @Test("Another header is no cache; a line that is not exactly right is dropped, the others kept")
    func damagedLines() {
        let good = "\(Self.object) 10 - Failure Kit"
        #expect(SourceFactsCache.parse(Array("other header\n\(good)\n".utf8)).entries.isEmpty)
        let lines = [
            good,
            "\(String(repeating: "A", count: 40)) 10 - Upper",  // not git's lower-case hex
            "\(String(repeating: "d", count: 39)) 10 - Short",
            "\(String(repeating: "e", count: 40)) -1 - Negative",
            "\(String(repeating: "f", count: 40)) 99999999999999 - Huge",
            "\(String(repeating: "1", count: 40)) 10 x Flag",
            "\(String(repeating: "2", count: 40)) 10 - Two  Spaces",
            "\(String(repeating: "3", count: 40)) 10 - Slash/Word",
            "\(String(repeating: "4", count: 40)) 10 - Tab\tWord",
            "\(String(repeating: "5", count: 40)) 10",
        ]
        let parsed = SourceFactsCache.parse(
            Array((SourceFactsCache.header + "\n" + lines.joined(separator: "\n")).utf8))
        #expect(parsed.entries == [Self.object: SourceFacts(size: 10, isSeed: false, mentions: ["Failure", "Kit"])])
    }

    @Test("errorlint --staged with the cache finds what it finds without it; one entry per staged Swift blob")
    func stagedRunsAgree() throws {
        let project = try TemporaryProject(files: [
            "Sources/Kit/Failure.swift": "enum Failure: Error { case lost }\n",
            "Sources/Kit/Other.swift": "struct Other {}\n",
        ])
        try GitFixture.git(["init", "-q"], in: project.root)
        try GitFixture.git(["add", "-A"], in: project.root)
        try GitFixture.git(["commit", "-q", "-m", "start"], in: project.root)
        // The type becomes a LocalizedError in another file: Failure.swift is known from the
        // cache and must still be parsed (it declares the type the extension is about).
        try project.write(
            "Sources/Kit/Failure+Text.swift",
            "import Foundation\nextension Failure: LocalizedError {\n  var errorDescription: String? { nil }\n}\n")
        try GitFixture.git(["add", "-A"], in: project.root)
        // As errorlint runs it (the cache read while git lists the index, the files it reads whole
        // read ahead), and with nothing ahead.
        func run(ahead: Bool = true) throws -> (findings: [String], parsed: Int, types: Int) {
            var options = project.options()
            options.adoption.checksStaged = true
            let analysis: ErrorLintAnalysis
            if ahead {
                let (staged, cache) = try StagedIndex.read(
                    in: project.root, allFiles: true, preloading: ErrorLintAnalysis.isRead
                ) { ErrorLintAnalysis.factsCache(for: options, commonDirectory: $0) }
                analysis = ErrorLintAnalysis.read(options, staged: staged, factsCache: cache)
            } else {
                analysis = ErrorLintAnalysis.read(
                    options, staged: try StagedIndex.read(in: project.root, allFiles: true))
            }
            let findings = ErrorLintRun.diagnostics(for: analysis, options: options, in: project.root).map {
                "\($0.location.path):\($0.location.line) [\($0.ruleID)] \($0.message)"
            }
            return (findings, analysis.parsedFileCount, analysis.errorTypes.count)
        }
        let cachePath = project.root + "/.git/preflight/errorlint-source-facts"
        let first = try run()
        #expect(first.types == 1 && first.parsed == 2 && !first.findings.isEmpty, "\(first)")
        #expect(FileManager.default.fileExists(atPath: cachePath))
        let cached = SourceFactsCache.read(at: cachePath)
        #expect(cached.entries.count == 3)
        func fileNumber() throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: cachePath)[.systemFileNumber] as? Int
        }
        let written = try fileNumber()
        // Nothing new learned, nothing dropped: the cache is not written again.
        #expect(try run() == first)
        #expect(try run(ahead: false) == first)
        #expect(try fileNumber() == written)

        // A changed file is read again (its blob is new); the others come from the cache, which
        // is written again without the blob no longer staged.
        try project.write("Sources/Kit/Other.swift", "struct Other { let failure: Failure }\n")
        try GitFixture.git(["add", "-A"], in: project.root)
        #expect(try run() == first)
        #expect(try fileNumber() != written)
        #expect(SourceFactsCache.read(at: cachePath).entries.count == 3)
        #expect(try run(ahead: false) == first)
        // A damaged cache costs a read, never a finding.
        try project.write(".git/preflight/errorlint-source-facts", SourceFactsCache.header + "\nnot a line\n")
        #expect(try run() == first)
        try FileManager.default.removeItem(atPath: cachePath)
        #expect(try run() == first)
    }
}
