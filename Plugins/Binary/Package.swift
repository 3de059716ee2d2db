// swift-tools-version: 6.0
import PackageDescription

// Preflight's plugins on prebuilt tools: the same four plugins as Preflight's own Package.swift,
// but their tools come from `Preflight.artifactbundle` (scripts/release.sh), so a package that
// uses them compiles neither the tools nor swift-syntax (docs/plugins.md).
//
// This folder is the template scripts/release.sh copies into a self-contained package (the
// plugin folders are links to ../../<plugin>): with the bundle beside this manifest for a local
// build, or, for a release, with the line below rewritten to the bundle's `url:` and `checksum:`.
let package = Package(
    name: "PreflightPlugins",
    products: [
        .plugin(name: "TodoScanCommand", targets: ["TodoScanCommand"]),
        .plugin(name: "ErrorLintCommand", targets: ["ErrorLintCommand"]),
        .plugin(name: "PrePushInstall", targets: ["PrePushInstall"]),
        .plugin(name: "TodoScanBuildPlugin", targets: ["TodoScanBuildPlugin"]),
    ],
    targets: [
        // prepush, todoscan and errorlint, built for macOS (universal) and Linux (x86_64, aarch64).
        .binaryTarget(name: "PreflightTools", path: "Preflight.artifactbundle"),
        .plugin(
            name: "TodoScanCommand",
            capability: .command(
                intent: .custom(verb: "todoscan", description: "Report TODO, FIXME and ERROR comments as diagnostics")),
            dependencies: ["PreflightTools"]
        ),
        .plugin(
            name: "ErrorLintCommand",
            capability: .command(
                intent: .custom(verb: "errorlint", description: "Check that every LocalizedError is described")),
            dependencies: ["PreflightTools"]
        ),
        .plugin(
            name: "PrePushInstall",
            capability: .command(
                intent: .custom(verb: "prepush-install", description: "Install prepush as the git pre-push hook"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the pre-push hook into the package's .git/hooks")
                ]
            ),
            dependencies: ["PreflightTools"]
        ),
        .plugin(name: "TodoScanBuildPlugin", capability: .buildTool(), dependencies: ["PreflightTools"]),
    ]
)
