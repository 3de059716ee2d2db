import Foundation
import ProcessKit

/// Finds Xcode's command-line tools on `PATH` before anything is run, so a missing Xcode is one
/// clear error rather than a failed step, and runs the ones whose JSON the backend reads.
enum XcodeTools {
    static func require(_ names: [String], searchPath: String?) throws(XcodeBackendError) {
        let directories = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in names
        where !directories.contains(where: { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) }) {
            throw .toolNotFound(name, searchedDirectories: directories)
        }
    }

    /// Runs `argv` in the package root with the step environment; its standard output, or a
    /// ``ProcessError`` when it fails.
    static func capture(_ argv: [String], in context: StepContext) async throws -> Data {
        var command = Command(
            argv[0], Array(argv.dropFirst()), workingDirectory: context.packageRoot, environment: context.environment)
        command.standardOutput = .capture(limit: 1 << 30)
        command.standardError = .capture(limit: 1 << 20)
        let result = try await command.run().checked()
        return Data(result.standardOutput?.bytes ?? [])
    }
}
