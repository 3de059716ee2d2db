import Foundation

/// A folder of stand-in executables (shell scripts) or links, for tests that build the PATHs
/// macOS, Linux and swiftly build. Named by its physical path, as the compiler's folder is
/// reported (on a Mac, TMPDIR's /var/folders is /private/var/folders). The caller removes it.
package struct StandInFolder: Sendable {
    package let path = physicalPath(NSTemporaryDirectory()) + "/prepush-toolchain-" + UUID().uuidString

    package init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// An executable shell script `name` running `body`.
    package func script(_ name: String, _ body: String) throws {
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + name)
    }

    package func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: target)
    }

    package func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Another LLVM's tools, as Debian's `/usr/bin` holds LLVM 14's (which cannot read Swift 6's
    /// profiles): a folder `foreign` in this one whose `llvm-cov` and `llvm-profdata` say so, put on
    /// PATH before the right ones. On every platform, so the trap is there on a Mac too.
    package func foreignLLVM() throws -> String {
        let bin = path + "/foreign"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for name in ["llvm-cov", "llvm-profdata"] {
            try ("#!/bin/sh\necho 'Debian LLVM version 14.0.6'\n").write(
                toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        }
        return bin
    }

    /// macOS's `/usr/bin/swift`: a small program that runs the selected toolchain's swift, with
    /// nothing beside it.
    package func swiftShim(toolchain: String) throws {
        try script("swift", "exec '\(toolchain)/swift' \"$@\"")
    }

    /// An `xcrun` that answers `--find NAME` from one folder (Xcode's LLVM, say) and records that
    /// it was asked.
    package func xcrun(answering directory: String, log: String) throws {
        try script(
            "xcrun",
            """
            printf '%s\\n' "$*" >>'\(log)'
            [ "$1" = --find ] && [ -x "\(directory)/$2" ] && { echo "\(directory)/$2"; exit 0; }
            exit 72
            """)
    }
}
