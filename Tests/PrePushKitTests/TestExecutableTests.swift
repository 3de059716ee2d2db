import Foundation
import Testing

@testable import PrePushKit

/// How a test target runs on its own: the test executable found (a file, as on Linux) or not (a
/// bundle, as on macOS), its XCTest classes read from `--list-tests`, and the two runs it makes.
@Suite("Test executable")
struct TestExecutableTests {
    @Test("--list-tests lines become each module's test classes; other lines are ignored")
    func classes() {
        let listing = """
            Listing 4 tests in debug.xctest:

            GeometryTests.GeometryTests/testArea
            GeometryTests.GeometryTests/testPerimeter
            GeometryTests.ShapeTests/testCircle
            CheckoutTests.QuoteTests/testQuote
            """
        #expect(
            TestExecutable.classes(listing: listing) == [
                "GeometryTests": ["GeometryTests.GeometryTests", "GeometryTests.ShapeTests"],
                "CheckoutTests": ["CheckoutTests.QuoteTests"],
            ])
        let executable = TestExecutable(
            path: "/p/ShopPackageTests.xctest", folder: "/p", classes: TestExecutable.classes(listing: listing))
        #expect(
            executable.runs(module: "GeometryTests").map(\.argv) == [
                ["/p/ShopPackageTests.xctest", "GeometryTests.GeometryTests,GeometryTests.ShapeTests"],
                ["/p/ShopPackageTests.xctest", "--testing-library", "swift-testing", "--filter", "^GeometryTests\\."],
            ])
        // A module with Swift Testing tests only: one run.
        #expect(executable.runs(module: "PricingTests").map(\.library) == ["Swift Testing"])
        let variables = executable.variables(profileFolder: "/run/p", environment: ["LD_LIBRARY_PATH": "/lib"])
        #expect(variables["LD_LIBRARY_PATH"] == "/lib:/p")
        #expect(variables["LLVM_PROFILE_FILE"] == "/run/p/%p.profraw")
    }

    @Test("An executable file is run directly; a bundle (a folder, as macOS builds it) is left to swift test")
    func findsOnlyAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("test-executable-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(TestExecutable.find(in: folder) == nil)
        try FileManager.default.createDirectory(
            atPath: folder + "/ShopPackageTests.xctest/Contents/MacOS", withIntermediateDirectories: true)
        #expect(TestExecutable.find(in: folder) == nil)
        try FileManager.default.removeItem(atPath: folder + "/ShopPackageTests.xctest")
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/ShopPackageTests.xctest", contents: Data("#!/bin/sh\n".utf8),
                attributes: [.posixPermissions: 0o755]))
        #expect(TestExecutable.find(in: folder) == folder + "/ShopPackageTests.xctest")
    }
}
