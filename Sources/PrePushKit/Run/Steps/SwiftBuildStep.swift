import ProcessKit

/// `swift build --build-tests --enable-code-coverage`: everything the test step runs, built once.
/// Its figure says the configuration and what the build did: `debug: 3 modules compiled`, or
/// `debug: up to date` when SwiftPM compiled nothing.
struct SwiftBuildStep: Step {
    let name = "build"

    func run(in context: StepContext) async throws -> StepOutcome {
        let compiled = Locked(Set<String>())
        let configuration = context.options.configuration
        return try await context.command(
            name, Self.argv(context),
            watching: { line in
                if let module = Self.compiledModule(line) { compiled.withLock { _ = $0.insert(module) } }
            },
            figure: { _, _ in Self.figure(configuration: configuration, compiled: compiled.withLock(\.count)) })
    }

    static func argv(_ context: StepContext) -> [String] {
        ["swift", "build", "--build-tests", "--enable-code-coverage"] + context.swiftOptions
    }

    /// The module a line of SwiftPM's progress compiles (`[3/5] Compiling Calc Calc.swift` →
    /// `Calc`); a build plugin's compilation is not the package's.
    static func compiledModule(_ line: String) -> String? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let words = line[line.index(after: close)...].split(separator: " ")
        guard words.count >= 2, words[0] == "Compiling", words[1] != "plugin" else { return nil }
        return String(words[1])
    }

    /// `debug: 1 module compiled`, `release: 4 modules compiled`, `debug: up to date`.
    static func figure(configuration: String, compiled: Int) -> String {
        compiled == 0
            ? "\(configuration): up to date"
            : "\(configuration): \(compiled) module\(compiled == 1 ? "" : "s") compiled"
    }
}
