import Foundation
import PrePushKit
import Testing

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
        let real = URL(fileURLWithPath: scratch + "/x86_64-unknown-linux-gnu/debug").resolvingSymlinksInPath().path
        #expect(CoverageCollector.productsFolder(scratchPath: scratch, configuration: "debug") == real)
        #expect(CoverageCollector.productsFolder(scratchPath: scratch, configuration: "release") == nil)
        #expect(CoverageCollector.productsFolder(scratchPath: scratch + "/missing", configuration: "debug") == nil)
    }
}
