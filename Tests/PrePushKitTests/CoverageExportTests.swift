import Foundation
import ProcessKit
import Testing

@testable import PrePushKit
@testable import PreflightCore

/// The coverage exports, the minimums and `coverageExclude` on a coverage measured by hand (the
/// real tools' output is the end-to-end suites' part): each format carries the table's figures.
@Suite("Coverage exports")
struct CoverageExportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"

    /// Two targets, three files; `Sources/Legacy/Old.swift` 2 of 5 lines.
    static func report(root: String = "/repo") -> CoverageReport {
        let summary = CoverageSummary(files: [
            FileCoverage(
                path: "Sources/Core/A.swift", target: "Core", lines: CoverageCount(count: 4, covered: 3),
                functions: CoverageCount(count: 2, covered: 1), regions: CoverageCount(count: 6, covered: 4)),
            FileCoverage(
                path: "Sources/Core/B & <C>.swift", target: "Core", lines: CoverageCount(count: 2, covered: 2),
                functions: CoverageCount(count: 1, covered: 1), regions: CoverageCount(count: 2, covered: 2)),
            FileCoverage(
                path: "Sources/Legacy/Old.swift", target: "Legacy", lines: CoverageCount(count: 5, covered: 2),
                functions: CoverageCount(count: 2, covered: 1), regions: CoverageCount(count: 5, covered: 2)),
        ])
        let lines: [String: [Int: Int]] = [
            "Sources/Core/A.swift": [1: 3, 2: 1, 3: 0, 4: 7], "Sources/Core/B & <C>.swift": [1: 1, 2: 2],
            "Sources/Legacy/Old.swift": [1: 1, 2: 0, 3: 0, 4: 0, 5: 2],
        ]
        let minimums = CoverageMinimums(keyed: ["Core": 80, "*": 50, "Sources/Legacy/**": 60])
        let diff = DiffCoverage(
            added: AddedLines(lines: [root + "/Sources/Core/A.swift": [2...3]]),
            coverage: LineCoverage(counts: [root + "/Sources/Core/A.swift": [1: 3, 2: 1, 3: 0, 4: 7]]),
            packageRoot: root)
        return CoverageReport(
            backend: "swiftpm",
            packages: [
                PackageCoverage(
                    path: ".", root: root, summary: summary, lines: lines, diff: diff,
                    gates: minimums.check(summary))
            ])
    }

    @Test("lcov: one record per file, DA per line, LF/LH the table's figures")
    func lcov() {
        let text = String(
            decoding: CoverageExports.render(.lcov, Self.report(), repositoryRoot: "/repo"), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "TN:\nSF:Sources/Core/A.swift\nFNF:2\nFNH:1\nDA:1,3\nDA:2,1\nDA:3,0\nDA:4,7\nLF:4\nLH:3\nend_of_record\n"
            ))
        #expect(text.components(separatedBy: "end_of_record").count == 4)
        #expect(text.contains("SF:Sources/Legacy/Old.swift\nFNF:2\nFNH:1\nDA:1,1\n"))
    }

    @Test("cobertura: rates and counts are the table's; paths from the repository's root, escaped")
    func cobertura() throws {
        let text = String(decoding: Self.cobertura(), as: UTF8.self)
        #expect(text.contains(#"lines-covered="7" lines-valid="11""#))
        #expect(text.contains(#"line-rate="0.6364""#))
        #expect(text.contains(#"timestamp="1700000000000""#))
        #expect(text.contains("<source>/repo</source>"))
        #expect(text.contains(#"<package name="Core" line-rate="0.8333""#))
        #expect(text.contains(#"filename="Sources/Core/B &amp; &lt;C&gt;.swift""#))
        #expect(text.contains(#"<line number="4" hits="7" branch="false"/>"#))
    }

    /// The report as Cobertura XML.
    static func cobertura() -> Data {
        CoverageExports.render(
            .cobertura, report(), repositoryRoot: "/repo", now: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// xmllint on `PATH`, which validates against a DTD (Debian/Ubuntu: libxml2-utils; macOS has it).
    static let xmllint = Command.locate("xmllint", searchPath: ProcessInfo.processInfo.environment["PATH"])

    @Test(
        "cobertura: valid against coverage-04.dtd (xmllint --dtdvalid)",
        .enabled(
            if: xmllint != nil,
            Comment(
                rawValue: "xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils, as .ci/run does), "
                    + "so the Cobertura export cannot be validated against coverage-04.dtd here")))
    func coberturaIsValid() async throws {
        #expect(try await Self.validate(Self.cobertura()).isEmpty)
        // The DTD is really checked: a class without its <methods/> is refused.
        let broken = String(decoding: Self.cobertura(), as: UTF8.self).replacingOccurrences(of: "<methods/>", with: "")
        #expect(try await Self.validate(Data(broken.utf8)).contains("does not follow the DTD"))
    }

    /// xmllint's complaints about `data` against coverage-04.dtd, or against the XML schema
    /// `schema` (a fixture's name); empty when it is valid.
    static func validate(schema: String? = nil, _ data: Data) async throws -> String {
        let file = NSTemporaryDirectory() + "coverage-" + UUID().uuidString + ".xml"
        try data.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let against =
            schema.map { ["--schema", fixtures + "/" + $0] } ?? ["--dtdvalid", fixtures + "/coverage-04.dtd"]
        let result = try await Command(try #require(xmllint), ["--noout", "--nonet"] + against + [file]).run()
        return result.succeeded ? "" : result.errorText
    }

    @Test("sonar: a lineToCover per coverable line, covered when run; paths from the repository's root, escaped")
    func sonar() {
        let text = String(
            decoding: CoverageExports.render(.sonar, Self.report(), repositoryRoot: "/repo"), as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<coverage version=\"1\">\n"))
        #expect(
            text.contains(
                "  <file path=\"Sources/Core/A.swift\">\n    <lineToCover lineNumber=\"1\" covered=\"true\"/>\n"
                    + "    <lineToCover lineNumber=\"2\" covered=\"true\"/>\n    <lineToCover lineNumber=\"3\" covered=\"false\"/>\n"
            ))
        #expect(text.contains(#"<file path="Sources/Core/B &amp; &lt;C&gt;.swift">"#))
        // The table's figures: 11 coverable lines, 7 of them run.
        #expect(text.components(separatedBy: "<lineToCover ").count - 1 == 11)
        #expect(text.components(separatedBy: #"covered="true""#).count - 1 == 7)
    }

    @Test(
        "sonar: valid against SonarQube's sonar-generic-coverage.xsd (xmllint --schema)",
        .enabled(
            if: xmllint != nil,
            Comment(
                rawValue: "xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils, as .ci/run does), "
                    + "so the Sonar export cannot be validated against its schema here")))
    func sonarIsValid() async throws {
        let sonar = CoverageExports.render(.sonar, Self.report(), repositoryRoot: "/repo")
        #expect(try await Self.validate(schema: "sonar-generic-coverage.xsd", sonar).isEmpty)
        // The schema is really checked: a line number of 0 is refused.
        let broken = String(decoding: sonar, as: UTF8.self).replacingOccurrences(
            of: #"lineNumber="1""#, with: #"lineNumber="0""#)
        #expect(try await !Self.validate(schema: "sonar-generic-coverage.xsd", Data(broken.utf8)).isEmpty)
    }

    @Test("json: the schema's figures per package, target and file, minimums, shortfalls, diff coverage")
    func json() throws {
        let data = CoverageExports.render(.json, Self.report(), repositoryRoot: "/repo", minimumDiffCoverage: 90)
        let document = try JSONDecoder().decode(CoverageDocument.self, from: data)
        #expect(document.schema == "preflight-coverage" && document.version == 1)
        #expect(document.total.lines.covered == 7 && document.total.lines.count == 11)
        #expect(document.total.lines.percent == 63.64)
        #expect(document.total.regions?.count == 13)
        let package = try #require(document.packages.first)
        #expect(package.targets.map(\.name) == ["Core", "Legacy"])
        #expect(package.targets[0].minimum == 80 && package.targets[0].figures.lines.percent == 83.33)
        #expect(package.files.map(\.minimum) == [50, 50, 60])
        #expect(package.files[2].uncoveredLines == [2, 3, 4])
        #expect(
            package.belowMinimum.map { "\($0.kind) \($0.name) \($0.percent) \($0.minimum)" } == [
                "file Sources/Legacy/Old.swift 40.0 60.0"
            ])
        let diff = try #require(package.diffCoverage)
        #expect(diff.lines.count == 2 && diff.lines.covered == 1 && diff.minimum == 90)
        #expect(diff.files.first?.uncoveredLines == [3])
        // xccov has no regions: the key is left out.
        var xcode = Self.report()
        xcode.backend = "xcodebuild"
        #expect(CoverageDocument(xcode).total.regions == nil)
        #expect(!String(decoding: CoverageDocument(xcode).encoded(), as: UTF8.self).contains("regions"))
    }

    @Test("html: one page, the table's figures, every source line marked, text escaped")
    func html() throws {
        let root = NSTemporaryDirectory() + "coverage-html-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Sources/Core", withIntermediateDirectories: true)
        try "let a = 1\nlet b = a < 2\n\nfunc f() {}\n".write(
            toFile: root + "/Sources/Core/A.swift", atomically: true, encoding: .utf8)
        let page = String(
            decoding: CoverageExports.render(.html, Self.report(root: root), repositoryRoot: root), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script") && !page.contains("<link") && !page.contains("src="))
        #expect(page.contains("Total: <strong>63.64 %</strong> of 11 lines"))
        #expect(page.contains(#"<tr class="target"><td>Core</td><td>5</td><td>6</td><td>83.33 %</td>"#))
        #expect(page.contains(##"<tr class="file below"><td><a href="#file-Sources-Legacy-Old-swift">"##))
        #expect(
            page.contains(
                #"<tr class="uncovered"><td class="number">3</td><td class="count">0</td><td class="code"></td></tr>"#))
        #expect(
            page.contains(
                #"<tr class="covered"><td class="number">2</td><td class="count">1</td><td class="code">let b = a &lt; 2</td></tr>"#
            ))
        #expect(page.contains("Sources/Core/B &amp; &lt;C&gt;.swift"))
        #expect(page.contains("The source could not be read."))
    }

    @Test("Minimums: total, targets, the most specific glob per file; messages as compiler errors")
    func minimums() {
        let summary = Self.report().packages[0].summary
        let gates = CoverageMinimums(keyed: ["total": 70, "Core": 90, "*": 50, "Sources/Legacy/**": 60]).check(summary)
        #expect(gates.totalFailed)
        #expect(gates.shortfalls.map(\.name) == ["Core", "Sources/Legacy/Old.swift"])
        #expect(gates.fileMinimums["Sources/Core/A.swift"] == 50)
        let diagnostic = try! #require(gates.diagnostics.first)
        #expect(
            TextDiagnosticRenderer().line(for: diagnostic)
                == "Sources/Legacy/Old.swift:1: error: coverage 40.0 % is below 60 %")
        #expect(
            GitHubDiagnosticRenderer().line(for: diagnostic)
                == "::error file=Sources/Legacy/Old.swift,line=1,title=file-coverage::coverage 40.0 %25 is below 60 %25"
        )
        // Rounded down: 59.96 % is never shown as the 60 % it fell short of.
        #expect(
            CoverageShortfall(kind: .file, name: "a", percent: 59.96, minimum: 60).message
                == "coverage 59.9 % is below 60 %")
        #expect(
            CoverageShortfall(kind: .file, name: "a", percent: 41.25, minimum: 72.5).message
                == "coverage 41.2 % is below 72.5 %")
        // A package in a sub-folder: its files are named, and matched, from the repository's root.
        let nested = CoverageMinimums(keyed: ["Packages/Kit/**": 95]).check(summary, packagePath: "Packages/Kit")
        #expect(nested.shortfalls.map(\.name).first == "Packages/Kit/Sources/Core/A.swift")
        #expect(CoverageMinimums(total: 60).check(summary).passed)
    }

    @Test("coverageExclude leaves files out of the summary, its total and the diff coverage")
    func exclusion() {
        let package = Self.report().packages[0]
        let exclusion = CoverageExclusion(["Legacy", "Sources/Core/B*"])
        let summary = package.summary.excluding(exclusion)
        #expect(summary.files.map(\.path) == ["Sources/Core/A.swift"])
        #expect(summary.total == CoverageCount(count: 4, covered: 3))
        #expect(summary.targets.map(\.name) == ["Core"])
        #expect(package.diff?.excluding(CoverageExclusion(["A.swift"])).files.isEmpty == true)
        #expect(CoverageExclusion(["**/Generated/**"]).excludes("Sources/Core/Generated/X.swift"))
    }

    @Test("FORMAT=PATH requests: parsed, unknown formats refused, one file per format")
    func requests() throws {
        #expect(try CoverageExportRequest.parse("lcov=coverage/lcov.info").path == "coverage/lcov.info")
        #expect(throws: CoverageExportError.unknownFormat("xml")) { try CoverageExportRequest.parse("xml=a") }
        #expect(throws: CoverageExportError.malformed("lcov")) { try CoverageExportRequest.parse("lcov") }
        let merged = CoverageExportRequest.merged([
            CoverageExportRequest(format: .lcov, path: "a"), CoverageExportRequest(format: .html, path: "b"),
            CoverageExportRequest(format: .lcov, path: "c"),
        ])
        #expect(merged.map(\.path) == ["b", "c"])
    }

    @Test("Writing: folders made, relative paths from the repository's root, an unwritable path is an error")
    func writing() throws {
        let root = NSTemporaryDirectory() + "coverage-write-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let destination = ReportDestination(root: root, gitDirectory: root + "/.git")
        let written = try CoverageExports.write(
            [CoverageExportRequest(format: .lcov, path: "coverage/deep/lcov.info")], Self.report(),
            destination: destination)
        #expect(written == [destination.root + "/coverage/deep/lcov.info"])
        #expect(FileManager.default.fileExists(atPath: root + "/coverage/deep/lcov.info"))
        try "x".write(toFile: root + "/file", atomically: true, encoding: .utf8)
        #expect(throws: ReportFileError.self) {
            try CoverageExports.write(
                [CoverageExportRequest(format: .json, path: "file/inside.json")], Self.report(),
                destination: destination)
        }
    }
}
