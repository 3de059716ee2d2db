import Foundation
import PreflightCore

/// `prepush --print-config` as a person reads it: each setting in effect, its value (what will
/// actually be used where the file's value is `null`: the errorlint found, the default selection),
/// and where it came from — the default, the configuration file, a flag, the environment or git
/// config. The same resolver as a check's (``PrePushFlags/options(in:upTo:)``), asked three times:
/// defaults alone, with the file, with the flags.
struct PrePushSettingsTable {
    /// One row: the key, the value shown, and its source.
    struct Row: Equatable {
        var key: String
        var value: String
        var source: String
    }

    var folder: String
    /// The configuration file read, as the folder's path names it (`nil`: none).
    var file: String?
    var rows: [Row]
    /// What the environment and git config set, as rows.
    var environment: [Row]

    /// The settings of `folder` (in a repository whose root is `boundary`) with their sources;
    /// `gitConfig`: the values of ``gitConfigKeys`` set, by their lower-case names (as git lists them).
    static func make(
        flags: PrePushFlags, folder: String, boundary: String?, environment: [String: String],
        ciFlag: Bool?, gitConfig: [String: String]
    ) throws -> PrePushSettingsTable {
        let explicit = flags.configurationFile.map { StandardPath.absolute($0, relativeTo: folder) }
        let file = try ConfigurationFile.load(explicitPath: explicit, searchingFrom: folder, upTo: boundary)
        let section = file?.section(PrePushOptions.sectionName)
        let fromFile = try SettingsResolver.resolve(PrePushOptions.self, file: file).effectiveSettings
        let options = try flags.options(in: folder, upTo: boundary)
        let final = options.effectiveSettings
        let filePath = file.map { relative($0.path, to: folder) }
        var rows: [Row] = []
        for setting in PrePushOptions.keys where setting.show != nil {
            let key = setting.key
            let value = final[key] ?? NSNull()
            var source: String
            if text(value) != text(fromFile[key] ?? NSNull()) {
                source = "flag"
            } else if let filePath,
                section?.contains(key) == true || (key == "since" && section?.contains("diffBase") == true)
            {
                source = filePath
            } else {
                source = "default"
            }
            var shown = text(value)
            if let list = value as? [String], shown.count > 60 {
                shown =
                    list.prefix(4).joined(separator: ", ")
                    + " and \(list.count - 4) more (--print-config --json lists them)"
            }
            switch key {
            case "packages" where value is NSNull:
                shown = "found from the tree (listed below)"
            case "errorlint" where value is NSNull:
                if let found = ErrorLintExecutable.find(environment: environment) {
                    shown = "on: \(found)"
                    source = "default: on when found beside prepush or on PATH"
                } else {
                    shown = "off: none beside prepush or on PATH"
                    source = "default: on when found (scripts/install-hooks.sh --with-errorlint)"
                }
            case "affectedTests" where source == "default":
                shown = "in hook runs (by hand: every test)"
            case "since" where value is NSNull:
                shown = "a push: what the remote has; by hand: the upstream, else origin/HEAD"
            case "stepTimeout" where value is NSNull:
                shown = "none (configured steps: \(Int(ExtraStep.defaultTimeout / 60)) minutes each)"
            case "warmWorktree":
                if let variable = environment["PREPUSH_WARM_WORKTREE"], !variable.isEmpty {
                    shown = WorktreeWarmUp.isWanted(options: options, environment: environment) ? "true" : "false"
                    source = "environment: PREPUSH_WARM_WORKTREE=\(variable)"
                } else if ContinuousIntegration.isRunning(environment) {
                    shown = "false"
                    source = "environment: CI (a CI clone is used once)"
                }
            case "trustedVerifiers" where value is NSNull:
                if let path = gitConfig[TrustAnchor.pathKey.lowercased()] {
                    shown = path
                    source = "git config \(TrustAnchor.pathKey)"
                }
            default: break
            }
            rows.append(Row(key: key, value: shown, source: source))
        }
        var environmentRows: [Row] = []
        let ci = ciFlag ?? ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
        environmentRows.append(
            Row(
                key: "ci", value: ci ? "on: plain output, GitHub annotations" : "off",
                source: ciFlag != nil
                    ? "flag" : environment["CI"].map { "environment: CI=\($0)" } ?? "environment: CI unset"))
        environmentRows.append(
            Row(
                key: "colour",
                value: (environment["NO_COLOR"] ?? "").isEmpty ? "on a terminal only" : "off",
                source: "environment: NO_COLOR" + ((environment["NO_COLOR"] ?? "").isEmpty ? " unset" : " set")))
        let skip = environment["PREPUSH_SKIP"] ?? ""
        environmentRows.append(
            Row(
                key: "skip",
                value: skip.isEmpty || skip == "0" ? "nothing" : skip == "1" ? "the whole check" : skip,
                source: "environment: PREPUSH_SKIP" + (skip.isEmpty ? " unset" : "=\(skip)")))
        environmentRows.append(
            Row(
                key: "signingKey",
                value: (environment["PREFLIGHT_SIGNING_KEY"] ?? "").isEmpty ? "none" : "set (not shown)",
                source: "environment: PREFLIGHT_SIGNING_KEY (--signing-key wins)"))
        environmentRows.append(
            Row(
                key: "trustAnchor",
                value: gitConfig[TrustAnchor.refKey.lowercased()]
                    ?? "the remote's default branch (refs/remotes/<remote>/HEAD)",
                source: gitConfig[TrustAnchor.refKey.lowercased()] == nil
                    ? "default" : "git config \(TrustAnchor.refKey)"))
        if let binary = gitConfig[SharedHooksFolder.binaryKey.lowercased()] {
            environmentRows.append(
                Row(key: "prepush", value: binary, source: "git config \(SharedHooksFolder.binaryKey)"))
        }
        return PrePushSettingsTable(folder: folder, file: filePath, rows: rows, environment: environmentRows)
    }

