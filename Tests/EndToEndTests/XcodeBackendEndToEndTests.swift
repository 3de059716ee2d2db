import Foundation
import ProcessKit
import TestSupport
import Testing

/// The built `prepush` checking an Xcode app (a repository with `App.xcodeproj` and no
/// `Package.swift`, so the xcodebuild backend is picked) against stand-in `xcodebuild` and `xcrun`
/// executables first on `PATH`: POSIX `sh` scripts that record their arguments and replay the real
/// tools' documented outputs (`Tests/PrePushKitTests/Fixtures`, docs/xcode-tool-outputs.md). So
/// the code a Mac runs (destination inference, test selection, failing tests, diff coverage) runs
/// here, in well under a second per check.
@Suite("xcodebuild backend end to end (stand-in xcodebuild and xcrun)")
struct XcodeBackendEndToEndTests {
    static let prepush = ToolCommandTests.productsDirectory + "/prepush"
    static let fixtures =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/PrePushKitTests/Fixtures"
    static let iPhone16Pro = "platform=iOS Simulator,id=4C2B1A0F-0000-4000-8000-000000000182"

    /// A temporary folder holding an app repository (`repository`) and, beside it, the stand-ins'
    /// `bin`, their replayed outputs and the log of their calls (outside the repository, so the
    /// check never sees its work tree change).
    struct App {
        let folder: String
        var repository: String { folder + "/App" }
        var bin: String { folder + "/bin" }
        var replies: String { folder + "/replies" }
        var log: String { folder + "/calls.log" }

        init(
            settings: String, testsFail: Bool = false, results: String? = nil, testOutput: String? = nil
        ) async throws {
            let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath().path
            folder = base + "/prepush-xcode-e2e-" + UUID().uuidString
            for directory in [
                repository + "/App.xcodeproj", repository + "/App", repository + "/AppTests", bin, replies,
            ] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try writeStandIns()
            // The replies, with @ROOT@ standing for the repository's root as the check sees it.
            let replies: [(String, String)] = [
                ("settings.json", settings), ("simctl.json", "simctl-devices-available.json"),
                ("list.json", "xcodebuild-list-package.json"),
                ("report.json", "xccov-report-app.json"), ("archive.json", "xccov-archive-app.json"),
                (
                    "test-results.json",
                    results ?? (testsFail ? "xcresulttool-tests-failing.json" : "xcresulttool-tests-parameterized.json")
                ),
            ]
            for (name, fixture) in replies {
                let text = try String(
                    contentsOfFile: XcodeBackendEndToEndTests.fixtures + "/" + fixture, encoding: .utf8)
                try write(self.replies + "/" + name, text.replacingOccurrences(of: "@ROOT@", with: repository))
            }
            let defaultOutput =
                testsFail
                ? "Test Suite 'All tests' failed at 2026-11-22 10:00:00.100.\n"
                    + "\t Executed 5 tests, with 3 failures (3 unexpected) in 0.020 (0.024) seconds\n"
                    + "** TEST EXECUTE FAILED **\n"
                : "Test Suite 'All tests' passed at 2026-11-22 10:00:00.100.\n"
                    + "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.012 (0.015) seconds\n"
                    + "** TEST EXECUTE SUCCEEDED **\n"
            let output = try testOutput.map {
                try String(contentsOfFile: XcodeBackendEndToEndTests.fixtures + "/" + $0, encoding: .utf8)
            }
            try write(self.replies + "/test-output.txt", output ?? defaultOutput)
            // xcodebuild exits 65 when tests fail.
            try write(self.replies + "/test-status", testsFail ? "65\n" : "0\n")

            try write(repository + "/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n}\n")
            try write(repository + "/App/Cart.swift", Self.cart(addingMore: false))
            try write(repository + "/AppTests/CartTests.swift", "import XCTest\n")
            try write(repository + "/AppTests/LoginTests.swift", "import Testing\n")
            try GitFixture.git(["init", "-q", "-b", "main"], in: repository)
            try await commit("initial")
        }

