import ArgumentParser
import ErrorLintKit
import PreflightCLI

@main
struct ErrorLint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "errorlint",
        abstract: ErrorLintKit.abstract,
        discussion: "This command is being built; for now it only prints this help."
    )

    static func main() async {
        await ToolMain.main(Self.self, tool: "errorlint")
    }

    func run() async throws {
        print(Self.helpMessage())
    }
}
