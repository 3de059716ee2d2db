import Foundation
import TestSupport
import Testing

@testable import PrePushKit

/// Coverage of several result bundles merged line by line (the runs again after a flaky pass),
/// and the tests of a bundle by their xcodebuild identifiers.
@Suite("xcodebuild backend: coverage of passing runs merged")
struct XccovMergeTests {
    static let root = "/Users/dev/src/App"

    static func bundle(covering lines: Set<Int>) throws -> XccovMerge.Bundle {
        let (report, archive) = try XcodeRunFixtures.coverage(covering: lines, root: root)
        return XccovMerge.Bundle(
            report: try XccovReport.files(reportJSON: Data(report.utf8), projectRoot: root),
            archive: try XccovArchive.parse(Data(archive.utf8)))
    }

    @Test("Two runs' lines: executed in either counts, counts add up, functions executed in either are covered")
    func mergesLines() throws {
        let merged = try XccovMerge.merge(
            [try Self.bundle(covering: [6, 7, 8]), try Self.bundle(covering: [7, 10, 11, 12])], projectRoot: Self.root)
        let cart = try #require(merged.summary.files.first)
        #expect(merged.summary.files.count == 1)
        #expect(cart.path == "App/Cart.swift" && cart.target == "App.app")
        #expect(cart.lines == CoverageCount(count: 9, covered: 6))
        #expect(cart.functions == CoverageCount(count: 3, covered: 2))
        let lines = try #require(merged.lines.counts[Self.root + "/App/Cart.swift"])
        #expect(lines[6] == 1 && lines[7] == 2 && lines[12] == 1 && lines[14] == 0 && lines.count == 9)
        // The archive's other files (a test bundle's, a dependency's) are kept for the step to filter.
        #expect(merged.lines.counts.count == 3)
    }

    @Test("One run's figures merged alone equal its report's")
    func oneRun() throws {
        let (report, _) = try XcodeRunFixtures.coverage(covering: [6, 7, 8, 14], root: Self.root)
        let alone = try XccovReport.parse(reportJSON: Data(report.utf8), projectRoot: Self.root)
        let merged = try XccovMerge.merge([try Self.bundle(covering: [6, 7, 8, 14])], projectRoot: Self.root)
        #expect(merged.summary == alone)
        #expect(alone.total == CoverageCount(count: 9, covered: 4))
    }

    @Test("A file the report lists and the archive lacks is an error, not a guess")
    func missingArchive() throws {
        var bundle = try Self.bundle(covering: [6])
        bundle.archive.counts[Self.root + "/App/Cart.swift"] = nil
        #expect(throws: XcodeBackendError.self) { try XccovMerge.merge([bundle], projectRoot: Self.root) }
    }

    @Test("Each test by its xcodebuild identifier: the test bundle, then the node identifier; a flaky test names it")
    func identifiers() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: XcodeRunFixtures.folder + "/xcresulttool-tests-retry-flaky.json"))
        let results = try XcodeTestFailures.parse(data)
        #expect(
            results.identifiers == [
                "FlakyFixtureTests/FlakyFixtureTests/testFlaky()": "Passed",
                "FlakyFixtureTests/FlakyFixtureTests/testStablePass()": "Passed",
            ])
        #expect(results.flaky.map(\.identifier) == ["FlakyFixtureTests/FlakyFixtureTests/testFlaky()"])
        let again = try XcodeTestFailures.parse(Data(try XcodeRunFixtures.tests(["testFlaky()": "Failed"]).utf8))
        #expect(again.identifiers == ["FlakyFixtureTests/FlakyFixtureTests/testFlaky()": "Failed"])
        #expect(again.failures.map(\.line) == [33] && again.flaky.isEmpty)
    }
}
