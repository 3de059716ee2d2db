import Foundation
import ProcessKit

/// Finds a tool of the Swift toolchain in use (`llvm-cov`, `llvm-profdata`) as SwiftPM does
/// (`UserToolchain.getLLVMCov`): in the folder of the compiler `swift build` uses
/// (``SwiftCompilerFolder``), and nowhere else.
///
/// Not `xcrun --find` first: under swiftly, or with a swift.org toolchain chosen by PATH, xcrun
/// answers with Xcode's LLVM, which may be older than the profiles the selected compiler wrote.
/// Never any `NAME` elsewhere on `PATH` either: it may belong to another LLVM (Debian's
/// `/usr/bin/llvm-cov` is LLVM 14, which cannot read Swift 6's profiles).
enum ToolchainTool {
    /// The absolute path of the toolchain's `name`, looked up with `environment` (its `PATH`,
    /// `SWIFT_EXEC`, `DEVELOPER_DIR`, `TOOLCHAINS`), not this process's; `directory` is the
    /// package's folder, where a proxy such as swiftly reads its `.swift-version`. Throws
    /// ``CoverageError/toolMissing(_:searched:)`` saying where it looked.
    static func locate(
        _ name: String, environment: [String: String], directory: String
    ) async throws(CoverageError) -> String {
        switch await SwiftCompilerFolder.locate(environment: environment, directory: directory) {
        case .failure(let notFound):
            throw .toolMissing(name, searched: notFound.searched.joined(separator: "; "))
        case .success(let folder):
            let candidate = folder.path + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            throw .toolMissing(name, searched: "not in the compiler's folder \(folder.path), \(folder.origin)")
        }
    }
}
