/// `swift build --build-tests --enable-code-coverage`: everything the test step runs, built once.
struct SwiftBuildStep: Step {
    let name = "build"

    func run(in context: StepContext) async throws -> StepOutcome {
        try await context.command(name, Self.argv(context))
    }

    static func argv(_ context: StepContext) -> [String] {
        ["swift", "build", "--build-tests", "--enable-code-coverage"] + context.swiftOptions
    }
}
