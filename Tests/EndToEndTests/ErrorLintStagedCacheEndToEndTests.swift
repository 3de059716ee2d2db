import Foundation
import ProcessKit
import Testing

/// The built `errorlint --staged` with its cache of what staged Swift blobs mention
/// (`.git/preflight/errorlint-source-facts`): the same output and exit status with the cache, without
/// it and with a damaged one.
@Suite("errorlint --staged's blob cache end to end", .serialized)
struct ErrorLintStagedCacheEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let errorlint = ToolCommandTests.productsDirectory + "/errorlint"

    @Test("A type made a LocalizedError in a new file is checked whether its declaration is cached or read")
    func cachedAndUncachedAgree() async throws {
        let repository = try await Repository.make(files: [
            "Sources/Kit/Failure.swift": "enum Failure: Error {\n    case lost\n}\n",
            "Sources/Kit/Other.swift": "struct Other {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try repository.write(
            "Sources/Kit/Failure+Text.swift",
            "import Foundation\n\nextension Failure: LocalizedError {\n    var errorDescription: String? { nil }\n}\n")
        try await repository.run("git", ["add", "-A"]).checked()
        let cache = repository.work + "/.git/preflight/errorlint-source-facts"

        let first = try await repository.run(Self.errorlint, ["--staged"])
        #expect(FileManager.default.fileExists(atPath: cache))
        #expect(first.outputText.contains("Sources/Kit/Failure+Text.swift:"), "\(first.outputText)\(first.errorText)")
        let cached = try await repository.run(Self.errorlint, ["--staged"])
        try "damaged\n".write(toFile: cache, atomically: true, encoding: .utf8)
        let damaged = try await repository.run(Self.errorlint, ["--staged"])
        try FileManager.default.removeItem(atPath: cache)
        let uncached = try await repository.run(Self.errorlint, ["--staged"])
        for run in [cached, damaged, uncached] {
            #expect(run.termination == first.termination)
            #expect(run.outputText == first.outputText)
            #expect(run.errorText == first.errorText)
        }
    }
}