    /// The git config keys the table shows, read with one `git config --get-regexp`.
    static let gitConfigKeys = [TrustAnchor.refKey, TrustAnchor.pathKey, SharedHooksFolder.binaryKey]

    /// The table's text.
    var text: String {
        let from = file.map { "defaults, then \($0), then flags" } ?? "defaults (no .preflight.json), then flags"
        var lines = ["prepush settings in \(folder) (\(from)):", ""]
        lines += Self.columns([Row(key: "setting", value: "value", source: "from")] + rows)
        lines += ["", "environment and git config:", ""]
        lines += Self.columns(environment)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows in three columns; a value too long for its column pushes its source to the next line.
    static func columns(_ rows: [Row]) -> [String] {
        let keyWidth = (rows.map(\.key.count).max() ?? 0) + 2
        let valueWidth = min(44, (rows.map(\.value.count).max() ?? 0) + 2)
        var lines: [String] = []
        for row in rows {
            let key = "  " + row.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
            if row.value.count + 2 > valueWidth {
                lines.append(key + row.value)
                lines.append(String(repeating: " ", count: key.count + valueWidth) + row.source)
            } else {
                lines.append(key + row.value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + row.source)
            }
        }
        return lines
    }

    /// A value as one line: strings bare, `null` as `none`, lists and objects as compact JSON.
    static func text(_ value: Any) -> String {
        switch value {
        case is NSNull: return "none"
        case let string as String: return string
        // The settings are Swift values: a Bool is one by its type (a cast could bridge 1 to true).
        case let bool as Bool where type(of: value) == Bool.self: return bool ? "true" : "false"
        default:
            guard JSONSerialization.isValidJSONObject([value]),
                let data = try? JSONSerialization.data(
                    withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
            else { return "\(value)" }
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
    }

    /// `path` relative to `folder` when under it.
    static func relative(_ path: String, to folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }
}
