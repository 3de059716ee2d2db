import Foundation
import ProcessKit
import Testing

@testable import PrePushKit
@testable import PreflightCore

/// The xcodebuild backend's reading of Xcode's tools, from fixtures of their documented shapes
/// (docs/xcode-tool-outputs.md): the scheme's platform, the simulator chosen, the destination,
/// the failing tests of a result bundle, and the per-line coverage of added lines.
@Suite("xcodebuild backend: tool outputs")
struct XcodeBackendToolOutputTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"
    static let root = "/Users/dev/src/App"

    /// A fixture, with `@ROOT@` standing for the project's root.
    static func fixture(_ name: String) throws -> Data {
        let text = try String(contentsOfFile: fixtures + "/" + name, encoding: .utf8)
        return Data(text.replacingOccurrences(of: "@ROOT@", with: root).utf8)
    }

    @Test(
        "A scheme's platform from its build settings",
        arguments: [
            ("xcodebuild-settings-ios.json", XcodePlatform.iOS, "PLATFORM_NAME iphoneos"),
            ("xcodebuild-settings-macos.json", .macOS, "PLATFORM_NAME macosx"),
        ])
    func platform(fixture: String, platform: XcodePlatform, evidence: String) throws {
        let reading = try XcodePlatform.read(buildSettingsJSON: try Self.fixture(fixture), scheme: "App")
        #expect(reading.platform == platform && reading.evidence == evidence)
        // The fixtures' TARGETED_DEVICE_FAMILY: "1,2" for the iOS app, none for the Mac's.
        #expect(reading.deviceFamilies == (platform == .iOS ? [1, 2] : []))
    }

    @Test(
        "SDK and platform names, as build settings spell them",
        arguments: [
            ("macosx", XcodePlatform.macOS), ("iphonesimulator", .iOS), ("iphoneos", .iOS),
            (
                "/Applications/Xcode.app/Contents/Developer/Platforms/AppleTVOS.platform/Developer/SDKs/AppleTVOS18.2.sdk",
                .tvOS
            ), ("watchsimulator", .watchOS), ("xros", .visionOS), ("xrsimulator2.2", .visionOS),
            ("driverkit", nil), ("auto", nil),
        ])
    func sdkNames(sdk: String, platform: XcodePlatform?) {
        #expect(XcodePlatform(sdk: sdk) == platform)
    }

    @Test("Without PLATFORM_NAME or SDKROOT: SUPPORTED_PLATFORMS, macOS first; notes before the JSON are skipped")
    func supportedPlatforms() throws {
        let json = """
            note: Using the first of multiple matching destinations
            [{"action": "build", "target": "Multi", "buildSettings": {"SDKROOT": "auto",
              "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros xrsimulator"}}]
            """
        let reading = try XcodePlatform.read(buildSettingsJSON: Data(json.utf8), scheme: "Multi")
        #expect(reading.platform == .macOS)
        #expect(reading.evidence == "SUPPORTED_PLATFORMS iphoneos iphonesimulator macosx xros xrsimulator")
    }

    @Test("Build settings naming no known platform, or not JSON")
    func unknownPlatform() {
        let driverKit = #"[{"target": "Driver", "buildSettings": {"SDKROOT": "driverkit"}}]"#
        #expect(throws: XcodeBackendError.unknownPlatform(scheme: "Driver", settings: "SDKROOT driverkit")) {
            try XcodePlatform.read(buildSettingsJSON: Data(driverKit.utf8), scheme: "Driver")
        }
        #expect(throws: XcodeBackendError.self) {
            try XcodePlatform.read(buildSettingsJSON: Data("xcodebuild: error: no scheme".utf8), scheme: "X")
        }
    }

    @Test(
        "The simulator: the newest runtime with a device, a booted one first, else for iOS the first iPhone",
        arguments: [
            // iOS 18.10 has no device; in 18.2 the iPad comes first, the first iPhone is chosen.
            (XcodePlatform.iOS, "iPhone 16 Pro", "4C2B1A0F-0000-4000-8000-000000000182", "18.2"),
            // The booted Apple TV, though another comes first.
            (.tvOS, "Apple TV", "3F405162-0000-4000-8000-000000000182", "18.2"),
            (.watchOS, "Apple Watch Series 10 (46mm)", "40516273-0000-4000-8000-000000000112", "11.2"),
            // visionOS runtimes are named xrOS.
            (.visionOS, "Apple Vision Pro", "51627384-0000-4000-8000-000000000022", "2.2"),
        ])
    func simulator(platform: XcodePlatform, name: String, udid: String, version: String) throws {
        let list = try SimulatorList.parse(try Self.fixture("simctl-devices-available.json"))
        let chosen = try #require(list.choose(for: XcodePlatform.Reading(platform: platform, evidence: "")))
        #expect(chosen.device.name == name)
        #expect(chosen.device.udid == udid)
        #expect(chosen.runtime.versionText == version)
    }

    @Test("An empty availabilityError is no error: those devices and runtimes are available")
    func emptyAvailabilityError() throws {
        let json = """
            {"runtimes": [
              {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-17-5", "version": "17.5", "buildversion": "21F79",
               "isAvailable": true, "availabilityError": ""},
              {"identifier": "com.apple.CoreSimulator.SimRuntime.iOS-18-2", "version": "18.2", "buildversion": "22C150",
               "isAvailable": true, "availabilityError": "runtime profile not found"}],
             "devices": {
              "com.apple.CoreSimulator.SimRuntime.iOS-17-5": [
                {"udid": "EMPTY", "name": "iPhone 15", "state": "Shutdown", "isAvailable": true, "availabilityError": ""},
                {"udid": "OLDSTYLE", "name": "iPhone 15 Pro", "state": "Shutdown",
                 "availability": "(unavailable, device type not supported by runtime)"},
                {"udid": "BROKEN", "name": "iPhone SE", "state": "Booted", "isAvailable": true,
                 "availabilityError": "device type not supported by runtime"}],
              "com.apple.CoreSimulator.SimRuntime.iOS-18-2": [
                {"udid": "NEWER", "name": "iPhone 16", "state": "Shutdown", "isAvailable": true}]
            }}
            """
        let list = try SimulatorList.parse(Data(json.utf8))
        #expect(list.runtimes.map(\.versionText) == ["17.5"])
        #expect(list.runtimes.first?.devices.map(\.udid) == ["EMPTY"])
        let chosen = try #require(list.choose(for: XcodePlatform.Reading(platform: .iOS, evidence: "")))
        #expect(chosen.device.udid == "EMPTY")
    }

    @Test("Runtime versions compare as numbers: iOS 9.3 is older than iOS 18.2")
    func runtimeVersions() throws {
        let json = """
            {"devices": {
              "com.apple.CoreSimulator.SimRuntime.iOS-9-3": [{"udid": "OLD", "name": "iPhone 6s", "state": "Shutdown", "isAvailable": true}],
              "com.apple.CoreSimulator.SimRuntime.iOS-18-2": [{"udid": "NEW", "name": "iPhone 16", "state": "Shutdown", "isAvailable": true},
                {"udid": "GONE", "name": "iPhone 16e", "state": "Booted", "isAvailable": false}]
            }}
            """
        let chosen = try #require(
            try SimulatorList.parse(Data(json.utf8)).choose(for: XcodePlatform.Reading(platform: .iOS, evidence: "")))
        #expect(chosen.device.udid == "NEW")
    }

    @Test("iOS scheme: the destination is the newest iPhone simulator, by UDID, and the line says why")
    func iOSDestination() async throws {
        let calls = Locked<[[String]]>([])
        let plan = XcodeBuildPlan(container: .project("App.xcodeproj"), scheme: "App")
        let destination = try await XcodeDestination.resolve(plan) { argv in
            calls.withLock { $0.append(argv) }
            return try Self.fixture(
                argv[0] == "xcodebuild" ? "xcodebuild-settings-ios.json" : "simctl-devices-available.json")
        }
        #expect(destination.specifier == "platform=iOS Simulator,id=4C2B1A0F-0000-4000-8000-000000000182")
        #expect(
            destination.line
                == "prepush: destination platform=iOS Simulator,id=4C2B1A0F-0000-4000-8000-000000000182: "
                + "iPhone 16 Pro (iOS 18.2), the newest iOS simulator, because the scheme App builds for iOS "
                + "(PLATFORM_NAME iphoneos)\n")
        #expect(
            calls.current == [
                ["xcodebuild", "-showBuildSettings", "-json", "-project", "App.xcodeproj", "-scheme", "App"],
                ["xcrun", "simctl", "list", "--json"],
            ])
    }

    @Test("macOS scheme: platform=macOS, and simctl is not asked")
    func macOSDestination() async throws {
        let calls = Locked<[[String]]>([])
        let plan = XcodeBuildPlan(container: .workspace("App.xcworkspace"), scheme: "App (Mac)")
        let destination = try await XcodeDestination.resolve(plan) { argv in
            calls.withLock { $0.append(argv) }
            return try Self.fixture("xcodebuild-settings-macos.json")
        }
        #expect(destination.specifier == "platform=macOS")
        #expect(destination.reason == "the scheme App (Mac) builds for macOS (PLATFORM_NAME macosx)")
        #expect(calls.current.map { $0[0] } == ["xcodebuild"])
        #expect(calls.current.first?.contains("-workspace") == true)
    }

    @Test("A configured destination is used as it is: nothing is asked, no line is printed")
    func configuredDestination() async throws {
        let plan = XcodeBuildPlan(container: .project("App.xcodeproj"), scheme: "App", destination: "platform=macOS")
        let destination = try await XcodeDestination.resolve(plan) { argv in
            Issue.record("ran \(argv)")
            return Data()
        }
        #expect(destination == XcodeDestination(specifier: "platform=macOS", reason: nil))
        #expect(destination.line == nil)
    }

    @Test("An iOS scheme without an iOS simulator: an error naming the runtimes there are")
    func noSimulator() async throws {
        let json =
            #"{"devices": {"com.apple.CoreSimulator.SimRuntime.watchOS-11-2": [{"udid": "W", "name": "Watch"}]}}"#
        let reading = XcodePlatform.Reading(platform: .iOS, evidence: "PLATFORM_NAME iphoneos")
        await #expect(throws: XcodeBackendError.noSimulator(platform: "iOS", runtimes: ["watchOS 11.2"])) {
            try await XcodeDestination.infer(scheme: "App", reading: reading) {
                try SimulatorList.parse(Data(json.utf8))
            }
        }
        let error = XcodeBackendError.noSimulator(platform: "iOS", runtimes: [])
        #expect(error.recoverySuggestion?.contains("--destination") == true)
    }

    @Test(
        "The failing tests of a result bundle: file, line and message; passed, skipped and expected failures left out")
    func failures() throws {
        let result = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-failing.json"))
        #expect(
            result.failures == [
                .init(
                    test: "CartTests/testDiscount()", file: "CartTests.swift", line: 14,
                    message: #"XCTAssertEqual failed: ("0") is not equal to ("10")"#),
                .init(
                    test: "LoginTests/logsIn()", file: "LoginTests.swift", line: 27,
                    message: "Expectation failed: (session.user → nil) != nil"),
                .init(test: "LoginTests/logsOut()", file: nil, line: nil, message: "Test crashed with signal kill."),
            ])
        #expect(result.testCount == 3)
        #expect(result.unlocated.map(\.test) == ["LoginTests/logsOut()"])

        // A file name found once in the project becomes its path; an ambiguous one stays a name.
        let diagnostics = result.diagnostics(files: [
            "AppTests/CartTests.swift", "AppTests/LoginTests.swift", "LegacyTests/LoginTests.swift", "App/Cart.swift",
        ])
        #expect(diagnostics.map(\.location.path) == ["AppTests/CartTests.swift", "LoginTests.swift"])
        #expect(diagnostics.map(\.location.line) == [14, 27])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(
            diagnostics[0].message == #"CartTests/testDiscount(): XCTAssertEqual failed: ("0") is not equal to ("10")"#)
    }

    @Test(
        "Where a failure message says it happened",
        arguments: [
            ("Cart.swift:14: XCTAssertTrue failed", "Cart.swift", 14, "XCTAssertTrue failed"),
            ("Sources/My Cart.swift:3: a: b", "Sources/My Cart.swift", 3, "a: b"),
            ("Test crashed with signal kill.", nil, nil, "Test crashed with signal kill."),
            ("failed: 3 of 4: wrong", nil, nil, "failed: 3 of 4: wrong"),
        ])
    func failureLocation(message: String, file: String?, line: Int?, text: String) {
        let (parsedFile, parsedLine, parsedText) = XcodeTestFailures.location(of: message)
        #expect(parsedFile == file)
        #expect(parsedLine == line)
        #expect(parsedText == text)
    }

    @Test("Not xcresulttool's test results")
    func malformedResults() {
        for text in ["", "[]", #"{"devices": []}"#] {
            #expect(throws: XcodeBackendError.self) { try XcodeTestFailures.parse(Data(text.utf8)) }
        }
    }

    @Test("xccov's per-line archive data measures added lines like llvm-cov's: covered, uncovered, not executable")
    func diffCoverage() throws {
        let coverage = try XccovArchive.parse(try Self.fixture("xccov-archive-Cart.swift.json"))
        let path = Self.root + "/App/Cart.swift"
        #expect(coverage.counts[path]?[10] == 3)
        #expect(coverage.counts[path]?[14] == 0)
        #expect(coverage.counts[path]?[9] == nil)  // not executable
        #expect(coverage.counts[path]?.count == 9)

        let added = AddedLines(lines: [path: [9...16]])
        let diff = DiffCoverage(added: added, coverage: coverage, packageRoot: Self.root)
        #expect(
            diff.files == [
                DiffCoverage.File(path: "App/Cart.swift", coverable: [10, 11, 12, 14, 15, 16], missing: [14, 15, 16])
            ])
        #expect(diff.percent == 50)
        #expect(diff.report.contains("App/Cart.swift (50.0 %): missing lines 14-16"))
    }

    @Test("Not xccov's archive data")
    func malformedArchive() {
        for text in ["", "[]", #"{"/a.swift": 3}"#] {
            #expect(throws: XcodeBackendError.self) { try XccovArchive.parse(Data(text.utf8)) }
        }
    }

    // MARK: Real captures (each fixture's .source says where it comes from)

    @Test("Build settings with SwiftPM's notes and Xcode's destination lines around the JSON")
    func noisyBuildSettings() throws {
        let reading = try XcodePlatform.read(
            buildSettingsJSON: try Self.fixture("xcodebuild-settings-ipad-noise.txt"), scheme: "Sketchbook")
        #expect(reading.platform == .iOS)
        #expect(reading.deviceFamilies == [2])
        #expect(reading.sdkVersion == [16, 0])
        // A destination line alone is not taken for the settings.
        let onlyNoise =
            "{ platform:macOS, arch:arm64, id:00006000-000A, name:My Mac }\nFound unhandled resource at /x\n"
        #expect(throws: XcodeBackendError.self) {
            try XcodePlatform.read(buildSettingsJSON: Data(onlyNoise.utf8), scheme: "X")
        }
    }

    @Test(
        "JSON among other lines: brackets in strings, [1/1] progress lines, text after the document",
        arguments: [
            ("[1/1] Planning build\n[{\"a\": \"]\"}]\ntrailing {", #"[{"a": "]"}]"#),
            ("  [ {\"b\": 1} ]", #"[ {"b": 1} ]"#),
            ("{ platform:macOS }\n[]\n{ x }", "[]"),
        ])
    func toolOutputJSON(text: String, expected: String) throws {
        let found = try #require(ToolOutputJSON.document(in: Data(text.utf8), opening: UInt8(ascii: "[")))
        #expect(String(decoding: found.data, as: UTF8.self) == expected)
    }

    @Test(
        "Xcode 14 beta's simctl list: unavailable devices left out; by device family and by the SDK's runtime",
        arguments: [
            // iPad-only, SDK 16.0: the first iPad of iOS 16.0 (a beta runtime), though iPhones come first.
            ([2], [16, 0], "A2ECA850-91EE-467E-A1CA-A84A10ADF143", "16.0", true),
            // iPhone and iPad, SDK 15.5 (an Xcode 13.4 beside the beta): iOS 16.0 is passed over.
            ([1, 2], [15, 5], "20FDD0DF-0369-43FF-98E6-DBB8C820341E", "13.7", false),
            ([2], [15, 5], "1B9A2B86-81F1-4B30-AA04-126D7D96A9EE", "13.7", false),
            // Nothing said: an iPhone of the newest runtime.
            ([], nil, "D64FA78C-5A25-4BF3-9EE8-855761042DEE", "16.0", true),
        ] as [([Int], [Int]?, String, String, Bool)])
    func betaSimulatorList(families: [Int], sdk: [Int]?, udid: String, version: String, beta: Bool) throws {
        let list = try SimulatorList.parse(try Self.fixture("simctl-list-xcode14-beta.json"))
        let reading = XcodePlatform.Reading(
            platform: .iOS, evidence: "PLATFORM_NAME iphoneos", deviceFamilies: families, sdkVersion: sdk)
        let chosen = try #require(list.choose(for: reading))
        #expect(chosen.device.udid == udid)
        #expect(chosen.runtime.versionText == version)
        #expect(chosen.runtime.isBeta == beta)
        // tvOS devices there are all unavailable (runtime profile not found).
        #expect(list.choose(for: XcodePlatform.Reading(platform: .tvOS, evidence: "")) == nil)
        // The iPod touch iOS 16.0 does not support is not listed.
        #expect(!list.runtimes.flatMap(\.devices).contains { $0.udid.hasPrefix("5984A2C4") })
    }

    @Test(
        "The destination line says why an older runtime was chosen, and an iPad-only scheme without iPads is an error")
    func destinationReasons() async throws {
        let list = try SimulatorList.parse(try Self.fixture("simctl-list-xcode14-beta.json"))
        let older = XcodePlatform.Reading(
            platform: .iOS, evidence: "PLATFORM_NAME iphoneos", deviceFamilies: [1, 2], sdkVersion: [15, 5])
        let destination = try await XcodeDestination.infer(scheme: "App", reading: older) { list }
        #expect(
            destination.reason
                == "Bitrise iOS default (iOS 13.7), the newest iOS simulator of a runtime this Xcode was released "
                + "with (SDK 15.5; iOS 16.0 is newer), because the scheme App builds for iOS (PLATFORM_NAME iphoneos)")
        let onlyPhones = SimulatorList(
            runtimes: list.runtimes.map { runtime in
                var runtime = runtime
                runtime.devices.removeAll { $0.family == "iPad" }
                return runtime
            })
        var iPad = older
        iPad.deviceFamilies = [2]
        await #expect(throws: XcodeBackendError.self) {
            try await XcodeDestination.infer(scheme: "App", reading: iPad) { onlyPhones }
        }
        let error = XcodeBackendError.noSimulator(platform: "iOS", runtimes: ["iOS 16.0"], family: "iPad")
        #expect(error.errorDescription == "There is no available iOS simulator of an iPad to test on.")
    }

    @Test("A retried test that passed is flaky, not failed; the run counts 2 tests")
    func retriedFlakyTest() throws {
        let results = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-retry-flaky.json"))
        #expect(results.failures.isEmpty)
        #expect(results.testsRun == 2)
        #expect(
            results.flaky == [
                .init(
                    test: "FlakyFixtureTests/testFlaky()",
                    identifier: "FlakyFixtureTests/FlakyFixtureTests/testFlaky()",
                    failedRuns: 1, runs: 2,
                    message: "failed - Intentional first-attempt failure to produce a flaky/mixed retry result")
            ])
    }

    @Test("A test failing in each of three runs: one test failed, its distinct messages once each")
    func repeatedFailures() throws {
        let results = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-repeated.json"))
        #expect(results.testCount == 1)
        #expect(results.failures.map(\.message) == [51, 61, 25].map { "failed - Failed with number: \($0)" })
        #expect(results.failures.allSatisfy { $0.file == "test_repeatTests.swift" && $0.line == 15 })
        // The same message in every run is listed once.
        let same = """
            {"testNodes": [{"nodeType": "Test Case", "name": "t()", "nodeIdentifier": "S/t()", "result": "Failed",
              "children": [
                {"nodeType": "Repetition", "name": "First Run", "result": "Failed", "children": [
                  {"nodeType": "Failure Message", "name": "S.swift:3: XCTAssertTrue failed"}]},
                {"nodeType": "Repetition", "name": "Retry 1", "result": "Failed", "children": [
                  {"nodeType": "Failure Message", "name": "S.swift:3: XCTAssertTrue failed"}]}]}]}
            """
        let once = try XcodeTestFailures.parse(Data(same.utf8))
        #expect(once.failures == [.init(test: "S/t()", file: "S.swift", line: 3, message: "XCTAssertTrue failed")])
    }

    @Test("Parameterized tests: counted once each; a failure names its arguments")
    func parameterizedTests() throws {
        let results = try XcodeTestFailures.parse(try Self.fixture("xcresulttool-tests-parameterized.json"))
        #expect(results.testsRun == 44)
        #expect(results.failures.isEmpty && results.flaky.isEmpty)
        let failing = """
            {"testNodes": [{"nodeType": "Test Case", "name": "parses(_:)", "nodeIdentifier": "ParserTests/parses(_:)",
              "result": "Failed", "children": [
                {"nodeType": "Arguments", "name": "\\"a\\"", "result": "Passed"},
                {"nodeType": "Arguments", "name": "\\"c\\"", "result": "Failed", "children": [
                  {"nodeType": "Failure Message", "name": "ParserTests.swift:43: Expectation failed: x"}]}]}]}
            """
        let results2 = try XcodeTestFailures.parse(Data(failing.utf8))
        #expect(results2.failures.map(\.subject) == [#"ParserTests/parses(_:) (arguments: "c")"#])
        let diagnostic = try #require(results2.diagnostics(files: []).first)
        #expect(diagnostic.message == #"ParserTests/parses(_:) (arguments: "c"): Expectation failed: x"#)
    }

    @Test("Control bytes are stripped; a message's further lines are indented under its file:line: error: line")
    func messageCleaning() throws {
        // 0x01–0x06 as the issue reports them in a real Xcode 26 bundle's Swift Testing messages.
        let json = #"""
            {"testNodes": [{"nodeType": "Test Case", "name": "t()", "nodeIdentifier": "S/t()", "result": "Failed",
              "children": [{"nodeType": "Failure Message",
                "name": "Tests.swift:9: Expectation failed: (\u0001a\u0002 → 1) == 2\r\nwith \u0006detail\u0005"}]}]}
            """#
        let failure = try #require(try XcodeTestFailures.parse(Data(json.utf8)).failures.first)
        #expect(failure.message == "Expectation failed: (a → 1) == 2\nwith detail")
        #expect(
            XcodeTestFailures.textLines("Tests.swift:9: error: S/t(): ", failure.message)
                == "Tests.swift:9: error: S/t(): Expectation failed: (a → 1) == 2\n    with detail\n")
        let annotation = GitHubDiagnosticRenderer().line(
            for: Diagnostic(
                location: SourceLocation(path: "Tests.swift", line: 9, column: 1), severity: .error,
                message: failure.message, ruleID: "test-failure"))
        #expect(annotation.hasSuffix("::Expectation failed: (a → 1) == 2%0Awith detail"))
        #expect(!annotation.contains("\n"))
    }

    @Test("xccov's archive of every file: each file's executable lines, in one document")
    func wholeArchive() throws {
        let coverage = try XccovArchive.parse(try Self.fixture("xccov-archive-app.json"))
        #expect(coverage.counts.count == 3)
        #expect(coverage.counts[Self.root + "/App/Cart.swift"]?.count == 9)
        #expect(coverage.counts[Self.root + "/AppTests/CartTests.swift"]?[6] == 0)
    }

    @Test("XCTest's count in xcodebuild's output, and none with parallel testing")
    func executedCount() throws {
        let parallel = try String(contentsOfFile: Self.fixtures + "/xcodebuild-test-parallel.txt", encoding: .utf8)
        #expect(XcodeSteps.executedCount(parallel.components(separatedBy: "\n")) == nil)
        #expect(
            XcodeSteps.executedCount([
                "\t Executed 3 tests, with 0 failures (0 unexpected) in 0.01 (0.01) seconds",
                "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.000 (0.001) seconds",
            ]) == 0)
    }
}
