// swift-tools-version: 6.0
// The ProcessKit benchmark, kept out of the main package so that Preflight itself never depends on
// swift-subprocess. Run it with scripts/bench/processkit.sh.
import PackageDescription

let package = Package(
    name: "PreflightBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/swiftlang/swift-subprocess", exact: "1.0.2"),
    ],
    targets: [
        // Plain posix_spawn + waitpid: the floor every contender is measured against.
        .target(name: "RawSpawn"),
        .executableTarget(
            name: "processkit-bench",
            dependencies: [
                "RawSpawn",
                .product(name: "ProcessKit", package: "main"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
    ]
)
