import Foundation
import TestSupport
import Testing

/// The products folder is found from the tests' own bundle, not from `argv[0]`.
@Suite("Products folder of the tests")
struct ProductsFolderTests {
    @Test("It holds the fixture and the test bundle, and does not depend on argv[0]")
    func holdsTheProducts() throws {
        let folder = ProductsFolder.path
        #expect(folder.hasPrefix("/"))
        #expect(!folder.contains(".xctest"))
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/processkit-fixture"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(entries.contains { $0.hasSuffix("PackageTests.xctest") }, "\(entries)")
    }
}
