import Foundation
import TestSupport
import Testing

@testable import PrePushKit

/// SwiftPM's products folder found from the link `swift build` leaves, without running SwiftPM.
@Suite("Products folder")
struct ProductsFolderTests {
    @Test("The configuration's link resolves to the triple's folder; no link, no answer")
    func link() throws {
        let scratch = NSTemporaryDirectory() + "prepush-scratch-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(
            atPath: scratch + "/x86_64-unknown-linux-gnu/debug", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch + "/debug", withDestinationPath: "x86_64-unknown-linux-gnu/debug")
        // Physical, as the product reports it (resolvingSymlinksInPath drops a /private prefix).
        let real = physicalPath(scratch + "/x86_64-unknown-linux-gnu/debug")
        #expect(CoverageCollector.productsFolder(scratchPath: scratch, configuration: "debug") == real)
        #expect(CoverageCollector.productsFolder(scratchPath: scratch, configuration: "release") == nil)
        #expect(CoverageCollector.productsFolder(scratchPath: scratch + "/missing", configuration: "debug") == nil)
    }

    @Test("The binary llvm-cov reads: the test executable itself (Linux), Contents/MacOS/<name> in a bundle (macOS)")
    func testBinary() throws {
        let products = NSTemporaryDirectory() + "prepush-products-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: products) }
        try FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: true)
        let collector = CoverageCollector(packageRoot: products, binPath: products, environment: [:])
        #expect(collector.testBinary() == nil)

        // macOS: a bundle, its binary inside, named after it.
        let bundle = products + "/ShopPackageTests.xctest"
        try FileManager.default.createDirectory(atPath: bundle + "/Contents/MacOS", withIntermediateDirectories: true)
        #expect(collector.testBinary() == bundle + "/Contents/MacOS/ShopPackageTests")

        // Linux: one executable file.
        try FileManager.default.removeItem(atPath: bundle)
        #expect(
            FileManager.default.createFile(
                atPath: bundle, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        #expect(collector.testBinary() == bundle)
    }
}
