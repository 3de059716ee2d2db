import Foundation
import PrePushKit
import ProcessKit
import Testing

/// Finding the toolchain's llvm-cov as macOS and Linux do, with PATHs built the way those systems
/// build them: macOS's `/usr/bin/swift` is a shim script, not a link, and `xcrun` knows the
/// toolchain; this machine's `/usr/bin/llvm-cov` is Debian's LLVM 14, a trap to stay out of.
@Suite("Toolchain tools: llvm-cov found the platform's way")
struct ToolchainToolTests {
    /// The real toolchain's folder: where the `swift` on this process's PATH really lives.
    static func realToolchain() throws -> String {
        let swift = try #require(
            Command.locate("swift", searchPath: ProcessInfo.processInfo.environment["PATH"]), "no swift on PATH")
        return (URL(fileURLWithPath: swift).resolvingSymlinksInPath().path as NSString).deletingLastPathComponent
    }

    /// A folder of stand-in executables (shell scripts) or links.
    struct Folder {
        let path = NSTemporaryDirectory() + "prepush-toolchain-" + UUID().uuidString

        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        func script(_ name: String, _ body: String) throws {
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + name)
        }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: target)
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// macOS's `/usr/bin/swift`: a small program that runs the selected toolchain's swift, with
    /// nothing beside it.
    static func swiftShim(in folder: Folder, toolchain: String) throws {
        try folder.script("swift", "exec '\(toolchain)/swift' \"$@\"")
    }

    /// An `xcrun` that answers `--find NAME` from `$TOOLCHAINS`' folder (like `xcrun`, which
    /// honours `TOOLCHAINS` and `DEVELOPER_DIR`) and records what it was asked and with which
    /// environment.
    static func xcrun(in folder: Folder, toolchains: [String: String], log: String) throws {
        var cases = ""
        for (name, directory) in toolchains.sorted(by: { $0.key < $1.key }) {
            cases += "    '\(name)') directory='\(directory)' ;;\n"
        }
        try folder.script(
            "xcrun",
            """
            printf '%s|%s|%s\\n' "$*" "${DEVELOPER_DIR-unset}" "${TOOLCHAINS-unset}" >>'\(log)'
            [ "$1" = --find ] || exit 64
            case "${TOOLCHAINS-default}" in
            \(cases)    *) echo "xcrun: error: unknown toolchain" >&2; exit 1 ;;
            esac
            if [ -x "$directory/$2" ]; then echo "$directory/$2"; exit 0; fi
            echo "xcrun: error: unable to find utility \\"$2\\", not a developer tool or in PATH" >&2
            exit 72
            """)
    }

    @Test("macOS: a swift shim first, /usr/bin (Debian's llvm-cov) ahead of the toolchain; xcrun's answer wins")
    func xcrunFindsTheToolchain() async throws {
        let toolchain = try Self.realToolchain()
        let shims = try Folder()
        defer { shims.remove() }
        let log = shims.path + "/xcrun.log"
        try Self.swiftShim(in: shims, toolchain: toolchain)
        try Self.xcrun(in: shims, toolchains: ["default": toolchain], log: log)
        let path = [shims.path, "/usr/bin", "/bin", toolchain].joined(separator: ":")
        let environment = ["PATH": path, "DEVELOPER_DIR": "/Applications/Xcode.app/Contents/Developer"]

        let found = try await ToolchainTool.locate("llvm-cov", environment: environment)
        #expect(found == toolchain + "/llvm-cov")
        #expect(found != "/usr/bin/llvm-cov")
        // The environment reached xcrun as given: DEVELOPER_DIR set, TOOLCHAINS not.
        let asked = try String(contentsOfFile: log, encoding: .utf8)
        #expect(asked == "--find llvm-cov|/Applications/Xcode.app/Contents/Developer|unset\n")
        // The tool found reads this toolchain's profiles: it is this toolchain's LLVM.
        let version = try await Command(found, ["--version"]).output()
        #expect(!version.contains("Debian LLVM version 14"))
    }

    @Test("TOOLCHAINS chooses what xcrun finds, as it chooses swift")
    func toolchainsIsHonoured() async throws {
        let toolchain = try Self.realToolchain()
        let shims = try Folder()
        let other = try Folder()
        defer {
            shims.remove()
            other.remove()
        }
        try other.script("llvm-cov", "echo other")
        try Self.swiftShim(in: shims, toolchain: toolchain)
        try Self.xcrun(
            in: shims, toolchains: ["default": toolchain, "org.swift.other": other.path], log: shims.path + "/log")
        let path = [shims.path, "/usr/bin", "/bin"].joined(separator: ":")
        let chosen = try await ToolchainTool.locate(
            "llvm-cov", environment: ["PATH": path, "TOOLCHAINS": "org.swift.other"])
        #expect(chosen == other.path + "/llvm-cov")
        #expect(try await ToolchainTool.locate("llvm-cov", environment: ["PATH": path]) == toolchain + "/llvm-cov")
    }

    @Test("Linux: swift is a link into the toolchain, found after /usr/bin; llvm-cov beside the resolved swift")
    func besideTheResolvedSwift() async throws {
        let toolchain = try Self.realToolchain()
        let links = try Folder()
        defer { links.remove() }
        try links.link("swift", to: toolchain + "/swift")
        // /usr/bin (Debian's llvm-cov) first, the link after it, the toolchain not on PATH at all.
        let found = try await ToolchainTool.locate("llvm-cov", environment: ["PATH": "/usr/bin:/bin:" + links.path])
        #expect(found == toolchain + "/llvm-cov")
    }

    @Test("A shim without xcrun: toolMissing saying where it looked, never /usr/bin's or PATH's llvm-cov")
    func shimWithoutXcrun() async throws {
        let toolchain = try Self.realToolchain()
        let shims = try Folder()
        defer { shims.remove() }
        try Self.swiftShim(in: shims, toolchain: toolchain)
        // Both a foreign llvm-cov (/usr/bin here) and the right one (the toolchain's folder) are on
        // PATH; neither is found the platform's way, so neither may be taken.
        let path = [shims.path, "/usr/bin", "/bin", toolchain].joined(separator: ":")
        let error = await #expect(throws: CoverageError.self) {
            try await ToolchainTool.locate("llvm-cov", environment: ["PATH": path])
        }
        guard case .toolMissing(let tool, let searched) = error else {
            Issue.record("expected toolMissing, got \(String(describing: error))")
            return
        }
        #expect(tool == "llvm-cov")
        #expect(searched.contains("no xcrun on PATH"))
        #expect(searched.contains("not beside swift (\(shims.path)/swift"))
        #expect(error?.errorDescription == "The Swift toolchain's 'llvm-cov' was not found.")
        #expect(error?.failureReason?.contains("xcrun --find") == true)
        #expect(error?.recoverySuggestion?.contains("DEVELOPER_DIR") == true)
    }

    @Test("xcrun that finds nothing: the link beside swift still counts; with only a shim, xcrun's words are reported")
    func xcrunFindsNothing() async throws {
        let toolchain = try Self.realToolchain()
        let empty = try Folder()
        let shims = try Folder()
        let links = try Folder()
        defer {
            for folder in [empty, shims, links] { folder.remove() }
        }
        try Self.xcrun(in: shims, toolchains: ["default": empty.path], log: shims.path + "/log")
        try links.link("swift", to: toolchain + "/swift")
        let found = try await ToolchainTool.locate(
            "llvm-cov", environment: ["PATH": [shims.path, "/usr/bin", "/bin", links.path].joined(separator: ":")])
        #expect(found == toolchain + "/llvm-cov")

        try Self.swiftShim(in: shims, toolchain: toolchain)
        let error = await #expect(throws: CoverageError.self) {
            try await ToolchainTool.locate(
                "llvm-cov", environment: ["PATH": [shims.path, "/usr/bin", "/bin", toolchain].joined(separator: ":")])
        }
        #expect(
            error?.failureReason?.contains("unable to find utility \"llvm-cov\"") == true,
            "\(String(describing: error))")
    }

    @Test("No PATH entries at all: toolMissing, not a crash")
    func nothingOnPath() async throws {
        let empty = try Folder()
        defer { empty.remove() }
        await #expect(throws: CoverageError.toolMissing("llvm-cov", searched: "no xcrun on PATH; no swift on PATH")) {
            try await ToolchainTool.locate("llvm-cov", environment: ["PATH": empty.path])
        }
    }
}
