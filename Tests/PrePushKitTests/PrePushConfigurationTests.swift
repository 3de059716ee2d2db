import Foundation
import Testing

@testable import PrePushKit
@testable import PreflightCore

@Suite("prepush configuration")
struct PrePushConfigurationTests {
    private func options(_ json: String) throws(ConfigurationError) -> PrePushOptions {
        let file = try ConfigurationFile(data: Data(json.utf8), path: "/repo/.preflight.json")
        var options = PrePushOptions()
        try options.apply(file.section("prepush"))
        return options
    }

    @Test("Every key is read")
    func everyKey() throws {
        let options = try options(
            """
            { "prepush": {
                "minCoverage": 80, "minDiffCoverage": 72.5, "diffBase": "origin/main",
                "relevantPaths": ["*.swift", "Makefile"], "testArguments": ["--parallel"],
                "configuration": "release", "todoscan": false, "isolated": true,
                "steps": [{ "name": "lint", "run": ["swift", "format", "lint", "--strict", "-r", "Sources"] }]
            } }
            """)
        #expect(options.minimumCoverage == 80)
        #expect(options.minimumDiffCoverage == 72.5)
        #expect(options.diffBase == "origin/main")
        #expect(options.relevantPaths == ["*.swift", "Makefile"])
        #expect(options.testArguments == ["--parallel"])
        #expect(options.configuration == "release")
        #expect(!options.runsTodoscan)
        #expect(options.isolated)
        #expect(
            options.extraSteps == [
                ExtraStep(name: "lint", run: ["swift", "format", "lint", "--strict", "-r", "Sources"])
            ])
    }

    @Test("No section: the defaults")
    func defaults() throws {
        let options = try options("{}")
        #expect(options.minimumCoverage == nil)
        #expect(options.relevantPaths == PrePushOptions.defaultRelevantPaths)
        #expect(options.relevantPaths.contains("*.xcstrings") && options.relevantPaths.contains(".preflight.json"))
        #expect(options.configuration == "debug")
        #expect(options.runsTodoscan)
        #expect(!options.isolated)
        #expect(options.extraSteps.isEmpty)
        // Affected tests: on in hook runs, off by hand; "hook" says the same explicitly.
        #expect(options.selectsTests(isHook: true))
        #expect(!options.selectsTests(isHook: false))
        let explicit = try self.options(#"{ "prepush": { "affectedTests": "hook" } }"#)
        #expect(explicit.affectedTests == nil)
        let off = try self.options(#"{ "prepush": { "affectedTests": false } }"#)
        #expect(!off.selectsTests(isHook: true))
        let on = try self.options(#"{ "prepush": { "affectedTests": true } }"#)
        #expect(on.selectsTests(isHook: false))
    }

    @Test(
        "Unknown keys, wrong types and impossible values name the key and the file",
        arguments: [
            (#"{"prepush": {"minCoverag": 80}}"#, "Unknown key 'prepush.minCoverag' in '/repo/.preflight.json'."),
            (
                #"{"prepush": {"minCoverage": "80"}}"#,
                "Wrong type for 'prepush.minCoverage' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"minCoverage": 120}}"#,
                "Invalid value '120.0' for 'prepush.minCoverage' in '/repo/.preflight.json'."
            ),
            (#"{"prepush": {"isolated": 1}}"#, "Wrong type for 'prepush.isolated' in '/repo/.preflight.json'."),
            (
                #"{"prepush": {"affectedTests": "sometimes"}}"#,
                "Invalid value 'sometimes' for 'prepush.affectedTests' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"affectedTests": 1}}"#,
                "Wrong type for 'prepush.affectedTests' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"configuration": "fast"}}"#,
                "Invalid value 'fast' for 'prepush.configuration' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"name": "a", "command": "x"}]}}"#,
                "Unknown key 'prepush.steps[0].command' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"name": "a", "run": "make lint"}]}}"#,
                "Wrong type for 'prepush.steps[0].run' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"name": "a", "run": []}]}}"#,
                "Invalid value '' for 'prepush.steps[0].run' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"run": ["make"]}]}}"#,
                "Invalid value '' for 'prepush.steps[0].name' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"name": "a", "run": ["make"], "timeout": 0}]}}"#,
                "Invalid value '0.0' for 'prepush.steps[0].timeout' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"steps": [{"name": "a", "run": ["make"], "timeout": "10m"}]}}"#,
                "Wrong type for 'prepush.steps[0].timeout' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"stepTimeout": -5}}"#,
                "Invalid value '-5.0' for 'prepush.stepTimeout' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"stepTimeout": 1e300}}"#,
                "Invalid value '1e+300' for 'prepush.stepTimeout' in '/repo/.preflight.json'."
            ),
        ])
    func errors(json: String, description: String) {
        #expect(throws: ConfigurationError.self) { try options(json) }
        do {
            _ = try options(json)
        } catch {
            #expect(error.errorDescription == description)
        }
    }

    @Test("Timeouts: a configured step's own, stepTimeout for the rest, 30 minutes by default")
    func timeouts() throws {
        let options = try options(
            """
            { "prepush": { "stepTimeout": 5400, "steps": [
                { "name": "slow", "run": ["make", "slow"], "timeout": 2.5 }, { "name": "lint", "run": ["make"] }
            ] } }
            """)
        #expect(options.stepTimeout == 5400)
        #expect(options.extraSteps.map(\.timeout) == [2.5, nil])
        #expect(StepTimeout.of(options.extraSteps[0], options: options).text == "2.5 s")
        #expect(
            StepTimeout.of(options.extraSteps[1], options: options) == StepTimeout(seconds: 5400, source: "stepTimeout")
        )
        #expect(StepTimeout.builtIn(options)?.text == "90 min")
        let defaults = PrePushOptions()
        #expect(StepTimeout.builtIn(defaults) == nil)
        #expect(StepTimeout.of(ExtraStep(name: "x", run: ["x"]), options: defaults).text == "30 min")
        #expect(options.effectiveConfiguration.contains(#""stepTimeout" : 5400"#))
        #expect(options.effectiveConfiguration.contains(#""timeout" : 2.5"#))
    }

    @Test("Coverage keys: minCoverage as an object, coverageExclude, coverageReports, report")
    func coverageKeys() throws {
        let options = try options(
            """
            { "prepush": {
                "minCoverage": {"total": 75, "Core": 80, "*": 60, "Sources/Legacy/**": 40},
                "coverageExclude": ["Generated", "Sources/Mocks/**"],
                "coverageReports": {"lcov": "coverage/lcov.info", "cobertura": "coverage/cobertura.xml"},
                "report": {"json": "build/prepush.json"}
            } }
            """)
        #expect(options.minimumCoverage == 75)
        #expect(options.coverageMinimums.targets == ["Core": 80])
        #expect(options.coverageMinimums.minimum(forFile: "Sources/Legacy/Old.swift") == 40)
        #expect(options.coverageMinimums.minimum(forFile: "Sources/Core/A.swift") == 60)
        #expect(options.coverageExclude == ["Generated", "Sources/Mocks/**"])
        #expect(options.coverageExclusion.excludes("Sources/App/Generated/Strings.swift"))
        #expect(
            options.coverageReports == [
                CoverageExportRequest(format: .cobertura, path: "coverage/cobertura.xml"),
                CoverageExportRequest(format: .lcov, path: "coverage/lcov.info"),
            ])
        #expect(options.runReportPath == "build/prepush.json")
        // A flag replaces the file's report of its format and keeps the others; --min-coverage
        // sets the total's minimum only; --coverage-exclude adds globs.
        var flags = PrePushFlags()
        flags.coverageReports = [CoverageExportRequest(format: .lcov, path: "lcov.info")]
        flags.setMinimumCoverage(.total(50))
        flags.edit { $0.coverageExclude += ["Old"] }
        // A flag not given (nil) leaves the file's setting.
        flags.set(\.minimumDiffCoverage, nil as Double?)
        flags.set(\.diffBase, nil as String?)
        var laid = options
        laid.minimumDiffCoverage = 72.5
        laid.diffBase = "origin/main"
        flags.apply(to: &laid)
        #expect(laid.coverageReports.map(\.path) == ["coverage/cobertura.xml", "lcov.info"])
        #expect(laid.minimumCoverage == 50 && laid.coverageMinimums.targets == ["Core": 80])
        #expect(laid.coverageExclude == ["Generated", "Sources/Mocks/**", "Old"])
        #expect(laid.minimumDiffCoverage == 72.5 && laid.diffBase == "origin/main")
        // --min-coverage KEY=PERCENT adds a target's or a glob's minimum, or replaces the same key's.
        var keyed = PrePushFlags()
        for value in ["Core=85", "Sources/New/**=90", "total=60"] {
            switch CoverageMinimums.parseFlag(value) {
            case let flag?: keyed.setMinimumCoverage(flag)
            case nil: Issue.record("\(value) not read")
            }
        }
        var withKeys = options
        keyed.apply(to: &withKeys)
        #expect(withKeys.coverageMinimums.targets == ["Core": 85])
        #expect(withKeys.minimumCoverage == 60)
        #expect(withKeys.coverageMinimums.minimum(forFile: "Sources/New/A.swift") == 90)
        #expect(withKeys.coverageMinimums.minimum(forFile: "Sources/Legacy/Old.swift") == 40)
        #expect(CoverageMinimums.parseFlag("80") == .total(80))
        for bad in ["120", "Core=", "=80", "Core=101", "Core"] { #expect(CoverageMinimums.parseFlag(bad) == nil) }
        for (json, description) in [
            (
                #"{"prepush": {"minCoverage": {"Core": 120}}}"#,
                "Invalid value 'Core: 120.0' for 'prepush.minCoverage' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"minCoverage": {"Core": "80"}}}"#,
                "Wrong type for 'prepush.minCoverage' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"coverageReports": {"xml": "a.xml"}}}"#,
                "Invalid value 'xml: a.xml' for 'prepush.coverageReports' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"report": {"junit": "a.xml"}}}"#,
                "Invalid value 'junit' for 'prepush.report' in '/repo/.preflight.json'."
            ),
        ] {
            #expect(throws: ConfigurationError.self) { try self.options(json) }
            do {
                _ = try self.options(json)
            } catch {
                #expect(error.errorDescription == description)
            }
        }
    }

    @Test("Test keys: testReport, retryFailedTests, flakyTests; a flag's report path may leave the repository")
    func testKeys() throws {
        let options = try options(
            #"{"prepush": {"testReport": {"junit": "build/junit.xml"}, "retryFailedTests": 2, "flakyTests": "fail"}}"#)
        #expect(options.testReport == TestReportRequest(path: "build/junit.xml", fromCommandLine: false))
        #expect(options.retryFailedTests == 2 && options.flakyTests == .fail && options.readsTestResults)
        #expect(!PrePushOptions().readsTestResults && PrePushOptions().flakyTests == .pass)
        var flags = PrePushFlags()
        flags.set(\.testReport, try TestReportRequest.parse("junit=/elsewhere/j.xml"))
        flags.set(\.retryFailedTests, 1)
        var laid = options
        flags.apply(to: &laid)
        #expect(laid.testReport == TestReportRequest(path: "/elsewhere/j.xml", fromCommandLine: true))
        #expect(laid.retryFailedTests == 1)
        for (json, description) in [
            (
                #"{"prepush": {"testReport": {"xunit": "a.xml"}}}"#,
                "Invalid value 'xunit' for 'prepush.testReport' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"retryFailedTests": 11}}"#,
                "Invalid value '11' for 'prepush.retryFailedTests' in '/repo/.preflight.json'."
            ),
            (
                #"{"prepush": {"flakyTests": "warn"}}"#,
                "Invalid value 'warn' for 'prepush.flakyTests' in '/repo/.preflight.json'."
            ),
        ] {
            do {
                _ = try self.options(json)
                Issue.record("\(json) was read")
            } catch {
                #expect(error.errorDescription == description)
            }
        }
    }

    @Test("--print-config's output reads back as the same settings")
    func roundTrip() throws {
        var original = PrePushOptions()
        original.minimumCoverage = 75
        original.isolated = true
        original.extraSteps = [ExtraStep(name: "lint", run: ["make", "lint"])]
        original.coverageMinimums = CoverageMinimums(keyed: ["total": 75, "Core": 80, "Sources/Legacy/**": 40])
        original.coverageExclude = ["Generated"]
        original.coverageReports = [CoverageExportRequest(format: .html, path: "coverage/index.html")]
        original.runReportPath = "prepush.json"
        original.testReport = TestReportRequest(path: "junit.xml", fromCommandLine: false)
        original.retryFailedTests = 3
        original.flakyTests = .fail
        let printed = original.effectiveConfiguration
        #expect(printed.contains(#""minDiffCoverage" : null"#))
        let read = try options(printed)
        #expect(read.minimumCoverage == 75)
        #expect(read.minimumDiffCoverage == nil)
        #expect(read.isolated)
        #expect(read.extraSteps == original.extraSteps)
        #expect(read.coverageMinimums == original.coverageMinimums)
        #expect(read.coverageReports == original.coverageReports && read.runReportPath == "prepush.json")
        #expect(read.testReport == original.testReport && read.retryFailedTests == 3 && read.flakyTests == .fail)
        #expect(read.effectiveConfiguration == printed)
    }
}
