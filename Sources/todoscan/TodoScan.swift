import ArgumentParser
import PreflightCLI
import TodoScanKit

@main
struct TodoScan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todoscan",
        abstract: TodoScanKit.abstract,
        discussion: "This command is being built; for now it only prints this help."
    )

    static func main() async {
        await ToolMain.main(Self.self, tool: "todoscan")
    }

    func run() async throws {
        print(Self.helpMessage())
    }
}
