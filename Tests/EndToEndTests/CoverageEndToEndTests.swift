import Foundation
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit
@testable import PreflightCore

/// A small real package, built and tested with coverage by the real toolchain (about 20 s).
@Suite("Coverage end to end", .serialized)
struct CoverageEndToEndTests {
    /// The fixture package and its builds, removed at the test's end.
    private let scratch = TemporaryFolder("prepush-coverage")

    /// Writes the fixture package into `root` and returns `root`.
    static func makeFixture(at root: String) throws -> String {
        let files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Calc",
                targets: [
                    .target(name: "Calc"), .target(name: "Format", dependencies: ["Calc"]),
                    .executableTarget(name: "calc-tool", dependencies: ["Calc"]), .target(name: "Extra"),
                    .testTarget(name: "CalcTests", dependencies: ["Calc", "Format"]),
                ])
            """,
            // An executable and a library that no test links: absent from the test binary.
            "Sources/calc-tool/main.swift": """
            import Calc
            let total = add(2, 3)
            if total > 4 {
                print(sign(total))
            }
            """,
            "Sources/Extra/Extra.swift": """
            public func triple(_ a: Int) -> Int {
                let result = a * 3
                return result
            }
            """,
            "Sources/Calc/Calc.swift": """
            public func add(_ a: Int, _ b: Int) -> Int { a + b }
            public func sign(_ a: Int) -> String {
                if a > 0 {
                    return "positive"
                } else if a < 0 {
                    return "negative"
                }
                return "zero"
            }
            """,
            "Sources/Format/Format.swift": """
            import Calc
            public func describe(_ a: Int) -> String { "\\(a) is \\(sign(a))" }
            public func unused() -> Int { 42 }
            """,
            "Tests/CalcTests/CalcTests.swift": """
            import Calc
            import Format
            import Testing
            @Test func adds() { #expect(add(1, 2) == 3) }
            @Test func describes() { #expect(describe(1) == "1 is positive") }
            """,
        ]
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// `swift build` and `swift test` of the fixture at `root` with coverage, as prepush runs them.
    static func buildAndTestWithCoverage(_ root: String) async throws {
        for arguments in [
            ["build", "--build-tests", "--enable-code-coverage"], ["test", "--skip-build", "--enable-code-coverage"],
        ] {
            var step = Command("swift", arguments, workingDirectory: root)
            step.timeout = .seconds(600)
            try await step.run().checked()
        }
    }

    @Test("The total equals llvm-cov report with .build and Tests ignored; targets and files are listed")
    func totalMatchesLLVMCovReport() async throws {
        let root = try Self.makeFixture(at: scratch.path)
        try await Self.buildAndTestWithCoverage(root)
        let binPath = try await Command("swift", ["build", "--show-bin-path"], workingDirectory: root).output()
        let collector = CoverageCollector(
            packageRoot: root, binPath: binPath, environment: ProcessInfo.processInfo.environment)
        let summary = try await collector.summary()
        #expect(summary.files.map(\.path) == ["Sources/Calc/Calc.swift", "Sources/Format/Format.swift"])
        #expect(summary.targets.map(\.name) == ["Calc", "Format"])

        // On a Mac: the swift shim and xcrun first, then another LLVM's tools (Debian's LLVM 14,
        // which cannot read these profiles), then the toolchain. The same coverage, read the same way.
        let toolchain = try await SwiftCompilerFolder.locate(
            environment: ProcessInfo.processInfo.environment, directory: NSTemporaryDirectory()
        ).get().path
        let shims = try StandInFolder()
        defer { shims.remove() }
        try shims.swiftShim(toolchain: toolchain)
        try shims.xcrun(answering: toolchain, log: shims.path + "/log")
        let foreign = try shims.foreignLLVM()
        let mac = CoverageCollector(
            packageRoot: root, binPath: binPath,
            environment: ["PATH": [shims.path, foreign, "/bin", toolchain].joined(separator: ":")])
        #expect(try await mac.summary() == summary)

        let report = try await Command(
            try await ToolchainTool.locate(
                "llvm-cov", environment: ProcessInfo.processInfo.environment, directory: root),
            [
                "report", try #require(collector.testBinary()), "-instr-profile", collector.profileDataPath,
                #"-ignore-filename-regex=\.build|Tests"#,
            ]
        ).output()
        // TOTAL row: … Lines, Missed Lines, Cover …
        let total = try #require(report.split(separator: "\n").first { $0.hasPrefix("TOTAL") })
        let columns = total.split(separator: " ")
        let lines = try #require(Int(columns[7]))
        let missed = try #require(Int(columns[8]))
        #expect(summary.total.count == lines)
        #expect(summary.total.covered == lines - missed)
        #expect(String(format: "%.2f%%", summary.total.percent) == String(columns[9]))

        // Coverage of changed lines: commit, add an untested function, test again.
        try "/.build\n".write(toFile: root + "/.gitignore", atomically: true, encoding: .utf8)
        try GitFixture.git(["init", "-q"], in: root)
        try GitFixture.git(["add", "-A"], in: root)
        try GitFixture.git(["commit", "-q", "-m", "initial"], in: root)
        let format = root + "/Sources/Format/Format.swift"
        try
            (try String(contentsOfFile: format, encoding: .utf8)
            + "\npublic func shout(_ text: String) -> String {\n    text.uppercased()\n}\n").write(
                toFile: format, atomically: true, encoding: .utf8)
        for arguments in [
            ["build", "--build-tests", "--enable-code-coverage"], ["test", "--skip-build", "--enable-code-coverage"],
        ] {
            try await Command("swift", arguments, workingDirectory: root).run().checked()
        }
        let added = try AddedLines.since("HEAD", in: root)
        let diff = DiffCoverage(added: added, coverage: try await collector.lineCoverage(), packageRoot: root)
        #expect(try await mac.lineCoverage() == (try await collector.lineCoverage()))
        #expect(diff.files.map(\.path) == ["Sources/Format/Format.swift"])
        #expect(diff.missingCount == diff.coverableCount && diff.coverableCount >= 2)
        #expect(diff.percent == 0)
        // Line 3 counts as changed too: it gained the newline it lacked.
        #expect(diff.warnings.first == "Sources/Format/Format.swift:3: warning: not covered by tests")
        #expect(diff.report.hasPrefix("Sources/Format/Format.swift (0.0 %): missing lines 3-6\n"))

        let table = summary.table(includingFiles: true)
        #expect(table.contains("Calc"))
        #expect(table.contains("  Sources/Format/Format.swift"))
        #expect(table.split(separator: "\n").last!.hasPrefix("Total"))
    }

    @Test(
        "Targets no test links (an executable, a library) are in the coverage at 0 %, and the total equals llvm-cov report on the same objects"
    )
    func untestedTargets() async throws {
        let root = try Self.makeFixture(at: scratch.path)
        try await Self.buildAndTestWithCoverage(root)
        let binPath = try await Command("swift", ["build", "--show-bin-path"], workingDirectory: root).output()
        let describe = try await Command("swift", ["package", "describe", "--type", "json"], workingDirectory: root)
            .output()
        let graph = try PackageGraph.parse(describeJSON: Data(describe.utf8), packageRoot: root)
        let untested = UntestedTargets.find(graph: graph, binPath: binPath)
        #expect(untested.names == ["Extra", "calc-tool"])
        #expect(untested.unbuilt.isEmpty)
        // The module's folder, by its c99 name.
        #expect(untested.objects.contains { $0.hasSuffix("/calc_tool.build/main.swift.o") })
        #expect(!untested.objects.contains { $0.hasSuffix(".swiftmodule.o") })

        var collector = CoverageCollector(
            packageRoot: root, binPath: binPath, environment: ProcessInfo.processInfo.environment)
        let alone = try await collector.summary()
        #expect(alone.targets.map(\.name) == ["Calc", "Format"])
        collector.objects = untested.objects
        let summary = try await collector.summary()
        #expect(summary.targets.map(\.name) == ["Calc", "Extra", "Format", "calc-tool"])
        for name in ["Extra", "calc-tool"] {
            let target = try #require(summary.targets.first { $0.name == name })
            #expect(target.lines.count > 0 && target.lines.covered == 0, "\(name): \(target.lines)")
        }
        // What the tests ran is counted as before: the tested targets' figures do not change.
        #expect(summary.files.filter { ["Calc", "Format"].contains($0.target) } == alone.files)

        let report = try await Command(
            try await ToolchainTool.locate(
                "llvm-cov", environment: ProcessInfo.processInfo.environment, directory: root),
            [
                "report", try #require(collector.testBinary()), "-instr-profile", collector.profileDataPath,
                #"-ignore-filename-regex=\.build|Tests"#,
            ] + collector.objectArguments
        ).output()
        let total = try #require(report.split(separator: "\n").first { $0.hasPrefix("TOTAL") })
        let columns = total.split(separator: " ")
        let lines = try #require(Int(columns[7]))
        let missed = try #require(Int(columns[8]))
        #expect(summary.total.count == lines)
        #expect(summary.total.covered == lines - missed)
        #expect(summary.total.count > alone.total.count)

        // The lines too: the executable's are there, never run.
        let counts = try await collector.lineCoverage().counts
        let tool = try #require(
            counts[physicalPath(root) + "/Sources/calc-tool/main.swift"])
        #expect(!tool.isEmpty && tool.values.allSatisfy { $0 == 0 })
    }

    @Test("No profile (tests failed or never ran) is a clear error, not a crash")
    func noProfile() async throws {
        let collector = CoverageCollector(
            packageRoot: "/nonexistent", binPath: "/nonexistent/.build/debug",
            environment: ProcessInfo.processInfo.environment)
        let error = await #expect(throws: CoverageError.self) { try await collector.summary() }
        #expect(error?.failureReason?.contains("SwiftPM writes no profile when a test fails") == true)
    }

    @Test("lcov parsing and line ranges")
    func lcov() {
        let coverage = LineCoverage.parse(
            lcov: "SF:/p/Sources/A/a.swift\nDA:1,3\nDA:2,0\nDA:3,0\nDA:5,0\nend_of_record\n")
        #expect(coverage.counts["/p/Sources/A/a.swift"] == [1: 3, 2: 0, 3: 0, 5: 0])
        let added = AddedLines(lines: ["/p/Sources/A/a.swift": [1...3, 5...5]])
        let diff = DiffCoverage(added: added, coverage: coverage, packageRoot: "/p")
        #expect(
            diff.report
                == "Sources/A/a.swift (25.0 %): missing lines 2-3, 5\nAdded lines: 4 coverable, 3 not covered, 25.0 % covered\n"
        )
    }
}
