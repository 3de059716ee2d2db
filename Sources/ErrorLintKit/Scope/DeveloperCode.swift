import Foundation
import PreflightCore

/// Which Swift files are code no user of the product sees: SwiftPM test targets, executable
/// targets of a repository that builds an app (its developer tools), and Xcode unit-test, UI-test
/// and command-line tool targets. Decided from the package manifests (``ManifestTargets``) and
/// Xcode project membership (``XcodeProjectFile``), never from folder names alone: a file an app
/// target also compiles is the app's.
struct DeveloperCode: Sendable {
    private var developerFolders: [(prefix: String, reason: String)] = []
    private var developerFiles: [String: String] = [:]
    private var userFolders: [String] = []
    private var userFiles: Set<String> = []

    /// Reads the manifests and projects among `files` (absolute paths found by the scan). An
    /// executable target is a developer tool when the scan (or the repository around `paths`) has
    /// an Xcode project: the app is the product then, not the package's command.
    static func find(files: [String], paths: [String], source: ContentSource) -> DeveloperCode {
        var code = DeveloperCode()
        let manifests = files.filter { ($0 as NSString).lastPathComponent == "Package.swift" }
        let projects = files.filter {
            ($0 as NSString).lastPathComponent == "project.pbxproj"
                && ($0 as NSString).deletingLastPathComponent.hasSuffix(".xcodeproj")
        }
        var hasApp = !projects.isEmpty
        if !hasApp, paths.count == 1,
            let repository = MainBundleCatalogs.repositoryRoot(above: StandardPath.absolute(paths[0]))
        {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: repository)) ?? []
            hasApp = entries.contains { $0.hasSuffix(".xcodeproj") }
        }
        for project in projects {
            guard
                let bytes = (try? source.read(project, limit: 64 << 20))
                    ?? (try? ContentSource.workTree.read(project, limit: 64 << 20)),
                // Read as a project in a repository whose root is `/`: its paths are then absolute
                // but for the leading `/` (a file named by an absolute path comes back as `../…`).
                let targets = XcodeProjectFile(
                    data: Data(bytes),
                    projectFolder: String(
                        ((project as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
                            .dropFirst()))
            else { continue }
            let name = ((project as NSString).deletingLastPathComponent as NSString).lastPathComponent
            for target in targets.targets {
                for path in target.sources.map({ $0.hasPrefix("../") ? String($0.dropFirst(2)) : "/" + $0 }) {
                    if target.isDeveloperCode {
                        let reason = "\(target.kindName) \(target.name) of \(name)"
                        code.developerFiles[path] = reason
                        code.developerFolders.append((path + "/", reason))
                    } else {
                        code.userFiles.insert(path)
                        code.userFolders.append(path + "/")
                    }
                }
            }
        }
        for manifest in manifests {
            guard
                let bytes = (try? source.read(manifest, limit: 4 << 20))
                    ?? (try? ContentSource.workTree.read(manifest, limit: 4 << 20))
            else { continue }
            let package = (manifest as NSString).deletingLastPathComponent
            for target in ManifestTargets.developerTargets(in: String(decoding: bytes, as: UTF8.self))
            where target.kind == .test || hasApp {
                let folder = (package + "/" + target.path as NSString).standardizingPath
                code.developerFolders.append(
                    (
                        folder + "/",
                        "\(target.kind.rawValue) \(target.name) of \(StandardPath.relative(manifest, to: paths.first ?? package))"
                    ))
            }
        }
        return code
    }

    /// Why `path` (absolute) is developer code; `nil` when it is not.
    func reason(for path: String) -> String? {
        if userFiles.contains(path) || userFolders.contains(where: { path.hasPrefix($0) }) { return nil }
        if let reason = developerFiles[path] { return reason }
        return developerFolders.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.reason
    }
}

extension XcodeProjectFile.Target {
    /// Unit and UI tests, and command-line tools: code no user of the app sees.
    var isDeveloperCode: Bool {
        productType == "com.apple.product-type.bundle.unit-test"
            || productType == "com.apple.product-type.bundle.ui-testing"
            || productType == "com.apple.product-type.tool"
    }

    /// How a finding's line names the target's kind.
    var kindName: String {
        switch productType {
        case "com.apple.product-type.bundle.unit-test": "unit-test target"
        case "com.apple.product-type.bundle.ui-testing": "UI-test target"
        case "com.apple.product-type.tool": "command-line tool target"
        default: "target"
        }
    }
}
