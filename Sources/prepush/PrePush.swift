import ArgumentParser
import PrePushKit
import PreflightCLI

@main
struct PrePush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepush",
        abstract: PrePushKit.abstract,
        discussion: "This command is being built; for now it only prints this help."
    )

    static func main() async {
        await ToolMain.main(Self.self, tool: "prepush")
    }

    func run() async throws {
        print(Self.helpMessage())
    }
}
