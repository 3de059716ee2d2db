// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Preflight",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "prepush", targets: ["prepush"]),
        .executable(name: "todoscan", targets: ["todoscan"]),
        .executable(name: "errorlint", targets: ["errorlint"]),
        .library(name: "ProcessKit", targets: ["ProcessKit"]),
        // SwiftPM plugins for packages that depend on Preflight (docs/plugins.md).
        .plugin(name: "TodoScanCommand", targets: ["TodoScanCommand"]),
        .plugin(name: "ErrorLintCommand", targets: ["ErrorLintCommand"]),
        .plugin(name: "PrePushInstall", targets: ["PrePushInstall"]),
        .plugin(name: "TodoScanBuildPlugin", targets: ["TodoScanBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only errorlint's targets use swift-syntax, so `prepush` and `todoscan` build without it. A
        // range, so that packages depending on Preflight resolve beside macro packages: the releases
        // scripts/swift-syntax-range.sh proved (README, Dependencies).
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // MARK: Process execution
        .target(name: "CProcessKit"),
        .target(name: "ProcessKit", dependencies: ["CProcessKit"]),

        // MARK: Shared core: diagnostics, file discovery, configuration
        .target(name: "PreflightCore", dependencies: ["ProcessKit"]),

        // MARK: Tool libraries
        .target(
            name: "PrePushKit", dependencies: ["PreflightCore", "ProcessKit", "TodoScanKit", "ErrorLintSettings"]),
        .target(name: "TodoScanKit", dependencies: ["PreflightCore", "ProcessKit"]),
        // String catalogs (.strings, .stringsdict, .xcstrings): reading and checking; no swift-syntax.
        .target(name: "StringCatalogKit", dependencies: ["PreflightCore"]),
        // errorlint's settings and rule ids, without swift-syntax: prepush checks the errorlint section
        // of .preflight.json with them before it builds anything.
        .target(name: "ErrorLintSettings", dependencies: ["PreflightCore"]),
        .target(
            name: "ErrorLintKit",
            dependencies: [
                "PreflightCore", "StringCatalogKit", "ErrorLintSettings",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The pre-commit hook's two checks, todoscan's and errorlint's, on one read of git's index
        // in one process (`errorlint --staged --with-todoscan`).
        .target(
            name: "PreCommitKit", dependencies: ["ErrorLintKit", "ErrorLintSettings", "TodoScanKit", "PreflightCore"]),

        // MARK: Command-line front ends: argument parsing only
        .target(
            name: "PreflightCLI",
            dependencies: [
                "PreflightCore", "ProcessKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "prepush",
            dependencies: [
                "PrePushKit", "PreflightCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "todoscan",
            dependencies: [
                "TodoScanKit", "PreflightCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "errorlint",
            dependencies: [
                "ErrorLintKit", "ErrorLintSettings", "PreCommitKit", "TodoScanKit", "PreflightCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: SwiftPM plugins: each runs a tool binary (Plugins/Shared is linked into the command plugins)
        .plugin(
            name: "TodoScanCommand",
            capability: .command(
                intent: .custom(verb: "todoscan", description: "Report TODO, FIXME and ERROR comments as diagnostics")),
            dependencies: ["todoscan"]
        ),
        .plugin(
            name: "ErrorLintCommand",
            capability: .command(
                intent: .custom(verb: "errorlint", description: "Check that every LocalizedError is described")),
            dependencies: ["errorlint"]
        ),
        .plugin(
            name: "PrePushInstall",
            capability: .command(
                intent: .custom(verb: "prepush-install", description: "Install prepush as the git pre-push hook"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the pre-push hook into the package's .git/hooks")
                ]
            ),
            dependencies: ["prepush"]
        ),
        .plugin(name: "TodoScanBuildPlugin", capability: .buildTool(), dependencies: ["todoscan"]),

        // MARK: Test support
        // A child program for ProcessKit's adversarial tests: emits exact byte counts, echoes its
        // arguments, spawns grandchildren, and runs ProcessKit itself for the signal-forwarding test.
        .executableTarget(
            name: "processkit-fixture", dependencies: ["ProcessKit"], path: "Tests/Fixtures/processkit-fixture"),

        // What the test targets below share: where the built products are, the tests' own temporary
        // folders (removed at each test's end), git repositories to test in, the /private layout, a
        // JUnit reader.
        .target(name: "TestSupport", dependencies: ["ProcessKit"], path: "Tests/Support"),

        // MARK: Tests
        .testTarget(name: "ProcessKitTests", dependencies: ["ProcessKit", "TestSupport"]),
        .testTarget(name: "PreflightCoreTests", dependencies: ["PreflightCore", "ProcessKit", "TestSupport"]),
        // With prepush's command-line module: CheckArgumentsTests holds its fields to CheckOptions'.
        .testTarget(
            name: "PrePushKitTests", dependencies: ["PrePushKit", "ProcessKit", "TestSupport", "prepush"],
            exclude: ["Fixtures"]),
        .testTarget(name: "TodoScanKitTests", dependencies: ["TodoScanKit", "PreflightCore", "TestSupport"]),
        .testTarget(name: "StringCatalogKitTests", dependencies: ["StringCatalogKit", "PreflightCore"]),
        .testTarget(
            name: "ErrorLintKitTests",
            dependencies: ["ErrorLintKit", "ErrorLintSettings", "StringCatalogKit", "PreflightCore", "TestSupport"],
            exclude: ["Fixtures"]),
        // Tests that run the built tools, or the real toolchain on fixture packages, end to end: the
        // slow part of the suite. `swift test --skip EndToEndTests` runs the unit tests alone.
        .testTarget(
            name: "EndToEndTests", dependencies: ["PrePushKit", "PreflightCore", "ProcessKit", "TestSupport"]),
    ]
)
