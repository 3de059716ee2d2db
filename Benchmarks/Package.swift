// swift-tools-version: 6.0
// The ProcessKit benchmark, kept out of the main package so that Preflight itself never depends on
// swift-subprocess. Run it with scripts/bench/processkit.sh.
import PackageDescription

// SwiftPM names a path dependency after its folder: "main" in the main checkout, the worktree's
// folder name elsewhere. Ask for it by whatever the folder is called.
let preflight = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main")

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
                .product(name: "ProcessKit", package: preflight),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
    ]
)
