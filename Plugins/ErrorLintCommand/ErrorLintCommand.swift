import Foundation
import PackagePlugin

/// `swift package errorlint [--target NAME …] [errorlint options and paths]`: runs errorlint on the
/// package (or on the named targets' source files) and reports its findings as SwiftPM diagnostics.
@main
struct ErrorLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let files = try context.targetFiles(extractingFrom: &extractor)
        try ToolInvocation(
            tool: try context.tool(named: "errorlint"), arguments: extractor.remainingArguments + files,
            workingDirectory: context.package.directoryURL
        ).run()
    }
}
