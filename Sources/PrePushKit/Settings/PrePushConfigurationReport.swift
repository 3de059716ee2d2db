import Foundation
import PreflightCore
import ProcessKit

/// What `prepush --print-config` prints: the effective settings of the folder it runs in, and in a
/// repository the packages and apps prepush finds (as committed at HEAD) with the configuration
/// file each one's check reads and the settings that differ from the root's, and the folders found
/// but not checked, with why (`notChecked`: an Xcode project that is no app, a package that cannot
/// build from a clone).
package enum PrePushConfigurationReport {
    package static func render(flags: PrePushFlags, directory: String) async throws -> String {
        let git = GitRepository(root: directory)
        let top = try? await git.output(["rev-parse", "--show-toplevel"])
        // In a repository, no file above its root is read (a check never reads one).
        let boundary = top.flatMap { $0.isEmpty ? nil : $0 }
        let options = try flags.options(in: directory, upTo: boundary)
        var object: [String: Any] = ["prepush": options.effectiveSettings]
        guard let root = boundary, let listing = try? await TreeListing.read("HEAD", in: GitRepository(root: root))
        else { return PrePushOptions.json(object) }
        let rootOptions = try flags.options(in: root, upTo: root)
        let repository = GitRepository(root: root)
        var layout = try await RepositoryLayout.decided(
            listing, settings: rootOptions.layoutSettings, repository: repository)
        if layout.units.contains(where: { $0.kind == .package }),
            let gitDirectory = try? await repository.output(["rev-parse", "--absolute-git-dir"])
        {
            let reader = ManifestDependencies(
                gitDirectory: gitDirectory, scratchDirectory: RunTemporaryDirectory.systemTemporaryDirectory,
                environment: Environment.inherit.removing(GitRepository.clearedVariables))
            let answer = try await reader.read(layout, in: listing, repository: repository)
            for (folder, why) in answer.unbuildable {
                layout.notChecked[folder] = why
                layout.units.removeAll { $0.path == folder && $0.kind == .package }
            }
        }
        let rootSettings = rootOptions.effectiveSettings
        object["packages"] = try layout.units.map { unit -> [String: Any] in
            let folder = unit.folder(in: root)
            var entry: [String: Any] = [
                "path": VisibleText.escaped(unit.path.isEmpty ? "." : unit.path), "kind": unit.kind.rawValue,
                "configurationFile": (flags.configurationFile ?? ConfigurationFile.find(from: folder, upTo: root)).map {
                    $0 as Any
                } ?? NSNull(),
            ]
            if let container = unit.container { entry["container"] = container }
            if FileManager.default.fileExists(atPath: folder) {
                let settings = try flags.options(in: folder, upTo: root).effectiveSettings
                let differing = settings.filter { key, value in
                    PrePushOptions.json(["value": value])
                        != PrePushOptions.json(["value": rootSettings[key] ?? NSNull()])
                }
                if !differing.isEmpty { entry["prepush"] = differing }
            }
            return entry
        }
        if !layout.fixtures.isEmpty { object["fixtures"] = layout.fixtures }
        if rootOptions.usesCache,
            let head = try? await repository.output(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]),
            let tree = try? await repository.tree(of: head),
            let gitDirectory = try? await repository.output(["rev-parse", "--absolute-git-dir"])
        {
            // Where trust comes from, and the records found for HEAD's tree and below it on the
            // remote, and why each is or is not used.
            let anchor = try await TrustAnchor.resolve(
                repository: repository, remote: try await repository.pushRemote())
            var lines: [String] = []
            switch anchor {
            case .anchored(let anchor):
                lines.append(anchor.summary)
                let bases = try await SharedRecords.bases(
                    of: [PushedCommit(commit: head)], remote: .byHand, in: repository)
                let scratch = gitDirectory + "/preflight"
                try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
                let environment = ProcessInfo.processInfo.environment
                lines += try await SharedRecords.load(
                    repository: repository, trees: [tree], bases: bases, anchor: anchor, checks: SignatureChecks(),
                    identity: nil, environment: environment, scratch: scratch
                ).lines
                if !SharedRecordReader.isAllowed(flags: flags, environment: environment, isHook: true) {
                    lines.append(SharedRecordReader.notAllowedLine(environment: environment))
                }
            case .none(let why):
                if rootOptions.trustedVerifiers != nil { lines.append("no record is trusted: " + why) }
            }
            // JSON escapes C0 controls but not C1 ones or bidi overrides, which a record may hold.
            if !lines.isEmpty { object["sharedVerification"] = lines.map(VisibleText.escaped) }
        }
        if !layout.notChecked.isEmpty {
            object["notChecked"] = layout.notChecked.sorted { $0.key < $1.key }.map {
                ["path": VisibleText.escaped($0.key.isEmpty ? "." : $0.key), "why": VisibleText.escaped($0.value)]
            }
        }
        return PrePushOptions.json(object)
    }
}
