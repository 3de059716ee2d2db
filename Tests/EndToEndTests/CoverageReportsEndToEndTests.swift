import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush` on a real package (two targets, a generated file left out by
/// `coverageExclude`), built and tested with coverage by the real toolchain: the exports, the run
/// record and the per-target and per-file minimums, against the table prepush prints and against
/// `llvm-cov report` itself (a minute or two: three checks).
@Suite("Coverage reports end to end", .serialized)
struct CoverageReportsEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"
    static let dtd =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/PrePushKitTests/Fixtures/coverage-04.dtd"
    /// SonarQube's published schema of its generic coverage report.
    static let sonarSchema =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/PrePushKitTests/Fixtures/sonar-generic-coverage.xsd"

    /// The `Total` row of the coverage table in prepush's output: covered, lines, percent.
    static func tableTotal(_ output: String) -> (covered: Int, lines: Int, percent: String)? {
        guard let row = output.split(separator: "\n").last(where: { $0.hasPrefix("Total ") }) else { return nil }
        let columns = row.split(separator: " ")
        guard columns.count == 4, let covered = Int(columns[1]), let lines = Int(columns[2]) else { return nil }
        return (covered, lines, String(columns[3].dropLast()))
    }

    /// The five exports in `folder` (`lcov.info`, `cobertura.xml`, `sonar.xml`, `coverage.json`,
    /// `index.html`) carry `covered` of `lines`; the Cobertura XML is valid against coverage-04.dtd
    /// and the Sonar XML against sonar-generic-coverage.xsd.
    static func expectSameFigures(in folder: String, covered: Int, lines: Int) async throws {
        let percent = String(format: "%.2f", lines == 0 ? 100 : Double(covered) * 100 / Double(lines))
        let lcov = try String(contentsOfFile: folder + "/lcov.info", encoding: .utf8)
        func sum(_ prefix: String) -> Int {
            lcov.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap { Int($0.dropFirst(prefix.count)) }
                .reduce(0, +)
        }
        #expect(sum("LF:") == lines && sum("LH:") == covered)

        let cobertura = try String(contentsOfFile: folder + "/cobertura.xml", encoding: .utf8)
        #expect(cobertura.contains("lines-covered=\"\(covered)\" lines-valid=\"\(lines)\""))
        #expect(
            cobertura.contains("<coverage line-rate=\"\(String(format: "%.4f", Double(covered) / Double(lines)))\""))
        // Validated where xmllint is installed (CoverageExportTests says so when it is not).
        if let xmllint = Command.locate("xmllint", searchPath: ProcessInfo.processInfo.environment["PATH"]) {
            let result = try await Command(
                xmllint, ["--noout", "--nonet", "--dtdvalid", dtd, folder + "/cobertura.xml"]
            ).run()
            #expect(result.succeeded, "xmllint: \(result.errorText)")
        } else {
            // A cross-check that could not run is no pass.
            Issue.record(
                "xmllint is not installed (Debian/Ubuntu: libxml2-utils, as .ci/run installs it): not validated")
        }

        // SonarQube's generic coverage: a lineToCover per coverable line, covered when run, and
        // valid against SonarQube's schema where xmllint is installed.
        let sonar = try String(contentsOfFile: folder + "/sonar.xml", encoding: .utf8)
        #expect(sonar.components(separatedBy: "<lineToCover ").count - 1 == lines)
        #expect(sonar.components(separatedBy: #"covered="true""#).count - 1 == covered)
        if let xmllint = Command.locate("xmllint", searchPath: ProcessInfo.processInfo.environment["PATH"]) {
            let result = try await Command(
                xmllint, ["--noout", "--nonet", "--schema", sonarSchema, folder + "/sonar.xml"]
            ).run()
            #expect(result.succeeded, "xmllint: \(result.errorText)")
        } else {
            // A cross-check that could not run is no pass.
            Issue.record(
                "xmllint is not installed (Debian/Ubuntu: libxml2-utils, as .ci/run installs it): not validated")
        }

        let json = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/coverage.json")))
        let total = (json as? [String: Any])?["total"] as? [String: Any]
        let jsonLines = total?["lines"] as? [String: Any]
        #expect(jsonLines?["covered"] as? Int == covered && jsonLines?["count"] as? Int == lines)
        #expect((jsonLines?["percent"] as? Double).map { String(format: "%.2f", $0) } == percent)

        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("Total: <strong>\(percent) %</strong> of \(lines) lines (\(covered) covered"))
    }

    /// `llvm-cov` of the compiler that builds the fixture, by SwiftPM's rule: beside it, in its
    /// resource folder's `../../bin` as `swift -print-target-info` names it. Not `xcrun --find`,
    /// which answers Xcode's LLVM under swiftly or a swift.org toolchain on a Mac, nor the folder
    /// of `swift`'s real path, which on a Mac is the `/usr/bin` shim's.
    static func llvmCov() async throws -> String {
        let info = try await Command("swift", ["-print-target-info"]).output()
        let object = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
        let paths = try #require(object?["paths"] as? [String: Any], "\(info)")
        let resources = try #require(paths["runtimeResourcePath"] as? String, "\(info)")
        return ((resources as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            + "/bin/llvm-cov"
    }

    @Test(
        "Exports equal the table and llvm-cov report (.build, Tests and the excluded file ignored); run records; minimums per target and file"
    )
    func reportsAndMinimums() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository(
            test: """
                import Calc
                import Format
                import Testing
                @Test func adds() { #expect(add(1, 2) == 3) }
                @Test func grades() { #expect(grade(95) == "A") }
                @Test func describes() { #expect(describe(2) == "2!") }
                """)
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try repository.write(
            "Package.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Calc",
                targets: [
                    .target(name: "Calc"), .target(name: "Format"),
                    .testTarget(name: "CalcTests", dependencies: ["Calc", "Format"]),
                ])
            """)
        try repository.write(
            "Sources/Calc/Grade.swift",
            """
            public func grade(_ score: Int) -> String {
                if score >= 90 {
                    return "A"
                } else if score >= 50 {
                    return "B"
                }
                return "C"
            }

            """)
        try repository.write("Sources/Format/Format.swift", "public func describe(_ a: Int) -> String { \"\\(a)!\" }\n")
        try repository.write(
            "Sources/Format/Generated.swift",
            (1...6).map { "public func generated\($0)() -> Int {\n    \($0)\n}\n" }.joined())
        try repository.write(".gitignore", ".build/\ncoverage/\n")
        try repository.write(
            ".preflight.json",
            """
            {"prepush": {
                "coverageExclude": ["Generated.swift"],
                "coverageReports": {"lcov": "coverage/lcov.info", "cobertura": "coverage/cobertura.xml"}
            }}
            """)
        try await repository.commit("two targets")
        let out = repository.work + "/coverage"

        // 1. A passing check writing all four exports and the run record.
        let first = try await repository.run(
            Self.prepush,
            [
                "--coverage-files", "--coverage-report", "json=coverage/coverage.json", "--coverage-report",
                "html=coverage/index.html", "--coverage-report", "sonar=coverage/sonar.xml", "--report",
                "json=coverage/run.json",
            ])
        #expect(first.termination == .exited(0), "\(first.errorText)")
        let table = try #require(Self.tableTotal(first.errorText))
        #expect(first.errorText.contains("  Sources/Format/Format.swift"))
        #expect(!first.errorText.contains("  Sources/Format/Generated.swift"))
        // Named by its physical path (on a Mac, TMPDIR's /var/folders is /private/var/folders).
        #expect(first.errorText.contains("coverage report (lcov) written to \(physicalPath(out))/lcov.info"))
        try await Self.expectSameFigures(in: out, covered: table.covered, lines: table.lines)

        // The total is llvm-cov's own, with the excluded file ignored as well.
        let binPath = repository.work + "/.build/debug"
        // The test binary: the executable itself on Linux, the one inside the bundle on macOS.
        let tests = TestProduct(package: "Calc", in: binPath)
        let report = try await Command(
            try await Self.llvmCov(),
            [
                "report", tests.binary, "-instr-profile", binPath + "/codecov/default.profdata",
                #"-ignore-filename-regex=\.build|Tests|Generated\.swift"#,
            ]
        ).output()
        let totalRow = try #require(report.split(separator: "\n").first { $0.hasPrefix("TOTAL") })
        let columns = totalRow.split(separator: " ")
        #expect(table.lines == Int(columns[7]))
        #expect(table.covered == (Int(columns[7]) ?? 0) - (Int(columns[8]) ?? 0))
        #expect(table.percent + "%" == String(columns[9]))
        // llvm-cov's lcov has one DA record per line it counts here (no line shared by two functions).
        let lcov = try String(contentsOfFile: out + "/lcov.info", encoding: .utf8)
        #expect(lcov.split(separator: "\n").filter { $0.hasPrefix("DA:") }.count == table.lines)
        #expect(lcov.contains("SF:Sources/Calc/Grade.swift\n"))
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains(#"<td class="code">        return &quot;B&quot;</td></tr>"#))
        #expect(html.contains(#"<tr class="uncovered"><td class="number">5</td><td class="count">0</td>"#))

        let run = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/run.json")))
                as? [String: Any])
        #expect(run["schema"] as? String == "preflight-prepush-run")
        #expect(run["outcome"] as? String == "passed" && run["exitStatus"] as? Int == 0)
        let steps = ((run["checks"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]) ?? []
        #expect(steps.map { $0["name"] as? String } == ["todoscan", "errorlint", "build", "test", "coverage"])
        #expect(steps.allSatisfy { ($0["seconds"] as? Double) != nil })
        // The test step's count, typed: the number its figure shows in words.
        let testStep = steps.first { $0["name"] as? String == "test" }
        let testCount = try #require(testStep?["tests"] as? Int)
        #expect(testCount > 0 && (testStep?["figure"] as? String)?.hasPrefix("\(testCount) test") == true)
        #expect(steps.last?["status"] as? String == "skipped" || steps.last?["status"] as? String == "passed")
        #expect(((run["coverage"] as? [String: Any])?["total"] as? [String: Any]) != nil)
        #expect((run["coverageReports"] as? [[String: Any]])?.count == 5)

        // 2. The same tree again: skipped, and the record says why.
        let second = try await repository.run(Self.prepush, ["--report", "json=coverage/run2.json"])
        #expect(second.termination == .exited(0), "\(second.errorText)")
        let skipped = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/run2.json")))
                as? [String: Any])
        #expect(skipped["outcome"] as? String == "skipped")
        #expect((skipped["skipReason"] as? String)?.contains("already verified") == true)
        #expect((skipped["checks"] as? [Any])?.isEmpty == true)

        // 3. Minimums per target and per file (the excluded file counts for none of them), in CI mode.
        try """
        {"prepush": {"coverageExclude": ["Generated.swift"],
                     "minCoverage": {"Calc": 99, "**/Grade.swift": 90, "Format": 50}}}
        """.write(toFile: repository.root + "/strict.json", atomically: true, encoding: .utf8)
        // Under GitHub Actions: the summary is appended to GITHUB_STEP_SUMMARY and written to --summary.
        let stepSummary = repository.root + "/step-summary.md"
        try "earlier step\n".write(toFile: stepSummary, atomically: true, encoding: .utf8)
        let strict = try await repository.run(
            Self.prepush,
            [
                "--config", repository.root + "/strict.json", "--ci", "--no-cache", "--report",
                "json=coverage/run3.json",
                "--summary", "coverage/summary.md",
            ], environment: ["GITHUB_STEP_SUMMARY": stepSummary])
        #expect(strict.termination == .exited(1), "\(strict.errorText)")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(try String(contentsOfFile: stepSummary, encoding: .utf8) == "earlier step\n" + summary)
        #expect(summary.hasPrefix("## prepush: failed\n\n> prepush: the check failed: coverage failed"))
        #expect(summary.contains("| coverage | ❌ failed |"))
        // The scanners run first (they need no build), so their rows are there.
        #expect(summary.contains("| todoscan | ✅ passed |"))
        #expect(summary.contains("| Calc | "))
        #expect(summary.contains(" | 99.00 % ❌ |"))
        #expect(summary.contains(" | 50.00 % ✅ |"))
        #expect(summary.contains("### Failed\n\n- coverage failed: "))
        // The total row is the table's.
        let total = try #require(Self.tableTotal(strict.errorText))
        #expect(summary.contains("| **total** | \(total.covered) | \(total.lines) | **\(total.percent) %** |"))
        // --no-summary: GitHub's file is left as it was.
        let quiet = try await repository.run(
            Self.prepush, ["--no-summary", "--no-cache"], environment: ["GITHUB_STEP_SUMMARY": stepSummary])
        #expect(quiet.succeeded, "\(quiet.errorText)")
        #expect(try String(contentsOfFile: stepSummary, encoding: .utf8) == "earlier step\n" + summary)
        let text = strict.errorText
        let fileLine = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("Sources/Calc/Grade.swift:1: error: coverage ") })
        #expect(fileLine.hasSuffix(" % is below 90 %"))
        #expect(
            text.contains(
                "::error file=Sources/Calc/Grade.swift,line=1,title=file-coverage::"
                    + fileLine.dropFirst("Sources/Calc/Grade.swift:1: error: ".count)
                    .replacingOccurrences(of: "%", with: "%25")))
        #expect(text.contains("prepush: coverage of target Calc "))
        #expect(!text.contains("coverage of target Format"))
        #expect(!text.contains("Sources/Format/Generated.swift:1"))
        let failed = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/run3.json")))
                as? [String: Any])
        #expect(failed["outcome"] as? String == "failed" && failed["exitStatus"] as? Int == 1)
        let failedSteps = ((failed["checks"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]) ?? []
        #expect(
            failedSteps.map { "\($0["name"] ?? "") \($0["status"] ?? "")" } == [
                "todoscan passed", "errorlint passed", "build passed", "test passed", "coverage failed",
            ])
        let below =
            (((failed["coverage"] as? [String: Any])?["packages"] as? [[String: Any]])?.first?["belowMinimum"]
                as? [[String: Any]]) ?? []
        #expect(
            below.map { "\($0["kind"] ?? "") \($0["name"] ?? "")" } == ["target Calc", "file Sources/Calc/Grade.swift"])
    }

    @Test("The run record is written when prepush cannot check (exit 2), with its error")
    func recordOfAnError() async throws {
        let folder = NSTemporaryDirectory() + "prepush-record-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var command = Command(Self.prepush, ["--report", "json=out/run.json"], workingDirectory: folder)
        command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing("GIT_DIR", "GIT_WORK_TREE", "CI")
        let result = try await command.run()
        #expect(result.termination == .exited(2))
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/run.json")))
                as? [String: Any])
        #expect(record["outcome"] as? String == "error" && record["exitStatus"] as? Int == 2)
        #expect((record["error"] as? String)?.contains("is not inside a git work tree") == true)
        #expect(record["mode"] as? String == "by-hand")
    }

    @Test(
        "A report path into .git, over a file prepush did not write, or out of the repository from .preflight.json: exit 2 before any step, nothing replaced"
    )
    func hostileReportPaths() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try repository.write("Notes.swift", "// my notes\n")
        let head = try String(contentsOfFile: repository.work + "/.git/HEAD", encoding: .utf8)
        for arguments in [["--coverage-report", "json=.git/HEAD"], ["--coverage-report", "lcov=Notes.swift"]] {
            let result = try await repository.run(Self.prepush, arguments)
            #expect(result.termination == .exited(2), "\(arguments): \(result.errorText)")
            #expect(
                result.errorText.contains("would be written inside a git directory")
                    || result.errorText.contains("would replace a file prepush did not write"), "\(result.errorText)")
            #expect(!result.errorText.contains("Building"), "a step ran: \(result.errorText)")
        }
        try repository.write(".preflight.json", #"{"prepush": {"coverageReports": {"lcov": "../../outside.info"}}}"#)
        let outside = try await repository.run(Self.prepush, [])
        #expect(outside.termination == .exited(2), "\(outside.errorText)")
        #expect(outside.errorText.contains("is outside the repository"), "\(outside.errorText)")
        #expect(try String(contentsOfFile: repository.work + "/.git/HEAD", encoding: .utf8) == head)
        #expect(try String(contentsOfFile: repository.work + "/Notes.swift", encoding: .utf8) == "// my notes\n")
    }

    @Test("The lines a push adds: prepush's diff coverage and its Cobertura report agree with diff-cover on one commit")
    func diffCoverAgrees() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        defer { try? FileManager.default.removeItem(atPath: repository.root) }
        try await repository.run("git", ["branch", "base"]).checked()
        try repository.write(
            "Sources/Calc/Grade.swift",
            """
            public func grade(_ score: Int) -> String {
                if score >= 50 {
                    return "pass"
                }
                return "fail"
            }

            """)
        try repository.write(
            "Tests/CalcTests/CalcTests.swift",
            "import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n"
                + "@Test func grades() { #expect(grade(60) == \"pass\") }\n")
        try await repository.commit("grades")
        let check = try await repository.run(
            Self.prepush,
            [
                "--since", "base", "--min-diff-coverage", "0", "--no-cache", "--no-todoscan", "--no-errorlint",
                "--coverage-report", "cobertura=coverage/cobertura.xml", "--coverage-report",
                "json=coverage/coverage.json",
            ])
        #expect(check.succeeded, "\(check.errorText)")
        let document = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: repository.work + "/coverage/coverage.json")))
                as? [String: Any])
        let package = try #require((document["packages"] as? [[String: Any]])?.first)
        let diff = try #require(package["diffCoverage"] as? [String: Any])
        let lines = try #require(diff["lines"] as? [String: Any])
        let files = try #require(diff["files"] as? [[String: Any]])
        let uncovered = files.first { $0["path"] as? String == "Sources/Calc/Grade.swift" }?["uncoveredLines"] as? [Int]
        #expect((lines["count"] as? Int ?? 0) > 0 && uncovered?.isEmpty == false)

        // diff-cover (PyPI), installed by the project's own script, on the same Cobertura file and commit.
        let script =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path + "/scripts/diff-cover.sh"
        let independent = try await Command(
            script, [repository.work + "/coverage/cobertura.xml", "base", repository.work]
        ).run()
        if independent.termination == .exited(3) {
            // A cross-check that could not run is no pass.
            Issue.record(
                "diff-cover is not available, so the added lines were not measured by it: \(independent.errorText)")
            return
        }
        #expect(independent.succeeded, "\(independent.errorText)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(independent.outputText.utf8)) as? [String: Any])
        #expect(report["total_num_lines"] as? Int == lines["count"] as? Int)
        #expect(
            (report["total_num_lines"] as? Int ?? -1) - (report["total_num_violations"] as? Int ?? -1)
                == lines["covered"] as? Int)
        let stats = (report["src_stats"] as? [String: Any])?["Sources/Calc/Grade.swift"] as? [String: Any]
        #expect((stats?["violation_lines"] as? [Int])?.sorted() == uncovered?.sorted())
    }
}
