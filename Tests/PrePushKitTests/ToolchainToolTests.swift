import Foundation
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// Finding the toolchain's llvm-cov as SwiftPM does (beside the compiler in use), with PATHs built
/// the way macOS, Linux and swiftly build them: macOS's `/usr/bin/swift` is a shim, not a link,
/// beside an `xcrun` that may answer another LLVM; swiftly's `swift` is a link to its proxy
/// whatever toolchain is selected; Debian's `/usr/bin/llvm-cov` is LLVM 14, a trap to stay out of.
/// The PATHs are made of stand-ins and `/bin`, never this machine's `/usr/bin` (a Mac's holds the
/// real `swift` shim and `xcrun`, which would answer in place of the stand-ins).
@Suite("Toolchain tools: llvm-cov found beside the compiler SwiftPM uses")
struct ToolchainToolTests {
    /// The real toolchain's folder: where the compiler of this process's `swift` lives (a link's
    /// target on Linux; on macOS, where `/usr/bin/swift` is a shim, the folder its driver names).
    static func realToolchain() async throws -> String {
        let environment = ProcessInfo.processInfo.environment
        return try await SwiftCompilerFolder.locate(environment: environment, directory: NSTemporaryDirectory()).get()
            .path
    }

    /// A swift.org toolchain's `usr/bin` stand-in whose driver answers `-print-target-info` as a
    /// real one does (Swift 6.3.1's shape, its resource folder in the toolchain), with `llvm-cov`.
    static func standInToolchain(_ root: String, version: String) throws {
        let bin = root + "/usr/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let info = """
            {"compilerVersion": "Swift version \(version)", "target": {"triple": "x86_64-unknown-linux-gnu"},
             "paths": {"runtimeLibraryPaths": ["\(root)/usr/lib/swift/linux"], "runtimeResourcePath": "\(root)/usr/lib/swift"}}
            """
        let scripts = [
            "swift": "[ \"$1\" = -print-target-info ] || exit 64\ncat <<'JSON'\n\(info)\nJSON",
            "swift-frontend": "exit 0", "swiftc": "exit 0", "llvm-cov": "echo 'LLVM version \(version)'",
            "llvm-profdata": "exit 0",
        ]
        for (name, body) in scripts {
            try ("#!/bin/sh\n" + body + "\n").write(toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        }
    }

    /// swiftly's layout: every name in `bin` a link to one proxy, which runs the toolchain the
    /// current folder's `.swift-version` names (swiftly reads it from the folder up; one level is
    /// enough here) from `toolchains/<version>`.
    static func swiftly(in folder: StandInFolder) throws -> String {
        let bin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try """
        #!/bin/sh
        version=$(cat .swift-version 2>/dev/null) || { echo "swiftly: no toolchain selected" >&2; exit 1; }
        exec '\(folder.path)/toolchains/'"$version"'/usr/bin/'"$(basename "$0")" "$@"

        """.write(toFile: bin + "/swiftly", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swiftly")
        for name in ["swift", "swiftc", "swift-frontend", "llvm-cov", "llvm-profdata"] {
            try FileManager.default.createSymbolicLink(atPath: bin + "/" + name, withDestinationPath: "swiftly")
        }
        return bin
    }

    @Test(
        "macOS: /usr/bin/swift a shim and xcrun answering Xcode's LLVM; the compiler's own folder wins, as in SwiftPM")
    func shimAndXcrun() async throws {
        let toolchain = try await Self.realToolchain()
        let shims = try StandInFolder()
        let xcode = try StandInFolder()
        defer {
            shims.remove()
            xcode.remove()
        }
        let log = shims.path + "/xcrun.log"
        try xcode.script("llvm-cov", "echo 'Apple LLVM version 17'")
        try shims.swiftShim(toolchain: toolchain)
        try shims.xcrun(answering: xcode.path, log: log)
        let foreign = try xcode.foreignLLVM()
        let path = [shims.path, foreign, "/bin", toolchain].joined(separator: ":")
        let environment = ["PATH": path, "DEVELOPER_DIR": "/Applications/Xcode.app/Contents/Developer"]

        let found = try await ToolchainTool.locate("llvm-cov", environment: environment, directory: shims.path)
        #expect(found == toolchain + "/llvm-cov")
        #expect(found != foreign + "/llvm-cov")
        #expect(!FileManager.default.fileExists(atPath: log), "xcrun was asked")
        // The tool found reads this toolchain's profiles: it is this toolchain's LLVM.
        let version = try await Command(found, ["--version"]).output()
        #expect(!version.contains("Debian LLVM version 14"))
        #expect(version.contains("LLVM version"), "\(version)")
    }

    @Test(
        "swiftly: one proxy for every name; each package folder's .swift-version selects the llvm-cov and the identity")
    func swiftlySelection() async throws {
        let toolchain = try await Self.realToolchain()
        let home = try StandInFolder()
        defer { home.remove() }
        let bin = try Self.swiftly(in: home)
        try FileManager.default.createDirectory(
            atPath: home.path + "/toolchains/6.3.1/usr/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/toolchains/6.3.1/usr/bin/swift", withDestinationPath: toolchain + "/swift")
        try Self.standInToolchain(home.path + "/toolchains/main-snapshot", version: "6.4-dev")
        let (current, snapshot) = (home.path + "/current", home.path + "/snapshot")
        for (folder, version) in [(current, "6.3.1"), (snapshot, "main-snapshot")] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try version.write(toFile: folder + "/.swift-version", atomically: true, encoding: .utf8)
        }
        // An xcrun and a foreign llvm-cov on PATH too: neither is the selected toolchain's.
        let shims = try StandInFolder()
        defer { shims.remove() }
        let foreign = try shims.foreignLLVM()
        try shims.xcrun(answering: foreign, log: shims.path + "/xcrun.log")
        let environment = ["PATH": [bin, shims.path, foreign, "/bin"].joined(separator: ":")]

        #expect(
            try await ToolchainTool.locate("llvm-cov", environment: environment, directory: current)
                == toolchain + "/llvm-cov")
        #expect(
            try await ToolchainTool.locate("llvm-cov", environment: environment, directory: snapshot)
                == home.path + "/toolchains/main-snapshot/usr/bin/llvm-cov")
        #expect(!FileManager.default.fileExists(atPath: shims.path + "/xcrun.log"))

        // The cache's identity follows the selection, not swiftly's own file.
        let identities = [current, snapshot, current].map {
            ToolchainIdentity.current(environment: environment, directory: $0)
        }
        #expect(identities[0] == identities[2])
        #expect(identities[0] != identities[1])
        #expect(identities[1].contains("Swift version 6.4-dev"))
        #expect(identities[0].contains(toolchain + "\n"))
    }

    @Test("SWIFT_EXEC names the compiler, as for SwiftPM: the tools beside it")
    func swiftExec() async throws {
        let other = try StandInFolder()
        defer { other.remove() }
        try Self.standInToolchain(other.path, version: "6.2")
        let toolchain = try await Self.realToolchain()
        let foreign = try other.foreignLLVM()
        let environment = [
            "PATH": [toolchain, foreign, "/bin"].joined(separator: ":"), "SWIFT_EXEC": other.path + "/usr/bin/swiftc",
        ]
        #expect(
            try await ToolchainTool.locate("llvm-profdata", environment: environment, directory: other.path)
                == other.path + "/usr/bin/llvm-profdata")
        await #expect(throws: CoverageError.self) {
            try await ToolchainTool.locate(
                "llvm-cov", environment: ["PATH": toolchain, "SWIFT_EXEC": "/nonexistent/swiftc"], directory: "/")
        }
    }

    @Test(
        "Linux: swift is a link into the toolchain, found after a foreign llvm-cov; llvm-cov beside the resolved swift")
    func besideTheResolvedSwift() async throws {
        let toolchain = try await Self.realToolchain()
        let links = try StandInFolder()
        defer { links.remove() }
        try links.link("swift", to: toolchain + "/swift")
        // A foreign llvm-cov first (Debian's /usr/bin), the link after it, the toolchain not on PATH.
        let foreign = try links.foreignLLVM()
        let found = try await ToolchainTool.locate(
            "llvm-cov", environment: ["PATH": [foreign, "/bin", links.path].joined(separator: ":")],
            directory: links.path)
        #expect(found == toolchain + "/llvm-cov")
    }

    @Test("A proxy whose driver fails: toolMissing with its words, never /usr/bin's or PATH's llvm-cov")
    func failingProxy() async throws {
        let toolchain = try await Self.realToolchain()
        let home = try StandInFolder()
        defer { home.remove() }
        let bin = try Self.swiftly(in: home)
        // Both a foreign llvm-cov and the right one (the toolchain's folder) are on PATH; no
        // toolchain is selected (no .swift-version), so neither may be taken.
        let path = [bin, try home.foreignLLVM(), "/bin", toolchain].joined(separator: ":")
        let error = await #expect(throws: CoverageError.self) {
            try await ToolchainTool.locate("llvm-cov", environment: ["PATH": path], directory: home.path)
        }
        guard case .toolMissing(let tool, let searched) = error else {
            Issue.record("expected toolMissing, got \(String(describing: error))")
            return
        }
        #expect(tool == "llvm-cov")
        #expect(searched.contains("swiftly: no toolchain selected"), "\(searched)")
        #expect(error?.errorDescription == "The Swift toolchain's 'llvm-cov' was not found.")
        #expect(error?.failureReason?.contains("-print-target-info") == true)
        #expect(error?.recoverySuggestion?.contains("DEVELOPER_DIR") == true)
    }

    @Test("A toolchain folder without llvm-cov: toolMissing naming the folder")
    func toolchainWithoutTool() async throws {
        let partial = try StandInFolder()
        defer { partial.remove() }
        try Self.standInToolchain(partial.path, version: "6.3")
        try FileManager.default.removeItem(atPath: partial.path + "/usr/bin/llvm-cov")
        let path = [partial.path + "/usr/bin", try partial.foreignLLVM(), "/bin"].joined(separator: ":")
        let error = await #expect(throws: CoverageError.self) {
            try await ToolchainTool.locate("llvm-cov", environment: ["PATH": path], directory: partial.path)
        }
        #expect(error?.failureReason?.contains("not in the compiler's folder \(partial.path)/usr/bin") == true)
    }

    @Test("No PATH entries at all: toolMissing, not a crash")
    func nothingOnPath() async throws {
        let empty = try StandInFolder()
        defer { empty.remove() }
        await #expect(throws: CoverageError.toolMissing("llvm-cov", searched: "no swift on PATH")) {
            try await ToolchainTool.locate("llvm-cov", environment: ["PATH": empty.path], directory: empty.path)
        }
    }
}
