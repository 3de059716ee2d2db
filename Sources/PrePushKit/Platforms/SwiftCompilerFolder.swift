import Foundation
import PreflightCore
import ProcessKit

/// The folder of the Swift compiler that `swift build` and `swift test` use, by SwiftPM's own rule
/// (`UserToolchain.determineSwiftCompilers` and `getLLVMCov`): `SWIFT_EXEC` when it is set, else the
/// `swiftc` beside the `swift-build` that `swift` runs. SwiftPM takes `llvm-cov` and
/// `llvm-profdata` from that folder and nowhere else, so prepush does too; and the verified-tree
/// cache names the toolchain by it.
///
/// `swift` on `PATH` is either a toolchain's own driver (a link to it, as `/usr/bin/swift` on
/// Linux packages) or a proxy that picks a toolchain when it runs: swiftly's (every name in
/// `~/.swiftly/bin` is a link to `swiftly`, which reads `.swift-version` from the current folder
/// up) or macOS's `/usr/bin/swift` (`xcrun`'s choice: `DEVELOPER_DIR`, `TOOLCHAINS`,
/// `xcode-select`). A toolchain's folder is recognized without running anything: its
/// `swift-frontend` is a real file of that name. For a proxy the driver is asked, in the package's
/// folder: `swift -print-target-info` names its resource folder, `<toolchain>/usr/lib/swift`, whose
/// `../../bin` is the compiler's folder.
struct SwiftCompilerFolder: Sendable, Equatable {
    /// The folder that holds `swiftc`, `llvm-cov` and `llvm-profdata`.
    var path: String
    /// How it was found, for messages (`SWIFT_EXEC=…`, `beside swift (/usr/bin/swift -> …)`).
    var origin: String
    /// The driver's own words (`compilerVersion` of `-print-target-info`), when it was asked.
    var compilerVersion: String?

    /// Why no folder was found: each place looked at.
    struct NotFound: Error, Sendable {
        var searched: [String]
    }

    /// The folder found without running anything, or `nil` when `swift` on `PATH` is a proxy that
    /// decides when it runs (then ``asked(environment:directory:)``). Failures are in `searched`.
    static func direct(environment: [String: String]) -> Result<SwiftCompilerFolder?, NotFound> {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        if let exec = environment["SWIFT_EXEC"], !exec.isEmpty {
            // SwiftPM's lookup: a path as it is, a bare name on PATH.
            let compiler: String? = exec.contains("/") ? exec : Command.locate(exec, searchPath: searchPath)
            guard let compiler, FileManager.default.isExecutableFile(atPath: compiler) else {
                return .failure(NotFound(searched: ["SWIFT_EXEC=\(exec) is not an executable file"]))
            }
            return .success(
                SwiftCompilerFolder(
                    path: (PhysicalRoot.physical(compiler) as NSString).deletingLastPathComponent,
                    origin: "SWIFT_EXEC=\(exec)"))
        }
        guard let swift = Command.locate("swift", searchPath: searchPath) else {
            return .failure(NotFound(searched: ["no swift on PATH"]))
        }
        let real = PhysicalRoot.physical(swift)
        let folder = (real as NSString).deletingLastPathComponent
        guard isToolchainFolder(folder) else { return .success(nil) }
        return .success(
            SwiftCompilerFolder(path: folder, origin: "beside swift (\(swift)\(real == swift ? "" : " -> \(real)"))"))
    }

    /// Whether `folder` is a toolchain's `usr/bin`: its `swift-frontend` is a file of that name
    /// (links followed), not a proxy's link to itself, and `swiftc` is there.
    static func isToolchainFolder(_ folder: String) -> Bool {
        let frontend = folder + "/swift-frontend"
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: frontend), fileManager.isExecutableFile(atPath: folder + "/swiftc")
        else { return false }
        return (PhysicalRoot.physical(frontend) as NSString).lastPathComponent == "swift-frontend"
    }

    /// The folder the driver names: `swift -print-target-info` run in `directory` with `environment`.
    static func asked(
        environment: [String: String], directory: String
    ) async -> Result<SwiftCompilerFolder, NotFound> {
        do {
            return folder(fromTargetInfo: try await targetInfo(environment: environment, directory: directory).run())
        } catch {
            return .failure(NotFound(searched: ["swift -print-target-info: \(error.localizedDescription)"]))
        }
    }

    /// `swift -print-target-info` in `directory` with `environment`.
    static func targetInfo(environment: [String: String], directory: String) -> Command {
        var command = Command(
            "swift", ["-print-target-info"], workingDirectory: directory, environment: .custom(environment))
        command.timeout = .seconds(120)
        command.standardError = .capture(limit: 1 << 16)
        return command
    }

    /// The folder a `swift -print-target-info` run names.
    static func folder(fromTargetInfo result: ProcessResult) -> Result<SwiftCompilerFolder, NotFound> {
        guard result.succeeded else {
            let said = result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(
                NotFound(searched: ["swift -print-target-info: \(result.termination)\(said.isEmpty ? "" : ": \(said)")"]
                ))
        }
        guard let info = try? JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any],
            let paths = info["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else {
            return .failure(NotFound(searched: ["swift -print-target-info printed no runtimeResourcePath"]))
        }
        let folder = StandardPath.absolute("../../bin", relativeTo: resources)
        return .success(
            SwiftCompilerFolder(
                path: PhysicalRoot.physical(folder), origin: "the driver's toolchain (swift -print-target-info)",
                compilerVersion: info["compilerVersion"] as? String))
    }

    /// ``direct(environment:)``, else ``asked(environment:directory:)``.
    static func locate(
        environment: [String: String], directory: String
    ) async -> Result<SwiftCompilerFolder, NotFound> {
        switch direct(environment: environment) {
        case .failure(let notFound): return .failure(notFound)
        case .success(let folder?): return .success(folder)
        case .success(nil): return await asked(environment: environment, directory: directory)
        }
    }
}
