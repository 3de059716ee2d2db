import Foundation
import ProcessKit
import TestSupport
import Testing

/// End to end: the built executables, run as a user would run them.
@Suite("Command-line tools")
struct ToolCommandTests {
    /// The folder of the built executables (``ProductsFolder``).
    static var productsDirectory: String { ProductsFolder.path }

    @Test(
        "Each tool answers --help with its purpose and exits 0",
        arguments: [
            ("prepush", "coverage"), ("todoscan", "TODO"), ("errorlint", "LocalizedError"),
        ])
    func help(tool: String, keyword: String) async throws {
        let result = try await Command(Self.productsDirectory + "/" + tool, ["--help"]).run()
        #expect(result.termination == .exited(0))
        #expect(result.outputText.contains("USAGE: \(tool)"))
        #expect(result.outputText.contains(keyword))
    }

    @Test(
        "An unknown option is a usage error: exit 2 with a message on stderr",
        arguments: [
            "prepush", "todoscan", "errorlint",
        ])
    func usageError(tool: String) async throws {
        let result = try await Command(Self.productsDirectory + "/" + tool, ["--no-such-option"]).run()
        #expect(result.termination == .exited(2))
        #expect(result.errorText.contains("no-such-option"))
    }
}
