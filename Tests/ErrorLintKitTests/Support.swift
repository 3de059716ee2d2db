import Foundation

@testable import ErrorLintKit
@testable import ErrorLintSettings
@testable import PreflightCore

/// A temporary project on disk for one test: files written under a fresh directory, removed when
/// the value goes away.
final class TemporaryProject {
    let root: String

    init(files: [String: String]) throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("errorlint-test-\(UUID().uuidString)").path
        for (path, contents) in files {
            try write(path, contents)
        }
    }

    func write(_ path: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    func write(_ path: String, data: Data) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Options that read this project (absolute paths in findings, so tests can strip the root).
    func options(_ configure: (inout ErrorLintOptions) -> Void = { _ in }) -> ErrorLintOptions {
        var options = ErrorLintOptions()
        options.paths = [root]
        options.usesAbsolutePaths = true
        configure(&options)
        return options
    }

    /// Every finding, as `relative/path:line: [rule] message`.
    func lint(_ configure: (inout ErrorLintOptions) -> Void = { _ in }) -> [String] {
        let options = options(configure)
        let analysis = ErrorLintAnalysis.read(options)
        return ErrorLintRun.diagnostics(for: analysis, options: options, in: FileManager.default.currentDirectoryPath)
            .map { diagnostic in
                let path = diagnostic.location.path.replacingOccurrences(of: root + "/", with: "")
                return "\(path):\(diagnostic.location.line): [\(diagnostic.ruleID)] \(diagnostic.message)"
            }
    }

    /// Findings of one rule only, set explicitly to its default severity (so a rule that is off in
    /// a package without catalogs, `unlocalized-text`, still reports: its own logic is tested).
    func lint(rule id: String, _ configure: (inout ErrorLintOptions) -> Void = { _ in }) -> [String] {
        lint { options in
            for rule in RuleRegistry.all {
                let description = rule.description
                options.ruleSettings[description.id] =
                    description.id == id ? .severity(description.defaultSeverity) : .off
            }
            configure(&options)
        }
    }

    /// A whole run as the tool makes it: what it prints on standard output and on standard error.
    func run(_ configure: (inout ErrorLintOptions) -> Void = { _ in }) -> (output: String, errors: [String]) {
        var output = ""
        var errors = ""
        _ = ErrorLintRun.run(
            options(configure), in: root, output: { output += $0 }, errorOutput: { errors += $0 })
        return (output, errors.split(separator: "\n").map(String.init))
    }

    /// The error types errorlint sees in this project.
    func errorTypes() -> [LocalizedErrorType] {
        ErrorLintAnalysis.read(options()).errorTypes
    }
}

extension TemporaryProject {
    /// The folder of this target's fixtures (each with a `.source` note beside it).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures"

    /// A copy of the fixture project `name` (a folder under `Fixtures`).
    convenience init(fixture name: String) throws {
        let folder = Self.fixtures + "/" + name
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            }
        }
        try self.init(files: files)
    }
}
