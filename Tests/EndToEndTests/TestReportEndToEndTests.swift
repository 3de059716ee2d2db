import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush --test-report junit=PATH` on a real package whose one test target holds
/// XCTest and Swift Testing tests (passing, failing, skipped, parameterized), tested by the real
/// toolchain both ways SwiftPM's tests run: one `swift test`, and each target on its own through
/// the test executable (`--affected-tests`). The report is read back by junitparser (PyPI) and
/// validated against Jenkins' junit-10.xsd where xmllint is installed.
@Suite("Test report end to end", .serialized)
struct TestReportEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"
    static let schema =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/PrePushKitTests/Fixtures/junit-10.xsd"

    static func makeRepository() async throws -> PrePushEndToEndTests.Repository {
        try await PrePushEndToEndTests.Repository.make(files: [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
            """,
            "Sources/Calc/Calc.swift": "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n",
            "Tests/CalcTests/ClassicTests.swift": """
            import Calc
            import XCTest

            final class ClassicTests: XCTestCase {
                func testAdds() { XCTAssertEqual(add(1, 2), 3) }
                func testWrong() { XCTAssertEqual(add(2, 2), 5, "two and two") }
                func testLater() throws { throw XCTSkip("not on this machine") }
            }
            """,
            "Tests/CalcTests/ModernTests.swift": """
            import Calc
            import Testing

            @Suite struct Adding {
                @Test func small() { #expect(add(1, 1) == 2) }
                @Test(arguments: [1, 2, 3]) func positive(value: Int) { #expect(add(value, value) != 4) }
                @Test(.disabled("waiting for a fix")) func disabled() {}
            }
            """,
        ])
    }

    /// Runs prepush with `arguments` and reads the report at `path` back: what junitparser read
    /// (a failure where it is not available), after validating it against junit-10.xsd.
    static func reportOfRun(
        _ repository: PrePushEndToEndTests.Repository, _ arguments: [String], path: String
    ) async throws -> (run: ProcessResult, cases: [[String: Any]]) {
        try? FileManager.default.removeItem(atPath: path)
        let run = try await repository.run(Self.prepush, arguments + ["--test-report", "junit=" + path])
        #expect(FileManager.default.fileExists(atPath: path), "\(run.errorText)")
        if let xmllint = Command.locate("xmllint", searchPath: ProcessInfo.processInfo.environment["PATH"]) {
            let result = try await Command(xmllint, ["--noout", "--nonet", "--schema", schema, path]).run()
            #expect(result.succeeded, "xmllint: \(result.errorText)")
        } else {
            // A cross-check that could not run is no pass.
            Issue.record(
                "xmllint is not installed (Debian/Ubuntu: libxml2-utils, as .ci/run installs it): not validated")
        }
        return (run, JUnitParser.cases(try JUnitParser.read(path)))
    }

    /// The cases both ways of running must report.
    static func expectCases(_ cases: [[String: Any]], classPrefix: String) {
        func named(_ name: String) -> [String: Any]? { cases.first { $0["name"] as? String == name } }
        #expect(cases.count == 6, "\(cases)")
        #expect(named("testAdds")?["result"] as? String == "passed")
        #expect(named("testAdds")?["classname"] as? String == classPrefix + "ClassicTests")
        #expect(named("testWrong")?["result"] as? String == "failure")
        #expect(
            (named("testWrong")?["message"] as? String)?.hasPrefix("Tests/CalcTests/ClassicTests.swift:6: ") == true,
            "\(named("testWrong") ?? [:])")
        #expect((named("testWrong")?["message"] as? String)?.contains("two and two") == true)
        #expect(named("testLater")?["result"] as? String == "skipped")
        #expect(named("testLater")?["message"] as? String == "not on this machine")
        #expect(named("small()")?["result"] as? String == "passed")
        #expect(named("small()")?["classname"] as? String == "CalcTests.Adding")
        #expect(named("positive(value:)")?["result"] as? String == "failure")
        #expect(
            (named("positive(value:)")?["message"] as? String)?.hasPrefix(
                "Tests/CalcTests/ModernTests.swift:6: (arguments: 2) Expectation failed") == true,
            "\(named("positive(value:)") ?? [:])")
        #expect(named("disabled()")?["result"] as? String == "skipped")
        #expect(named("disabled()")?["message"] as? String == "waiting for a fix")
    }

    @Test(
        "One swift test, and each target through the test executable: the same cases, failures with file:line, skips, arguments; a path outside the repository only from the command line"
    )
    func junitBothWays() async throws {
        let repository = try await Self.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        let outside = repository.root + "/reports/junit.xml"

        let whole = try await Self.reportOfRun(repository, ["--no-cache"], path: outside)
        #expect(whole.run.termination == .exited(1), "\(whole.run.errorText)")
        #expect(whole.run.errorText.contains("prepush: test report (junit) written to \(outside)"))
        Self.expectCases(whole.cases, classPrefix: "")

        let each = try await Self.reportOfRun(repository, ["--no-cache", "--affected-tests"], path: outside)
        #expect(each.run.termination == .exited(1), "\(each.run.errorText)")
        #expect(each.run.errorText.contains("(Swift Testing)"), "\(each.run.errorText)")
        // Run per target, XCTest's classes are named with their module.
        Self.expectCases(each.cases, classPrefix: "CalcTests.")

        // From .preflight.json a path must stay inside the repository: refused before anything runs.
        try repository.write(".preflight.json", #"{"prepush": {"testReport": {"junit": "\#(outside)"}}}"#)
        let refused = try await repository.run(Self.prepush, ["--no-cache"])
        #expect(refused.termination == .exited(2))
        #expect(refused.errorText.contains("is outside the repository"), "\(refused.errorText)")
        try repository.write(".preflight.json", #"{"prepush": {"testReport": {"junit": ".build/junit.xml"}}}"#)
        let inside = try await repository.run(Self.prepush, ["--no-cache", "--work-tree"])
        #expect(inside.termination == .exited(1))
        #expect(FileManager.default.fileExists(atPath: repository.work + "/.build/junit.xml"), "\(inside.errorText)")
    }
}
