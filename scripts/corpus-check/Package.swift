// swift-tools-version: 6.0
// An independent reading of tags in Swift comments, for todoscan's real-world check
// (scripts/todoscan-corpus-check.sh). Not a dependency of the main package.
import PackageDescription

let package = Package(
    name: "corpus-check",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
    ],
    targets: [
        .executableTarget(
            name: "corpus-check",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        )
    ]
)
