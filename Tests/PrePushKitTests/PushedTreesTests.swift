import Foundation
import PreflightCore
import TestSupport
import Testing

@testable import PrePushKit

/// The pushed commits' trees and listings read while deciding are git's own answers, and planning
/// asks git itself for anything they leave out.
@Suite("Pushed trees")
struct PushedTreesTests {
    @Test("Each pushed commit's tree and listing, as rev-parse and ls-tree give them; a commit pushed twice once")
    func treesAndListings() async throws {
        let fixture = try GitFixture("pushed-trees")
        try fixture.write("Package.swift", "// swift-tools-version: 6.0\n")
        try fixture.write("Sources/A/a.swift", "let a = 1\n")
        try fixture.commitAll("first")
        let first = try fixture.git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        try fixture.write("Sources/B/b.swift", "let b = 2\n")
        try fixture.commitAll("second")
        let second = try fixture.git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        let repository = GitRepository(root: fixture.root)

        let pushed = await PushedTrees.read([second, first, second], in: repository)
        #expect(pushed.trees.count == 2)
        for commit in [first, second] {
            let tree = try fixture.git("rev-parse", commit + "^{tree}").trimmingCharacters(in: .newlines)
            #expect(pushed.trees[commit] == tree)
            #expect(pushed.listings[tree] == (try await TreeListing.read(tree, in: repository)))
        }
        #expect(pushed.listings.values.contains { $0.files.contains("Sources/B/b.swift") })
    }

    @Test("Nothing read ahead for a commit git does not have, or for more commits than the limit")
    func leftToPlanning() async throws {
        let fixture = try GitFixture("pushed-trees-missing")
        try fixture.write("a.swift", "let a = 1\n")
        try fixture.commitAll("first")
        let head = try fixture.git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
        let repository = GitRepository(root: fixture.root)
        let missing = String(repeating: "1", count: 40)
        #expect(await PushedTrees.read([head, missing], in: repository) == PushedTrees())
        #expect(await PushedTrees.read([], in: repository) == PushedTrees())
        let many = (0...PushedTrees.limit).map { String(repeating: String($0), count: 40) }
        #expect(await PushedTrees.read(many, in: repository) == PushedTrees())
    }
}
