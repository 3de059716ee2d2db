/// `swift test --skip-build --enable-code-coverage`, with the configured test arguments; its
/// figure is the number of tests that ran.
struct SwiftTestStep: Step {
    let name = "test"

    func run(in context: StepContext) async throws -> StepOutcome {
        try await context.command(
            name,
            ["swift", "test", "--skip-build", "--enable-code-coverage"] + context.swiftOptions
                + context.options.testArguments
        ) { output, _ in TestCount.figure(output) }
    }
}

/// How many tests ran, read from XCTest's and Swift Testing's closing lines.
enum TestCount {
    static func figure(_ lines: [String]) -> String {
        var total = 0
        for line in lines {
            // XCTest: "Executed 12 tests, with 0 failures (0 unexpected) in 0.01 (0.01) seconds" (the
            // last one is the grand total); Swift Testing: "✔ Test run with 5 tests in 2 suites passed…".
            if let count = number(after: "Test run with ", in: line) { total += count }
        }
        let xctest = lines.last { $0.hasPrefix("\t Executed ") || $0.hasPrefix("Executed ") }
        if let xctest, let count = number(after: "Executed ", in: xctest) { total += count }
        return "\(total) test\(total == 1 ? "" : "s") passed"
    }

    private static func number(after prefix: String, in line: String) -> Int? {
        guard let range = line.range(of: prefix) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
