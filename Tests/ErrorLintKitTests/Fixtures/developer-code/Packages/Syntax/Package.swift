// swift-tools-version: 6.4

import PackageDescription

let package = Package(
    name: "Syntax",
    defaultLocalization: "en",
    platforms: [
        .macOS(.v26),
    ],
    products: [
        .library(name: "Syntax", targets: [
            "SyntaxFormat",
            "SyntaxParsers",
        ]),
    ],
    dependencies: [
        .package(name: "EditorCore", path: "../EditorCore"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: Version(1, 7, 0)),
    ],
    targets: [
        .target(
            name: "SyntaxFormat",
            dependencies: ["EditorCore", "Yams"],
            resources: [.process("Resources")]
        ),
        // .testTarget(name: "SyntaxFormat"),  a comment names no target
        .testTarget(
            name: "SyntaxParsersTests",
            dependencies: ["SyntaxParsers", "EditorCore"],
            resources: [.copy("Samples")]
        ),

        .executableTarget(
            name: "SyntaxMigrator",
            dependencies: [
                "SyntaxFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
