import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory prepush-install [--force]`: installs the
/// package's git pre-push hook, pointing at the prepush this package's build made (run
/// `prepush-install` again after `swift package clean`).
@main
struct PrePushInstall: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolInvocation(
            tool: try context.tool(named: "prepush"), arguments: ["install"] + arguments,
            workingDirectory: context.package.directoryURL
        ).run()
    }
}