        /// `App/Cart.swift`; `addingMore` adds lines 9–16 (line 16 differs from line 8, so the diff
        /// cannot slide).
        static func cart(addingMore: Bool) -> String {
            let more = """

                    var isEmpty: Bool {
                        items.isEmpty
                    }

                    func discount() -> Int {
                        0
                    }  // discount

                """
            return """
                import Foundation

                struct Cart {
                    var items: [Int]

                    func total() -> Int {
                        items.reduce(0, +)
                    }
                \(addingMore ? more : "")}

                """
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// What the stand-ins reply for the result bundle `NAME.xcresult` (`nil`: for every bundle
        /// without its own): `test-results.json`, `report.json`, `archive.json`, `test-status`,
        /// `test-output.txt`.
        func reply(_ file: String, _ text: String, bundle: String? = nil) throws {
            let folder = bundle.map { replies + "/" + $0 } ?? replies
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write(folder + "/" + file, text)
        }

        /// The coverage the stand-in xccov replies for `bundle`: `App/Cart.swift`'s lines `covered`
        /// executed, its other lines not (``XcodeRunFixtures/coverage(covering:root:)``).
        func replyCoverage(covering covered: Set<Int>, bundle: String? = nil) throws {
            let (report, archive) = try XcodeRunFixtures.coverage(covering: covered, root: repository)
            try reply("report.json", report, bundle: bundle)
            try reply("archive.json", archive, bundle: bundle)
        }

        private func writeStandIns() throws {
            let record = """
                printf '%s' "$(basename "$0")" >> '\(log)'
                for argument in "$@"; do printf '\\t%s' "$argument" >> '\(log)'; done
                printf '\\n' >> '\(log)'
                """
            let xcodebuild = """
                #!/bin/sh
                # Stand-in xcodebuild: records its arguments, replays outputs of the documented shapes.
                \(record)
                action=
                bundle=
                previous=
                for argument in "$@"; do
                  case $argument in
                    -showBuildSettings) cat '\(replies)/settings.json'; exit 0 ;;
                    -list) cat '\(replies)/list.json'; exit 0 ;;
                    build-for-testing | test-without-building) action=$argument ;;
                  esac
                  if [ "$previous" = -resultBundlePath ]; then bundle=$argument; fi
                  previous=$argument
                done
                # A bundle's own replies (replies/NAME/ for NAME.xcresult), else the common ones.
                name=$(basename "$bundle" .xcresult)
                reply() { if [ -f "\(replies)/$name/$1" ]; then cat "\(replies)/$name/$1"; else cat "\(replies)/$1"; fi; }
                case $action in
                  build-for-testing) echo '** TEST BUILD SUCCEEDED **' ;;
                  test-without-building)
                    mkdir -p "$bundle" && reply test-output.txt
                    exit "$(reply test-status)" ;;
                  *) echo "xcodebuild stand-in: unexpected arguments: $*" >&2; exit 64 ;;
                esac

                """
            let xcrun = """
                #!/bin/sh
                # Stand-in xcrun: records its arguments, replays outputs of the documented shapes.
                \(record)
                # A bundle's own replies (replies/NAME/ for NAME.xcresult), else the common ones.
                name=
                for argument in "$@"; do
                  case $argument in *.xcresult) name=$(basename "$argument" .xcresult) ;; esac
                done
                reply() { if [ -f "\(replies)/$name/$1" ]; then cat "\(replies)/$name/$1"; else cat "\(replies)/$1"; fi; }
                case "$1 $2 $3" in
                  'simctl list --json') cat '\(replies)/simctl.json' ;;
                  'xcresulttool get test-results') reply test-results.json ;;
                  'xccov view --report') reply report.json ;;
                  'xccov view --archive')
                    if [ "$4" = --json ]; then reply archive.json
                    else echo "xcrun stand-in: expected --json: $*" >&2; exit 64; fi ;;
                  *) echo "xcrun stand-in: unexpected arguments: $*" >&2; exit 64 ;;
                esac

                """
            for (name, script) in [("xcodebuild", xcodebuild), ("xcrun", xcrun)] {
                try write(bin + "/" + name, script)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
            }
        }

        func commit(_ message: String) async throws {
            try GitFixture.git(["add", "-A"], in: repository)
            try GitFixture.git(["commit", "-q", "-m", message], in: repository)
        }

        /// The built prepush, by hand in the repository, with the stand-ins first on PATH.
        func prepush(_ arguments: [String]) async throws -> ProcessResult {
            var command = Command(
                XcodeBackendEndToEndTests.prepush, ["--no-cache", "--no-errorlint"] + arguments,
                workingDirectory: repository)
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            command.environment = .inherit.setting(["PREPUSH_VERBOSE": "1"]).removing(
                "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "PREPUSH_SKIP", "CI", "GITHUB_STEP_SUMMARY"
            )
            .setting(["PATH": bin + ":" + path])
            command.timeout = .seconds(120)
            return try await command.run()
        }

        /// The stand-ins' calls, in order: each an argv.
        var calls: [[String]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
        }

        func call(_ prefix: [String]) -> [String]? {
            calls.first { Array($0.prefix(prefix.count)) == prefix }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// The value after `option` in `argv`.
    static func value(of option: String, in argv: [String]?) -> String? {
        guard let argv, let index = argv.firstIndex(of: option), index + 1 < argv.count else { return nil }
        return argv[index + 1]
    }

    @Test(
        "iOS scheme: the destination is inferred (the newest iPhone simulator), said, and used by both xcodebuild calls"
    )
    func iOSScheme() async throws {
        let app = try await App(settings: "xcodebuild-settings-ios.json")
        defer { app.remove() }
        let result = try await app.prepush([])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "prepush: destination \(Self.iPhone16Pro): iPhone 16 Pro (iOS 18.2), the newest iOS simulator, "
                    + "because the scheme App builds for iOS (PLATFORM_NAME iphoneos)"))
        let calls = app.calls
        #expect(
            calls.map { Array($0.prefix(2)) }.prefix(6) == [
                ["xcodebuild", "-showBuildSettings"], ["xcrun", "simctl"], ["xcodebuild", "build-for-testing"],
                ["xcodebuild", "test-without-building"], ["xcrun", "xcresulttool"], ["xcrun", "xccov"],
            ])
        #expect(
            calls.first == ["xcodebuild", "-showBuildSettings", "-json", "-project", "App.xcodeproj", "-scheme", "App"])
        #expect(calls.dropFirst().first == ["xcrun", "simctl", "list", "--json"])
        #expect(
            app.call(["xcodebuild", "build-for-testing"]) == [
                "xcodebuild", "build-for-testing", "-project", "App.xcodeproj", "-scheme", "App", "-destination",
                Self.iPhone16Pro, "-configuration", "Debug", "-enableCodeCoverage", "YES",
            ])
        let test = app.call(["xcodebuild", "test-without-building"])
        #expect(Self.value(of: "-destination", in: test) == Self.iPhone16Pro)
        let bundle = try #require(Self.value(of: "-resultBundlePath", in: test))
        #expect(bundle.hasSuffix("/PrePush.xcresult"))
        #expect(app.call(["xcrun", "xccov"]) == ["xcrun", "xccov", "view", "--report", "--json", bundle])
        #expect(result.errorText.contains("App.app"))
        #expect(result.errorText.contains("66.67%"))
        // Counted from the result bundle: 44 test cases, four of them parameterized.
        #expect(result.errorText.contains("44 tests passed"))
    }

    @Test("macOS scheme: platform=macOS, said, and no simulator is asked for")
    func macOSScheme() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json")
        defer { app.remove() }
        let result = try await app.prepush([])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "prepush: destination platform=macOS: the scheme App builds for macOS (PLATFORM_NAME macosx)"))
        #expect(!app.calls.contains { $0.dropFirst().first == "simctl" })
        #expect(Self.value(of: "-destination", in: app.call(["xcodebuild", "build-for-testing"])) == "platform=macOS")
        #expect(
            Self.value(of: "-destination", in: app.call(["xcodebuild", "test-without-building"])) == "platform=macOS")
    }

    @Test(
        "A test plan and test identifiers: -testPlan to both calls, -only/-skip-testing to the test call; flags over .preflight.json"
    )
    func testSelection() async throws {
        let app = try await App(settings: "xcodebuild-settings-ios.json")
        defer { app.remove() }
        try app.write(
            app.repository + "/.preflight.json",
            #"{"prepush": {"scheme": "App", "testPlan": "Nightly", "skipTesting": ["AppUITests"]}}"# + "\n")
        try await app.commit("settings")
        let result = try await app.prepush([
            "--test-plan", "Smoke", "--only-testing", "AppTests/CartTests", "--only-testing",
            "AppTests/LoginTests/logsIn()",
            "--destination", "platform=macOS,arch=arm64",
        ])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        // A given destination: nothing inferred, no line about it.
        #expect(!app.calls.contains { $0.contains("-showBuildSettings") || $0.contains("simctl") })
        #expect(!result.errorText.contains("prepush: destination"))
        let build = try #require(app.call(["xcodebuild", "build-for-testing"]))
        #expect(Self.value(of: "-testPlan", in: build) == "Smoke")
        #expect(!build.contains { $0.hasPrefix("-only-testing") || $0.hasPrefix("-skip-testing") })
        let test = try #require(app.call(["xcodebuild", "test-without-building"]))
        #expect(Self.value(of: "-testPlan", in: test) == "Smoke")
        #expect(Self.value(of: "-destination", in: test) == "platform=macOS,arch=arm64")
        #expect(
            Array(test.suffix(3)) == [
                "-only-testing:AppTests/CartTests", "-only-testing:AppTests/LoginTests/logsIn()",
                "-skip-testing:AppUITests",
            ])
        let printed = try await app.prepush(["--test-plan", "Smoke", "--print-config", "--json"])
        #expect(printed.outputText.contains(#""testPlan" : "Smoke""#))
        #expect(printed.outputText.contains(#""AppUITests""#))
    }

    @Test("A failing test: the push is stopped, and the failures are listed as file:line errors and CI annotations")
    func failingTest() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json", testsFail: true)
        defer { app.remove() }
        let junit = app.folder + "/junit.xml"
        let result = try await app.prepush(["--ci", "--test-report", "junit=" + junit])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        let text = result.errorText
        #expect(
            text.contains(
                #"AppTests/CartTests.swift:14: error: CartTests/testDiscount(): XCTAssertEqual failed: ("0") is not equal to ("10")"#
            ))
        // The JUnit report, from the bundle's tests: the failures with their files and lines.
        let parsed = try JUnitParser.read(junit)
        let cases = JUnitParser.cases(parsed)
        let failed = cases.filter { $0["result"] as? String == "failure" }
        #expect(failed.count == 3, "\(cases)")
        #expect(
            failed.contains {
                $0["classname"] as? String == "CartTests" && $0["name"] as? String == "testDiscount()"
                    && ($0["message"] as? String)?.hasPrefix("CartTests.swift:14: XCTAssertEqual failed") == true
            }, "\(failed)")
        #expect(
            text.contains(
                "AppTests/LoginTests.swift:27: error: LoginTests/logsIn(): Expectation failed: (session.user → nil) != nil"
            ))
        #expect(text.contains("error: LoginTests/logsOut(): Test crashed with signal kill."))
        #expect(text.contains("::error file=AppTests/CartTests.swift,line=14"))
        #expect(text.contains("::error title=test failed::LoginTests/logsOut(): Test crashed with signal kill."))
        #expect(text.contains("3 tests failed"))
        #expect(text.contains("test failed"))
        let bundle = try #require(
            Self.value(of: "-resultBundlePath", in: app.call(["xcodebuild", "test-without-building"])))
        #expect(
            app.call(["xcrun", "xcresulttool"]) == [
                "xcrun", "xcresulttool", "get", "test-results", "tests", "--path", bundle, "--format", "json",
            ])
        // The coverage step did not run.
        #expect(app.call(["xcrun", "xccov"]) == nil)
    }

    @Test(
        "Diff coverage: added lines measured with xccov's per-file archive data; uncovered ones listed; the gate fails")
    func diffCoverage() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json")
        defer { app.remove() }
        try app.write(app.repository + "/App/Cart.swift", App.cart(addingMore: true))
        try await app.commit("more")
        let result = try await app.prepush(["--min-diff-coverage", "80", "--diff-base", "HEAD~1", "--ci"])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        let text = result.errorText
        #expect(text.contains("App/Cart.swift (50.0 %): missing lines 14-16"))
        #expect(text.contains("Added lines: 6 coverable, 3 not covered, 50.0 % covered"))
        #expect(text.contains("App/Cart.swift:14: warning: not covered by tests"))
        #expect(text.contains("::warning file=App/Cart.swift,line=14"))
        #expect(text.contains("coverage of added lines 50.00 % is below the minimum 80.00 %"))
        #expect(!text.contains("not measured"))
        let bundle = try #require(
            Self.value(of: "-resultBundlePath", in: app.call(["xcodebuild", "test-without-building"])))
        // Every file's lines in one xccov call (not one per file).
        #expect(
            app.calls.filter { $0.contains("--archive") } == [
                ["xcrun", "xccov", "view", "--archive", "--json", bundle]
            ])

        let passing = try await app.prepush(["--min-diff-coverage", "50", "--diff-base", "HEAD~1"])
        #expect(passing.termination == .exited(0), "\(passing.errorText)")
        #expect(passing.errorText.contains("added lines 50.00 %"))
    }

    @Test("Coverage reports: every format carries xccov's report (test bundles left out), lines from its archive")
    func coverageReports() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json")
        defer { app.remove() }
        let out = app.folder + "/out"
        let result = try await app.prepush([
            "--coverage-report", "lcov=\(out)/lcov.info", "--coverage-report", "cobertura=\(out)/cobertura.xml",
            "--coverage-report", "json=\(out)/coverage.json", "--coverage-report", "html=\(out)/index.html",
            "--coverage-report", "sonar=\(out)/sonar.xml", "--report", "json=\(out)/run.json",
        ])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        // xccov's report: App.app 6 of 9 lines; AppTests.xctest left out, as by --only-targets.
        #expect(result.errorText.contains("Total"))
        let table = try #require(CoverageReportsEndToEndTests.tableTotal(result.errorText))
        #expect(table.covered == 6 && table.lines == 9 && table.percent == "66.67")
        try await CoverageReportsEndToEndTests.expectSameFigures(in: out, covered: 6, lines: 9)
        let lcov = try String(contentsOfFile: out + "/lcov.info", encoding: .utf8)
        #expect(
            lcov
                == "TN:\nSF:App/Cart.swift\nFNF:3\nFNH:2\nDA:6,4\nDA:7,4\nDA:8,4\nDA:10,3\nDA:11,3\nDA:12,3\nDA:14,0\n"
                + "DA:15,0\nDA:16,0\nLF:9\nLH:6\nend_of_record\n")
        let json = try String(contentsOfFile: out + "/coverage.json", encoding: .utf8)
        #expect(json.contains(#""backend" : "xcodebuild""#) && !json.contains("regions"))
        // One xccov call for every file's line counts; the export keeps the project's own files only
        // (not AppTests' nor the checked-out dependency's the archive also holds).
        #expect(app.calls.filter { $0.contains("--archive") }.count == 1)
        let run = try String(contentsOfFile: out + "/run.json", encoding: .utf8)
        #expect(run.contains(#""outcome" : "passed""#))

        // coverageExclude takes the file out of the table, the total and the exports alike.
        let excluded = try await app.prepush([
            "--no-cache", "--coverage-exclude", "App/Cart.swift", "--coverage-report", "lcov=\(out)/excluded.info",
        ])
        #expect(excluded.termination == .exited(0), "\(excluded.errorText)")
        let none = try #require(CoverageReportsEndToEndTests.tableTotal(excluded.errorText))
        #expect(none.covered == 0 && none.lines == 0)
        #expect(try String(contentsOfFile: out + "/excluded.info", encoding: .utf8).isEmpty)
    }

    @Test(
        "iPad-only app, noisy build settings, Xcode 14 beta's simctl list: an iPad of the newest runtime; the push passes"
    )
    func iPadOnlyApp() async throws {
        let app = try await App(settings: "xcodebuild-settings-ipad-noise.txt")
        defer { app.remove() }
        try app.write(
            app.replies + "/simctl.json",
            try String(contentsOfFile: Self.fixtures + "/simctl-list-xcode14-beta.json", encoding: .utf8))
        let result = try await app.prepush([])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "prepush: destination platform=iOS Simulator,id=A2ECA850-91EE-467E-A1CA-A84A10ADF143: "
                    + "iPad Pro (9.7-inch) (iOS 16.0 beta), the newest iPad simulator, because the scheme App builds "
                    + "for iOS (PLATFORM_NAME iphoneos) on iPad only (TARGETED_DEVICE_FAMILY 2)"))
    }

    @Test("Parallel testing (no Executed line) with a retried test: counted from the bundle, the flaky test is named")
    func parallelTestingWithRetries() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        let junit = app.folder + "/junit.xml"
        let result = try await app.prepush(["--ci", "--retry-failed-tests", "1", "--test-report", "junit=" + junit])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let text = result.errorText
        #expect(text.contains("2 tests passed, 1 flaky"))
        // xcodebuild retries a failed test once; the pass that needed it is never recorded as verified.
        let test = app.call(["xcodebuild", "test-without-building"]) ?? []
        #expect(test.suffix(3) == ["-retry-tests-on-failure", "-test-iterations", "2"], "\(test)")
        #expect(text.contains("flaky, passed on a retry (not recorded as verified): FlakyFixtureTests/testFlaky()"))
        let parsed = try JUnitParser.read(junit)
        let cases = JUnitParser.cases(parsed)
        let flaky = cases.filter { !($0["flaky"] as? [String] ?? []).isEmpty }
        #expect(flaky.map { $0["name"] as? String } == ["testFlaky()"], "\(cases)")
        #expect(flaky.first?["result"] as? String == "passed")
        // "flakyTests": "fail": the same run fails.
        try app.write(app.repository + "/.preflight.json", #"{"prepush": {"flakyTests": "fail"}}"#)
        let failing = try await app.prepush(["--ci", "--work-tree"])
        #expect(failing.termination == .exited(1), "\(failing.errorText)")
        #expect(failing.errorText.contains("flaky tests fail the check"), "\(failing.errorText)")
        #expect(
            text.contains(
                "FlakyFixtureTests/testFlaky() is flaky: it failed in 1 of 2 runs, then passed: failed - Intentional "
                    + "first-attempt failure to produce a flaky/mixed retry result"))
        #expect(text.contains("::warning title=flaky test::FlakyFixtureTests/testFlaky() is flaky"))
    }

    @Test("A test plan or filter that matches nothing: xcodebuild exits 0, the bundle holds no test, the push stops")
    func noTestsRan() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json", testOutput: "xcodebuild-test-parallel.txt")
        defer { app.remove() }
        // What xcresulttool lists for a run that ran no test (constructed: an empty tree).
        try app.write(app.replies + "/test-results.json", #"{"devices" : [], "testNodes" : []}"# + "\n")
        let result = try await app.prepush(["--only-testing", "AppTests/NoSuchTests"])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        #expect(result.errorText.contains("prepush: no tests ran: xcodebuild succeeded"))
        #expect(result.errorText.contains("no tests ran"))
        #expect(app.call(["xcrun", "xccov"]) == nil)
    }

    @Test("A coverage gate over a report that measures no line of the project fails, and says what to check")
    func coverageGateOnNothing() async throws {
        let app = try await App(settings: "xcodebuild-settings-macos.json")
        defer { app.remove() }
        try app.write(
            app.replies + "/report.json",
            try String(contentsOfFile: Self.fixtures + "/xccov-report-empty-target.json", encoding: .utf8))
        let gated = try await app.prepush(["--min-coverage", "50"])
        #expect(gated.termination == .exited(1), "\(gated.errorText)")
        #expect(gated.errorText.contains("coverage measured 0 lines of the project's own targets"))
        // Without a gate, nothing is claimed and the push passes.
        let ungated = try await app.prepush([])
        #expect(ungated.termination == .exited(0), "\(ungated.errorText)")
    }

    static let flakyID = "FlakyFixtureTests/FlakyFixtureTests/testFlaky()"

    /// An app whose test run passes with `testFlaky()` flaky (failed, then passed on the retry),
    /// the retried run's coverage including `discount()` (lines 14–16), which only its failed
    /// attempt ran; the flaky test alone covers `total()` (6–8), the other test `isEmpty` (10–12).
    static func flakyApp() async throws -> App {
        let app = try await App(
            settings: "xcodebuild-settings-macos.json", results: "xcresulttool-tests-retry-flaky.json",
            testOutput: "xcodebuild-test-parallel.txt")
        try app.replyCoverage(covering: [6, 7, 8, 10, 11, 12, 14, 15, 16])
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testFlaky()": "Passed"]), bundle: "PrePush-flaky-1")
        try app.replyCoverage(covering: [6, 7, 8], bundle: "PrePush-flaky-1")
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testStablePass()": "Passed"]), bundle: "PrePush-others")
        try app.replyCoverage(covering: [10, 11, 12], bundle: "PrePush-others")
        return app
    }

    /// The stand-in xcodebuild's `test-without-building` calls, in order.
    static func testRuns(_ app: App) -> [[String]] {
        app.calls.filter { Array($0.prefix(2)) == ["xcodebuild", "test-without-building"] }
    }

    @Test(
        "Flaky pass: coverage from passing runs only (the flaky test alone, then the others), not the failed attempt's lines"
    )
    func flakyCoverageFromPassingRuns() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        let out = app.folder + "/out"
        let result = try await app.prepush([
            "--retry-failed-tests", "1", "--only-testing", "FlakyFixtureTests", "--coverage-report",
            "lcov=\(out)/lcov.info", "--test-report", "junit=\(out)/junit.xml",
        ])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let text = result.errorText
        #expect(text.contains("2 tests passed, 1 flaky"))
        #expect(text.contains("flaky, passed on a retry (not recorded as verified): FlakyFixtureTests/testFlaky()"))
        // The retried run's bundle says 9 of 9 lines (its failed attempt ran discount()); the passing
        // runs together 6 of 9.
        let table = try #require(CoverageReportsEndToEndTests.tableTotal(text))
        #expect(table.covered == 6 && table.lines == 9 && table.percent == "66.67", "\(text)")
        #expect(
            try String(contentsOfFile: out + "/lcov.info", encoding: .utf8)
                == "TN:\nSF:App/Cart.swift\nFNF:3\nFNH:2\nDA:6,1\nDA:7,1\nDA:8,1\nDA:10,1\nDA:11,1\nDA:12,1\nDA:14,0\n"
                + "DA:15,0\nDA:16,0\nLF:9\nLH:6\nend_of_record\n")
        // Three runs: the retried one; the flaky test alone; the others without it. The runs again
        // keep the destination, configuration and arguments, and have no retry.
        let runs = Self.testRuns(app)
        #expect(runs.count == 3, "\(runs)")
        guard runs.count == 3 else { return }
        let first = runs[0]
        let common = Array(first.prefix { $0 != "-resultBundlePath" })
        #expect(
            first.suffix(4) == ["-only-testing:FlakyFixtureTests", "-retry-tests-on-failure", "-test-iterations", "2"])
        #expect(Array(runs[1].prefix(common.count)) == common)
        #expect(Self.value(of: "-resultBundlePath", in: runs[1])?.hasSuffix("/PrePush-flaky-1.xcresult") == true)
        #expect(runs[1].suffix(1) == ["-only-testing:" + Self.flakyID])
        #expect(Array(runs[2].prefix(common.count)) == common)
        #expect(Self.value(of: "-resultBundlePath", in: runs[2])?.hasSuffix("/PrePush-others.xcresult") == true)
        #expect(runs[2].suffix(2) == ["-only-testing:FlakyFixtureTests", "-skip-testing:" + Self.flakyID])
        #expect(
            !runs.dropFirst().contains { $0.contains("-retry-tests-on-failure") || $0.contains("-test-iterations") })
        // The coverage read: each passing run's report and archive; none of the retried run's bundle.
        let coverage = app.calls.filter { $0.prefix(2) == ["xcrun", "xccov"] }
        #expect(coverage.map { $0[3] } == ["--report", "--archive", "--report", "--archive"], "\(coverage)")
        #expect(coverage.map { ($0.last! as NSString).lastPathComponent }.filter { $0 == "PrePush.xcresult" }.isEmpty)
        #expect(text.contains("coverage of passing runs only"))
        let parsed = try JUnitParser.read(out + "/junit.xml")
        let cases = JUnitParser.cases(parsed)
        #expect(
            cases.filter { !($0["flaky"] as? [String] ?? []).isEmpty }.map { $0["name"] as? String } == [
                "testFlaky()"
            ])
    }

    @Test("Flaky pass: the flaky test fails again when run alone, in each of N runs: the step fails, no coverage")
    func flakyTestFailsAlone() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        for bundle in ["PrePush-flaky-1", "PrePush-flaky-2"] {
            try app.reply("test-results.json", try XcodeRunFixtures.tests(["testFlaky()": "Failed"]), bundle: bundle)
            try app.reply("test-status", "65\n", bundle: bundle)
        }
        let junit = app.folder + "/junit.xml"
        let result = try await app.prepush(["--retry-failed-tests", "2", "--test-report", "junit=" + junit])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        let text = result.errorText
        #expect(text.contains("1 flaky test failed again when run alone (2 runs, coverage of passing runs)"), "\(text)")
        #expect(text.contains("FlakyFixtureTests.swift:33: error: FlakyFixtureTests/testFlaky(): failed - Intentional"))
        let runs = Self.testRuns(app)
        #expect(runs.count == 3 && runs.dropFirst().allSatisfy { $0.last == "-only-testing:" + Self.flakyID })
        #expect(app.call(["xcrun", "xccov"]) == nil)
        let parsed = try JUnitParser.read(junit)
        let flaky = JUnitParser.cases(parsed).first { $0["name"] as? String == "testFlaky()" }
        #expect(flaky?["result"] as? String == "failure", "\(String(describing: flaky))")
    }

    @Test("Flaky pass: alone it passes on its second run, then a test that had passed fails: the step fails")
    func otherTestFailsAgain() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testFlaky()": "Failed"]), bundle: "PrePush-flaky-1")
        try app.reply("test-status", "65\n", bundle: "PrePush-flaky-1")
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testFlaky()": "Passed"]), bundle: "PrePush-flaky-2")
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testStablePass()": "Failed"]), bundle: "PrePush-others")
        try app.reply("test-status", "65\n", bundle: "PrePush-others")
        let result = try await app.prepush(["--retry-failed-tests", "2"])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        #expect(result.errorText.contains("tests that had passed failed when run again without the flaky ones"))
        #expect(Self.testRuns(app).count == 4)
        #expect(app.call(["xcrun", "xccov"]) == nil)
    }

    @Test(
        "Flaky pass: a test that ran at first runs in neither run again (an identifier xcodebuild ignored): the step fails"
    )
    func testMissingFromRunsAgain() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        // What xcresulttool lists for a run that ran no test (an empty tree), as xcodebuild exits 0.
        try app.reply("test-results.json", #"{"devices" : [], "testNodes" : []}"# + "\n", bundle: "PrePush-others")
        let result = try await app.prepush(["--retry-failed-tests", "1"])
        #expect(result.termination == .exited(1), "\(result.errorText)")
        #expect(
            result.errorText.contains(
                "1 test that ran at first did not run again for the coverage of passing runs, so it cannot be measured "
                    + "exactly: FlakyFixtureTests/FlakyFixtureTests/testStablePass()"), "\(result.errorText)")
        #expect(result.errorText.contains("1 test did not run again (coverage of passing runs)"))
        #expect(app.call(["xcrun", "xccov"]) == nil)
    }

    @Test(
        "Flaky pass: a test plan that retries by itself passes the flaky test alone only after a retry: that run does not count"
    )
    func planRetriesTheRunAgain() async throws {
        let app = try await Self.flakyApp()
        defer { app.remove() }
        // The retried run's own tests again: the flaky test failed, then passed on the plan's retry.
        try app.reply(
            "test-results.json",
            try String(contentsOfFile: Self.fixtures + "/xcresulttool-tests-retry-flaky.json", encoding: .utf8),
            bundle: "PrePush-flaky-1")
        try app.reply(
            "test-results.json", try XcodeRunFixtures.tests(["testFlaky()": "Passed"]), bundle: "PrePush-flaky-2")
        try app.replyCoverage(covering: [6, 7, 8], bundle: "PrePush-flaky-2")
        let result = try await app.prepush(["--retry-failed-tests", "2"])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let table = try #require(CoverageReportsEndToEndTests.tableTotal(result.errorText))
        #expect(table.covered == 6 && table.lines == 9, "\(result.errorText)")
        let runs = Self.testRuns(app).map { ($0.last ?? "", Self.value(of: "-resultBundlePath", in: $0) ?? "") }
        #expect(
            runs.map { ($0.1 as NSString).lastPathComponent } == [
                "PrePush.xcresult", "PrePush-flaky-1.xcresult", "PrePush-flaky-2.xcresult", "PrePush-others.xcresult",
            ])
        let read = app.calls.filter { $0.prefix(2) == ["xcrun", "xccov"] }.map {
            ($0.last! as NSString).lastPathComponent
        }
        #expect(Set(read) == ["PrePush-flaky-2.xcresult", "PrePush-others.xcresult"], "\(read)")
    }
}
