import Testing

@testable import PrePushKit

/// The build row's figure, and a failed command's, from what SwiftPM and the compiler print.
@Suite("The build step's figure")
struct BuildFigureTests {
    /// `swift build --build-tests --enable-code-coverage` (Swift 6.3.1, Linux) on a one-target
    /// package after a change to its source, as printed.
    static let incremental = [
        "[0/1] Planning build", "Building for debugging...", "[0/3] Write sources",
        "[1/3] Write swift-version-6A52383ED409C6A7.txt", "[3/5] Compiling Calc Calc.swift",
        "[4/5] Emitting module Calc", "[5/7] Write Objects.LinkFileList", "[6/7] Linking CalcPackageTests.xctest",
        "Build complete! (0.60s)",
    ]

    @Test("The modules SwiftPM compiled, not its plugins; the figure says the configuration")
    func modules() {
        #expect(Self.incremental.compactMap(SwiftBuildStep.compiledModule) == ["Calc"])
        #expect(SwiftBuildStep.compiledModule("[1/1] Compiling plugin GenerateManual") == nil)
        #expect(SwiftBuildStep.compiledModule("[12/40] Compiling CYaml api.c") == "CYaml")
        #expect(SwiftBuildStep.compiledModule("Compiling Calc Calc.swift") == nil)
        #expect(SwiftBuildStep.figure(configuration: "debug", compiled: 1) == "debug: 1 module compiled")
        #expect(SwiftBuildStep.figure(configuration: "release", compiled: 3) == "release: 3 modules compiled")
        #expect(SwiftBuildStep.figure(configuration: "debug", compiled: 0) == "debug: up to date")
    }

    @Test("A failed command that printed compiler errors says how many, each line once")
    func compilerErrors() {
        let error =
            "/tmp/w/Sources/Yams/Node.swift:359:19: error: cannot convert value of type 'String' to specified type 'Int'"
        #expect(
            FailureDetails.compilerErrorsFigure(output: [error, "error: fatalError"], errors: [error])
                == "1 compiler error")
        #expect(
            FailureDetails.compilerErrorsFigure(
                output: [error, error.replacingOccurrences(of: "359", with: "360")], errors: [])
                == "2 compiler errors")
        #expect(FailureDetails.compilerErrorsFigure(output: ["error: fatalError"], errors: []) == nil)
    }
}
