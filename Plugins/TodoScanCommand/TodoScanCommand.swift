import Foundation
import PackagePlugin

/// `swift package todoscan [--target NAME …] [todoscan options and paths]`: runs todoscan on the
/// package (or on the named targets' source files) and reports its findings as SwiftPM diagnostics.
@main
struct TodoScanCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let files = try context.targetFiles(extractingFrom: &extractor)
        try ToolInvocation(
            tool: try context.tool(named: "todoscan"), arguments: extractor.remainingArguments + files,
            workingDirectory: context.package.directoryURL
        ).run()
    }
}
