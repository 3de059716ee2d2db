import Foundation
import PackagePlugin

/// Runs todoscan on a target's source files during the build, like the classic Xcode run-script
/// phase: TODO/FIXME lines become build warnings and an ERROR tag fails the build.
///
/// The scan reruns when one of the target's files (or `.preflight.json`) changes. SwiftPM runs
/// build commands only to make outputs, so the scan writes an empty Swift file as its output;
/// prebuild commands, which always run, cannot use a tool built from source.
@main
struct TodoScanBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let scan = ScanCommand(
            todoscan: try context.tool(named: "todoscan").url, root: context.package.directoryURL,
            name: target.name, files: module.sourceFiles.filter(ScanCommand.isScanned).map(\.url),
            output: context.pluginWorkDirectoryURL.appendingPathComponent("TodoScanned-\(target.name).swift"))
        return scan.files.isEmpty ? [] : [scan.command]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension TodoScanBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let scan = ScanCommand(
            todoscan: try context.tool(named: "todoscan").url, root: context.xcodeProject.directoryURL,
            name: target.displayName, files: target.inputFiles.filter(ScanCommand.isScanned).map(\.url),
            output: context.pluginWorkDirectoryURL.appendingPathComponent("TodoScanned-\(target.displayName).swift"))
        return scan.files.isEmpty ? [] : [scan.command]
    }
}
#endif

/// One `todoscan` run over a target's files, through `/bin/sh` so it runs from the package root
/// (where `.preflight.json` is found) and touches its output only when the scan passes.
struct ScanCommand {
    let todoscan: URL
    let root: URL
    let name: String
    let files: [URL]
    let output: URL

    /// Source files and headers; resources and other files are not scanned.
    static func isScanned(_ file: File) -> Bool {
        file.type == .source || file.type == .header
    }

    var command: Command {
        let configuration = root.appendingPathComponent(".preflight.json")
        let extraInputs = FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []
        return .buildCommand(
            displayName: "todoscan \(name)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", #"cd "$1" && out=$2 && tool=$3 && shift 3 && "$tool" --absolute-paths --quiet "$@" && : >"$out""#,
                "todoscan", root.path, output.path, todoscan.path,
            ] + files.map(\.path),
            // The tool as an input: SwiftPM builds todoscan first and scans again after it changes.
            inputFiles: [todoscan] + extraInputs + files,
            outputFiles: [output]
        )
    }
}
