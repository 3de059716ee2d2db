import Foundation
import ProcessKit

/// Finds a tool of the Swift toolchain in use (`llvm-cov`) the way the platform does.
///
/// 1. Where an `xcrun` is on `PATH` (macOS), `xcrun --find NAME`, given the environment, so that
///    `DEVELOPER_DIR` and `TOOLCHAINS` choose the toolchain as they choose `swift`'s.
/// 2. Otherwise beside the first `swift` on `PATH`, with symbolic links followed (Linux
///    toolchains put links to `swift` in `/usr/bin` or a swiftly folder).
///
/// Never any `NAME` elsewhere on `PATH`: it may belong to another LLVM (Debian's `/usr/bin/llvm-cov`
/// is LLVM 14, which cannot read Swift 6's profiles), and macOS's `/usr/bin/swift` is a shim with
/// no tools beside it.
package enum ToolchainTool {
    /// The absolute path of the toolchain's `name`, looked up with `environment` (its `PATH`,
    /// `DEVELOPER_DIR`, `TOOLCHAINS`), not this process's. Throws ``CoverageError/toolMissing(_:searched:)``
    /// saying where it looked.
    package static func locate(_ name: String, environment: [String: String]) async throws(CoverageError) -> String {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        var searched: [String] = []
        if let xcrun = Command.locate("xcrun", searchPath: searchPath) {
            switch await xcrunFind(name, xcrun: xcrun, environment: environment) {
            case .success(let path): return path
            case .failure(let failure): searched.append("\(xcrun) --find \(name): \(failure.reason)")
            }
        } else {
            searched.append("no xcrun on PATH")
        }
        if let swift = Command.locate("swift", searchPath: searchPath) {
            let real = URL(fileURLWithPath: swift).resolvingSymlinksInPath().path
            let candidate = (real as NSString).deletingLastPathComponent + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            searched.append(
                "not beside swift (\(swift)\(real == swift ? "" : " -> \(real)"), not a link into a toolchain)")
        } else {
            searched.append("no swift on PATH")
        }
        throw .toolMissing(name, searched: searched.joined(separator: "; "))
    }

    /// Why an `xcrun --find` gave no tool.
    private struct XcrunFailure: Error {
        var reason: String
    }

    /// What `xcrun --find name` answers, or why it gave no executable path.
    private static func xcrunFind(
        _ name: String, xcrun: String, environment: [String: String]
    ) async -> Result<String, XcrunFailure> {
        var find = Command(xcrun, ["--find", name], environment: .custom(environment))
        find.timeout = .seconds(120)
        let result: ProcessResult
        do {
            result = try await find.run()
        } catch {
            return .failure(XcrunFailure(reason: error.localizedDescription))
        }
        let path = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.succeeded else {
            let said = result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(XcrunFailure(reason: "\(result.termination)\(said.isEmpty ? "" : ": \(said)")"))
        }
        guard path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(XcrunFailure(reason: "answered '\(path)', not an executable file"))
        }
        return .success(path)
    }
}
