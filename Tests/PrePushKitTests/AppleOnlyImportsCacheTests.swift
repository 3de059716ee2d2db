import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// ``AppleOnlyImportsCache``: what each Swift blob imports that this machine lacks, kept by object
/// id, so a push reads from git only the blobs it has not read before.
@Suite struct AppleOnlyImportsCacheTests {
    let blob = String(repeating: "a", count: 40)
    let other = String(repeating: "b", count: 64)

    @Test func linesThatAreNotExactlyRightAreDropped() {
        let cache = AppleOnlyImportsCache(entries: [blob: ["UIKit", "os"], other: []])
        #expect(AppleOnlyImportsCache.parse(cache.serialized()) == cache)
        let planted =
            AppleOnlyImportsCache.header + "\n"
            + [
                blob + " UIKit", "ABC UIKit", String(repeating: "A", count: 40), other + " NotAModule",
                String(repeating: "c", count: 40) + "  UIKit", "",
            ].joined(separator: "\n")
        #expect(AppleOnlyImportsCache.parse(Array(planted.utf8)).entries == [blob: ["UIKit"]])
        // Another header (an older format, version or module list): nothing is kept.
        let older = "preflight apple-only imports 0\n" + blob + " UIKit\n"
        #expect(AppleOnlyImportsCache.parse(Array(older.utf8)).entries.isEmpty)
        #expect(AppleOnlyImportsCache.parse([]).entries.isEmpty)
    }

    @Test func newEntriesFirstThenOldUpToTheBound() {
        let cache = AppleOnlyImportsCache(entries: [blob: ["UIKit"]])
        #expect(cache.adding([other: []]).entries == [blob: ["UIKit"], other: []])
        #expect(cache.adding([blob: []]).entries == [blob: []])
    }

    /// A package whose source imports UIKit is not built here; its blob's answer is read from the
    /// cache afterwards (a planted answer is believed, a damaged line is read from git again).
    @Test(.enabled(if: AppleOnlyImports.hostLacksAppleModules))
    func manifestReadingUsesTheCache() async throws {
        let fixture = try GitFixture("apple-only-cache")
        try fixture.write(
            "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Phone", targets: [.target(name: "Phone")])
            """)
        try fixture.write("Sources/Phone/View.swift", "import UIKit\nlet view = 1\n")
        try fixture.commitAll("phone")
        let repository = GitRepository(root: fixture.root)
        let gitDirectory = fixture.path(".git")
        let listing = try await TreeListing.read(try await repository.tree(of: "HEAD"), in: repository)
        let layout = try RepositoryLayout.discover(listing, settings: LayoutSettings())
        let scratch = TemporaryFolder("apple-only-cache-scratch")
        let reader = ManifestDependencies(
            gitDirectory: gitDirectory, scratchDirectory: scratch.path,
            environment: Environment.inherit.removing(GitRepository.clearedVariables))
        func modules() async throws -> [String]? {
            try await reader.read(layout, in: listing, repository: repository).summaries[""]?.appleOnly?.modules
        }
        #expect(try await modules() == ["UIKit"])
        let path = AppleOnlyImportsCache.path(gitDirectory: gitDirectory)
        let object = try #require(listing.objects["Sources/Phone/View.swift"])
        #expect(AppleOnlyImportsCache.read(at: path).entries == [object: ["UIKit"]])
        AppleOnlyImportsCache(entries: [object: []]).write(to: path)
        #expect(try await modules() == nil)
        try Data((AppleOnlyImportsCache.header + "\n" + object + " NotAModule\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(try await modules() == ["UIKit"])
        #expect(AppleOnlyImportsCache.read(at: path).entries == [object: ["UIKit"]])
    }
}
