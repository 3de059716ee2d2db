import Foundation
import PreflightCore
import ProcessKit
import Testing

@testable import PrePushKit

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
        #expect(reading == XcodePlatform.Reading(platform: platform, evidence: evidence))
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
        let chosen = try #require(list.choose(for: platform))
        #expect(chosen.device.name == name)
        #expect(chosen.device.udid == udid)
        #expect(chosen.runtime.versionText == version)
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
        let chosen = try #require(try SimulatorList.parse(Data(json.utf8)).choose(for: .iOS))
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
                ["xcrun", "simctl", "list", "devices", "available", "--json"],
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
}
