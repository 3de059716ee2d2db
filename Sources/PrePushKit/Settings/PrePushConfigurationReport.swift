import Foundation
import PreflightCore
import ProcessKit

/// What `prepush --print-config` prints: the effective settings of the folder it runs in, and in a
/// repository the packages and apps prepush finds (as committed at HEAD) with the configuration
/// file each one's check reads and the settings that differ from the root's, and the folders found
/// but not checked, with why (`notChecked`: an Xcode project that is no app, a package that cannot
/// build from a clone).
package enum PrePushConfigurationReport {
    /// The report: as JSON (`--print-config --json`, the settings as the file would spell them),
    /// or as a table of each setting and where it came from (``PrePushSettingsTable``), followed by
    /// the packages found and the shared records. `ciFlag`: `--ci`/`--no-ci`, when given.
    package static func render(
        flags: PrePushFlags, directory: String, json: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment, ciFlag: Bool? = nil
    ) async throws -> String {
        let git = GitRepository(root: directory)
        let top = try? await git.output(["rev-parse", "--show-toplevel"])
        // In a repository, no file above its root is read (a check never reads one).
        let boundary = top.flatMap { $0.isEmpty ? nil : $0 }
        let object = try await gather(flags: flags, directory: directory, boundary: boundary)
        if json { return PrePushOptions.json(object) }
        var config: [String: String] = [:]
        if boundary != nil {
            let pattern =
                "^("
                + PrePushSettingsTable.gitConfigKeys.map {
                    $0.lowercased().replacingOccurrences(of: ".", with: "\\.")
                }.joined(separator: "|") + ")$"
            let answer = (try? await git.output(["config", "--get-regexp", pattern])) ?? ""
            for line in answer.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                // git names a key in lower case.
                if parts.count == 2 { config[String(parts[0]).lowercased()] = String(parts[1]) }
            }
        }
        let table = try PrePushSettingsTable.make(
            flags: flags, folder: directory, boundary: boundary, environment: environment, ciFlag: ciFlag,
            gitConfig: config)
        return table.text + layoutText(object, root: boundary ?? directory)
    }

    /// The packages, fixtures, folders not checked and shared records, as lines under the table.
    static func layoutText(_ object: [String: Any], root: String) -> String {
        var lines: [String] = []
        if let packages = object["packages"] as? [[String: Any]], !packages.isEmpty {
            lines += ["", "checked here (as committed at HEAD):", ""]
            let width = (packages.compactMap { ($0["path"] as? String)?.count }.max() ?? 0) + 2
            for package in packages {
                let path = package["path"] as? String ?? "."
                var line = "  " + path.padding(toLength: width, withPad: " ", startingAt: 0)
                line += (package["kind"] as? String ?? "package")
                if let container = package["container"] as? String { line += " " + container }
                if let file = package["configurationFile"] as? String {
                    line += ", settings from " + PrePushSettingsTable.relative(file, to: root)
                }
                if let differing = package["prepush"] as? [String: Any] {
                    line +=
                        "; differs: "
                        + differing.keys.sorted().map {
                            "\($0) \(PrePushSettingsTable.text(differing[$0] ?? NSNull()))"
                        }.joined(separator: ", ")
                }
                lines.append(line)
            }
        }
        if let fixtures = object["fixtures"] as? [String], !fixtures.isEmpty {
            lines += ["", "test fixtures (not checked): " + fixtures.joined(separator: ", ")]
        }
        if let notChecked = object["notChecked"] as? [[String: String]], !notChecked.isEmpty {
            lines += ["", "not checked:", ""]
            lines += notChecked.map { "  \($0["path"] ?? ""): \($0["why"] ?? "")" }
        }
        if let shared = object["sharedVerification"] as? [String], !shared.isEmpty {
            lines += ["", "shared verification:", ""]
            lines += shared.map { "  " + $0 }
        }
        lines += ["", "prepush --print-config --json prints the settings as .preflight.json would spell them."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The document `--print-config --json` prints.
    static func gather(flags: PrePushFlags, directory: String, boundary: String?) async throws -> [String: Any] {
        let options = try flags.options(in: directory, upTo: boundary)
        var object: [String: Any] = ["prepush": options.effectiveSettings]
        guard let root = boundary,
            let head = try? await GitRepository(root: root).tree(of: "HEAD"),
            let listing = try? await TreeListing.read(head, in: GitRepository(root: root))
        else { return object }
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
        return object
    }
}
