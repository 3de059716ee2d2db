import Foundation
import PackagePlugin

/// One run of a Preflight tool from a command plugin: the tool's compiler-style lines
/// (`path:line:column: severity: message`) become SwiftPM diagnostics, anything else on standard
/// output is printed as it is, and standard error (summaries, error reports) is passed through.
///
/// SwiftPM's command line prints a plugin diagnostic as `warning: message`, without its file and
/// line (Swift 6.3), so the message keeps the tool's `path:line:column:` in front; IDEs get the
/// file and line as well.
///
/// Plugins cannot depend on library targets, so each plugin's folder links to this one file.
struct ToolInvocation {
    let tool: PluginContext.Tool
    let arguments: [String]
    let workingDirectory: URL

    /// Runs the tool to its end and reports its diagnostics; throws when it exits non-zero, so
    /// `swift package` exits non-zero too.
    func run() throws {
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw PluginFailure.couldNotRun(tool: tool.name, reason: error.localizedDescription)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if let diagnostic = ToolDiagnostic(line: String(line), relativeTo: workingDirectory) {
                diagnostic.report()
            } else if !line.isEmpty {
                print(line)
            }
        }
        if process.terminationReason == .uncaughtSignal {
            throw PluginFailure.signaled(tool: tool.name, signal: process.terminationStatus)
        }
        if process.terminationStatus != 0 {
            throw PluginFailure.failed(tool: tool.name, status: process.terminationStatus)
        }
    }
}

/// A parsed `path:line[:column]: severity: message` line.
struct ToolDiagnostic {
    enum Severity: String, CaseIterable {
        case error, warning, note, remark
    }

    let file: String
    let line: Int
    let severity: Severity
    /// `path:line:column: text`, the location as the tool printed it.
    let message: String

    /// Parses a compiler-style line; nil for any other line. Relative paths are made absolute
    /// against `directory` so SwiftPM and IDEs can open them.
    init?(line text: String, relativeTo directory: URL) {
        // The first ": severity: " splits location and message; the location's last one or two
        // ':'-separated fields are numbers (the path itself may hold colons).
        for severity in Severity.allCases {
            guard let marker = text.range(of: ": \(severity.rawValue): ") else { continue }
            var fields = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 2, Int(fields.last!) != nil else { continue }
            if fields.count >= 3, Int(fields[fields.count - 2]) != nil {
                fields.removeLast()  // the column: SwiftPM's diagnostics have none
            }
            guard let line = Int(fields.removeLast()), !fields.isEmpty else { continue }
            let path = fields.joined(separator: ":")
            self.file = path.hasPrefix("/") ? path : directory.appendingPathComponent(path).path
            self.line = line
            self.severity = severity
            self.message = text[..<marker.lowerBound] + ": " + text[marker.upperBound...]
            return
        }
        return nil
    }

    func report() {
        switch severity {
        case .error: Diagnostics.error(message, file: file, line: line)
        case .warning: Diagnostics.warning(message, file: file, line: line)
        case .note, .remark: Diagnostics.remark(message, file: file, line: line)
        }
    }
}

/// Why a plugin failed.
enum PluginFailure: LocalizedError, CustomStringConvertible {
    case couldNotRun(tool: String, reason: String)
    case failed(tool: String, status: Int32)
    case signaled(tool: String, signal: Int32)
    case unknownTarget(String)

    var errorDescription: String? {
        switch self {
        case .couldNotRun(let tool, _): "could not run \(tool)"
        case .failed(let tool, let status):
            status == 1 ? "\(tool) found problems that fail the check" : "\(tool) exited with status \(status)"
        case .signaled(let tool, let signal): "\(tool) was stopped by signal \(signal)"
        case .unknownTarget(let name): "no source target named '\(name)' in this package"
        }
    }

    var failureReason: String? {
        switch self {
        case .couldNotRun(_, let reason): reason
        case .failed(_, let status):
            status == 1
                ? "They are listed above (exit status 1)." : "It could not complete the check (see its message above)."
        case .signaled: "The tool crashed or was killed."
        case .unknownTarget: "--target names a target of the package the plugin runs on."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .couldNotRun: "Run `swift build` and try again."
        case .failed: "Fix the diagnostics above, or run the tool with --help for its options."
        case .signaled: "Run the tool directly from .build to see its output."
        case .unknownTarget: "Run `swift package describe` to list the targets."
        }
    }

    /// SwiftPM prints a plugin's thrown error with `description`: the message and its reason.
    var description: String {
        [errorDescription, failureReason].compactMap { $0 }.joined(separator: ": ")
    }
}

extension PluginContext {
    /// The source files of the targets named with `--target NAME` (removed from `extractor`).
    func targetFiles(extractingFrom extractor: inout ArgumentExtractor) throws -> [String] {
        try extractor.extractOption(named: "target").flatMap { name in
            guard let target = try? package.targets(named: [name]).first as? SourceModuleTarget else {
                throw PluginFailure.unknownTarget(name)
            }
            return target.sourceFiles.filter { $0.type == .source || $0.type == .header }.map(\.url.path)
        }
    }
}
