import Foundation
import ProcessKit

/// Which Swift toolchain (and Xcode) a check would use, for the verified-tree cache: the compiler
/// SwiftPM would use (``SwiftCompilerFolder``'s rule), not the `swift` that PATH names.
///
/// `swift --version` would say it exactly, but starting the driver costs 0.1–0.35 s here, more than
/// the rest of a re-push of a verified tree. Where the compiler's folder is known without running
/// anything (`SWIFT_EXEC`, or `swift` a link into a toolchain) it is identified by that folder and
/// the size and modification time of its `swift-frontend` (changed by any reinstall in place).
/// macOS's `/usr/bin/swift` (the `xcrun` shim) runs what `DEVELOPER_DIR`, `TOOLCHAINS` and
/// `xcode-select`'s link select, so those (with its Xcode's `version.plist`) identify it. Any other
/// proxy, swiftly's above all (its `swift` is the same file whichever toolchain is selected, per
/// folder through `.swift-version`), is asked: `swift -print-target-info` in the package's folder.
///
/// ``portable(environment:directory:identities:)`` is the toolchain as another machine would name
/// it (a shared record's): the driver's `compilerVersion` and target triple, asked once per local
/// identity (``AskedIdentities``).
enum ToolchainIdentity {
    /// The compiler's version and target (`Swift version 6.3.1 (swift-6.3.1-RELEASE)` and
    /// `x86_64-unknown-linux-gnu`), the same on every machine with this toolchain; asked once per
    /// ``current(environment:directory:)`` and kept in the user's cache. A toolchain that cannot
    /// be asked is named by its local identity, which no other machine shares.
    static func portable(
        environment: [String: String] = ProcessInfo.processInfo.environment, directory: String,
        identities: AskedIdentities = .user
    ) -> String {
        let local = current(environment: environment, directory: directory)
        let asked = identities.identity(stamp: local) {
            var command = SwiftCompilerFolder.targetInfo(environment: environment, directory: directory)
            if case .success(let folder?) = SwiftCompilerFolder.direct(environment: environment),
                FileManager.default.isExecutableFile(atPath: folder.path + "/swiftc")
            {
                command = Command(
                    folder.path + "/swiftc", ["-print-target-info"], workingDirectory: directory,
                    environment: .custom(environment))
                command.timeout = .seconds(120)
                command.standardError = .capture(limit: 1 << 16)
            }
            guard let result = try? command.runBlocking(), result.succeeded,
                let info = try? JSONSerialization.jsonObject(with: Data(result.outputText.utf8)) as? [String: Any],
                let version = info["compilerVersion"] as? String
            else { return nil }
            let target = (info["target"] as? [String: Any])?["triple"] as? String ?? "-"
            return version + "\n" + target
        }
        return asked ?? "unidentified toolchain\n" + local
    }

    static func current(
        environment: [String: String] = ProcessInfo.processInfo.environment, directory: String
    ) -> String {
        let fileManager = FileManager.default
        var parts: [String] = []
        switch SwiftCompilerFolder.direct(environment: environment) {
        case .success(let folder?):
            parts.append(folder.path)
            parts.append(AskedIdentities.stamp(folder.path + "/swift-frontend") ?? "-")
        case .success(nil):
            if let shim = xcrunShim(environment: environment) {
                parts.append(shim)
            } else {
                parts.append(askedIdentity(environment: environment, directory: directory))
            }
        case .failure(let notFound):
            parts.append(notFound.searched.joined(separator: "; "))
        }
        parts.append(environment["DEVELOPER_DIR"] ?? "-")
        parts.append(environment["TOOLCHAINS"] ?? "-")
        let developer =
            environment["DEVELOPER_DIR"]
            ?? (try? fileManager.destinationOfSymbolicLink(atPath: "/var/db/xcode_select_link"))
        if let developer {
            parts.append(developer)
            parts.append(AskedIdentities.stamp(developer + "/../version.plist") ?? "-")
        }
        return parts.joined(separator: "\n")
    }

    /// The `swift` on PATH when it is macOS's `xcrun` shim: not a link, with `xcrun` beside it.
    private static func xcrunShim(environment: [String: String]) -> String? {
        guard let swift = Command.locate("swift", searchPath: environment["PATH"] ?? "/usr/bin:/bin"),
            (try? FileManager.default.destinationOfSymbolicLink(atPath: swift)) == nil
        else { return nil }
        let folder = (swift as NSString).deletingLastPathComponent
        return FileManager.default.isExecutableFile(atPath: folder + "/xcrun") ? "xcrun shim " + swift : nil
    }

    /// What the driver says it compiles with, run in `directory` (where swiftly reads
    /// `.swift-version`): its version and folder, and its `swift-frontend`'s stamp.
    private static func askedIdentity(environment: [String: String], directory: String) -> String {
        let command = SwiftCompilerFolder.targetInfo(environment: environment, directory: directory)
        let result = Result { try command.runBlocking() }.mapError { SwiftCompilerFolder.NotFound(searched: ["\($0)"]) }
        switch result.flatMap(SwiftCompilerFolder.folder(fromTargetInfo:)) {
        case .success(let folder):
            return [
                folder.compilerVersion ?? "-", folder.path,
                AskedIdentities.stamp(folder.path + "/swift-frontend") ?? "-",
            ]
            .joined(separator: "\n")
        case .failure(let notFound):
            return notFound.searched.joined(separator: "; ")
        }
    }
}
