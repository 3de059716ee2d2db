import Foundation

/// The suite's one configuration file, `.preflight.json`: a JSON object with a section per tool.
///
/// ```json
/// {
///   "todoscan": { "tags": { "HACK": "warning" }, "exclude": ["Tests/Fixtures"] },
///   "errorlint": { },
///   "prepush": { }
/// }
/// ```
///
/// JSON, as swift-format's configuration is, so reading it needs no dependency. Command-line
/// flags override it. Unknown sections and keys are errors that name the key and the file, so a
/// typo never silently does nothing.
package struct ConfigurationFile: Sendable {
    /// The file's conventional name.
    package static let fileName = ".preflight.json"
    /// The sections the suite knows.
    static let sectionNames: Set<String> = ["todoscan", "errorlint", "prepush"]
    /// The top-level key naming the Preflight versions the repository accepts; not a section.
    static let requiredVersionKey = "requiredVersion"

    /// Where the file was read from.
    package let path: String
    /// Its bytes as read (at most ``maximumFileSize``): a tool run as a process is given the same
    /// text when the file is not on disk where ``path`` says.
    package let data: Data
    private let sections: [String: ConfigurationSection]
    /// The Preflight versions this file accepts (`"requiredVersion": ">= 0.2.0"`), when it says.
    let requiredVersion: VersionRequirement?

    /// Reads and checks the file at `path`; a `requiredVersion` the installed Preflight does not
    /// satisfy is an error (every tool then refuses to run).
    init(contentsOf path: String) throws(ConfigurationError) {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: Self.maximumFileSize)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        try self.init(data: Data(bytes), path: path)
    }

    /// The largest configuration file read. Real ones are a few kilobytes; this refuses
    /// `--config /dev/zero` and the like before they cost memory.
    static let maximumFileSize = 1 << 20

    /// Parses `data` as the file at `path` (the path is only used in messages), checking its
    /// `requiredVersion` against `installedVersion`.
    package init(
        data: Data, path: String, installedVersion: String = PreflightVersion.current
    ) throws(ConfigurationError) {
        self.path = path
        self.data = data
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let (place, detail) = Self.describe(error as NSError, data: data)
            throw .malformed(path: path, line: place?.line, column: place?.column, detail: detail)
        }
        guard let root = object as? [String: Any] else {
            throw .malformed(
                path: path, line: nil, column: nil, detail: "the top level must be an object with one key per tool")
        }
        var sections: [String: ConfigurationSection] = [:]
        var requiredVersion: VersionRequirement?
        for (name, value) in root {
            if name == Self.requiredVersionKey {
                guard let text = value as? String else {
                    throw .wrongType(key: name, section: nil, expected: "a string such as \">= 0.2.0\"", path: path)
                }
                do {
                    requiredVersion = try VersionRequirement(text)
                } catch {
                    throw .invalidRequirement(value: text, detail: error.detail, path: path)
                }
                continue
            }
            guard Self.sectionNames.contains(name) else {
                throw .unknownKey(key: name, section: nil, path: path)
            }
            guard let values = value as? [String: Any] else {
                throw .wrongType(key: name, section: nil, expected: "an object", path: path)
            }
            sections[name] = ConfigurationSection(name: name, path: path, values: values)
        }
        self.sections = sections
        self.requiredVersion = requiredVersion
        if let requiredVersion {
            guard let installed = ReleaseVersion(installedVersion), requiredVersion.isSatisfied(by: installed) else {
                throw .unsatisfiedVersion(
                    required: requiredVersion.description, installed: installedVersion, path: path)
            }
        }
    }

    /// The file at `explicitPath` when one is given, else the nearest `.preflight.json` from
    /// `directory` upwards (no higher than `boundary`, when given), else `nil`.
    package static func load(
        explicitPath: String?, searchingFrom directory: String, upTo boundary: String? = nil
    ) throws(ConfigurationError)
        -> ConfigurationFile?
    {
        if let explicitPath { return try ConfigurationFile(contentsOf: explicitPath) }
        return try find(from: directory, upTo: boundary).map { path throws(ConfigurationError) in
            try ConfigurationFile(contentsOf: path)
        }
    }

    /// The nearest `.preflight.json` in `directory` or one of its parents, if any; the search stops
    /// after `boundary` (prepush's worktree: its commit's own file, never the user's folder above).
    package static func find(from directory: String, upTo boundary: String? = nil) -> String? {
        // Lexical paths (links not resolved, and no `/private` stripped as Foundation's
        // `standardizedFileURL` would): the folders above are those of the path as given.
        var current = StandardPath.absolute(directory)
        let last = boundary.map { StandardPath.absolute($0) }
        while true {
            let candidate = current == "/" ? "/" + fileName : current + "/" + fileName
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            // The folder above a standard absolute path: all before its last slash.
            guard current != last, current != "/", let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) else {
                return nil
            }
            current = slash == current.utf8.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// The section for `tool` (empty when the file has none).
    package func section(_ tool: String) -> ConfigurationSection {
        sections[tool] ?? ConfigurationSection(name: tool, path: path, values: [:])
    }

    /// The parser's message, and the line and column (from 1, in characters) it points at when
    /// it says.
    private static func describe(_ error: NSError, data: Data) -> (place: (line: Int, column: Int)?, detail: String) {
        let detail = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        // Foundation reports the offset as userInfo on Darwin and only in the text on Linux.
        let offset =
            error.userInfo["NSJSONSerializationErrorIndex"] as? Int
            ?? detail.range(of: #"character \d+"#, options: .regularExpression).flatMap {
                Int(detail[$0].dropFirst("character ".count))
            }
        guard let index = offset, index <= data.count else { return (nil, detail) }
        let before = data.prefix(index)
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return ((line, column), "line \(line), column \(column): \(detail)")
    }
}

/// One tool's settings in the configuration file, read key by key with type checks.
package struct ConfigurationSection: @unchecked Sendable {
    /// The section's name (`todoscan`).
    package let name: String
    /// The file it came from.
    package let path: String
    private let values: [String: Any]

    init(name: String, path: String, values: [String: Any]) {
        self.name = name
        self.path = path
        self.values = values
    }

    /// Whether the section sets `key` (`--print-config` says which settings came from the file).
    package func contains(_ key: String) -> Bool {
        values[key] != nil
    }

    /// Throws for the first key (in sorted order) that is not in `known`.
    package func checkKeys(_ known: Set<String>) throws(ConfigurationError) {
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw .unknownKey(key: unknown, section: name, path: path)
        }
    }

    package func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        try typed(key, "true or false") { value in Self.isBoolean(value) ? (value as? NSNumber)?.boolValue : nil }
    }

    package func int(_ key: String) throws(ConfigurationError) -> Int? {
        try typed(key, "a whole number") { value in
            guard let number = value as? NSNumber, !Self.isBoolean(value) else { return nil }
            return Double(number.intValue) == number.doubleValue ? number.intValue : nil
        }
    }

    /// A limit on the size of the files read, in bytes (`maxFileSize`): a whole number that
    /// ``SkippedFiles/problem(withLimit:)`` accepts; any other value is an error naming the key.
    package func fileSizeLimit(_ key: String) throws(ConfigurationError) -> Int? {
        guard let value = try int(key) else { return nil }
        if let problem = SkippedFiles.problem(withLimit: value) {
            throw .invalidValue(key: key, section: name, value: String(value), detail: problem, path: path)
        }
        return value
    }

    /// A number, whole or not (`80`, `72.5`).
    package func number(_ key: String) throws(ConfigurationError) -> Double? {
        try typed(key, "a number") { value in
            guard let number = value as? NSNumber, !Self.isBoolean(value) else { return nil }
            return number.doubleValue
        }
    }

    /// A list of objects, each read as a section of its own named `key[index]` (so its keys are
    /// checked, and named in errors, the same way).
    package func sections(_ key: String) throws(ConfigurationError) -> [ConfigurationSection]? {
        let objects = try typed(key, "a list of objects") { $0 as? [[String: Any]] }
        return objects?.enumerated().map { index, values in
            ConfigurationSection(name: "\(name).\(key)[\(index)]", path: path, values: values)
        }
    }

    package func string(_ key: String) throws(ConfigurationError) -> String? {
        try typed(key, "a string") { $0 as? String }
    }

    package func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        try typed(key, "a list of strings") { $0 as? [String] }
    }

    package func stringMap(_ key: String) throws(ConfigurationError) -> [String: String]? {
        try typed(key, "an object whose values are strings") { $0 as? [String: String] }
    }

    /// An object whose values are numbers (`{"Core": 80, "Sources/Legacy/**": 40}`).
    package func numberMap(_ key: String) throws(ConfigurationError) -> [String: Double]? {
        try typed(key, "an object whose values are numbers") { value in
            guard let object = value as? [String: Any] else { return nil }
            var numbers: [String: Double] = [:]
            for (name, value) in object {
                guard let number = value as? NSNumber, !Self.isBoolean(value) else { return nil }
                numbers[name] = number.doubleValue
            }
            return numbers
        }
    }

    /// Whether the value of `key` is a JSON object (for keys that take a value or an object).
    package func isObject(_ key: String) -> Bool {
        values[key] is [String: Any]
    }

    /// A `--format` value: one of ``DiagnosticFormat``'s spellings.
    package func diagnosticFormat(_ key: String) throws(ConfigurationError) -> DiagnosticFormat? {
        guard let value = try string(key) else { return nil }
        guard let format = DiagnosticFormat(rawValue: value) else {
            throw .invalidValue(
                key: key, section: name, value: value,
                detail: "Formats: \(DiagnosticFormat.allCases.map(\.rawValue).joined(separator: ", ")).", path: path)
        }
        return format
    }

    /// JSON `true`/`false` (an NSNumber of type `c`), as opposed to the numbers 1 and 0.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private func typed<T>(_ key: String, _ expected: String, _ cast: (Any) -> T?) throws(ConfigurationError) -> T? {
        guard let value = values[key], !(value is NSNull) else { return nil }
        guard let typed = cast(value) else {
            throw .wrongType(key: key, section: name, expected: expected, path: path)
        }
        return typed
    }
}

/// A configuration file that cannot be used.
package enum ConfigurationError: LocalizedError, Sendable, Equatable {
    case unreadable(path: String, reason: String)
    /// Not JSON: the parser's message, and where it stopped when it says (line and column from 1).
    case malformed(path: String, line: Int?, column: Int?, detail: String)
    case unknownKey(key: String, section: String?, path: String)
    case wrongType(key: String, section: String?, expected: String, path: String)
    case invalidValue(key: String, section: String, value: String, detail: String, path: String)
    /// `requiredVersion` is not a version requirement.
    case invalidRequirement(value: String, detail: String, path: String)
    /// The installed Preflight is not one `requiredVersion` accepts.
    case unsatisfiedVersion(required: String, installed: String, path: String)

    package var errorDescription: String? {
        switch self {
        case .unreadable(let path, _): "Cannot read the configuration file '\(path)'."
        case .malformed(let path, _, _, _): "The configuration file '\(path)' is not valid JSON."
        case .unknownKey(let key, let section, let path):
            "Unknown key '\(Self.qualified(key, section))' in '\(path)'."
        case .wrongType(let key, let section, _, let path):
            "Wrong type for '\(Self.qualified(key, section))' in '\(path)'."
        case .invalidValue(let key, let section, let value, _, let path):
            "Invalid value '\(value)' for '\(Self.qualified(key, section))' in '\(path)'."
        case .invalidRequirement(let value, _, let path):
            "Invalid value '\(value)' for 'requiredVersion' in '\(path)'."
        case .unsatisfiedVersion(let required, let installed, let path):
            "This repository requires Preflight \(required) (requiredVersion in '\(path)'); "
                + "the installed Preflight is \(installed)."
        }
    }

    package var failureReason: String? {
        switch self {
        case .unreadable(_, let reason): reason
        case .malformed(_, _, _, let detail): detail
        case .unknownKey(_, let section, _):
            section == nil
                ? "The file has one section per tool (\(ConfigurationFile.sectionNames.sorted().joined(separator: ", "))) and requiredVersion."
                : "No setting of that name exists, so it would silently do nothing."
        case .wrongType(_, _, let expected, _): "It must be \(expected)."
        case .invalidValue(_, _, _, let detail, _), .invalidRequirement(_, let detail, _): detail
        case .unsatisfiedVersion:
            "The committed configuration names the Preflight releases the team checks with, so that every "
                + "machine runs the same checks; this one would check differently."
        }
    }

    package var recoverySuggestion: String? {
        switch self {
        case .unreadable: "Check the path and the file's permissions, or pass --config with another file."
        case .malformed(let path, let line?, let column?, _):
            "Fix the JSON in '\(path)' at line \(line), column \(column) (or just before it)."
        case .malformed(let path, _, _, _):
            "Fix the JSON in '\(path)': one object, with a section per tool (docs/configuration.md)."
        case .unknownKey: "Check the spelling against the documented keys (docs/configuration.md) or remove it."
        case .wrongType, .invalidValue, .invalidRequirement:
            "Correct the value as described, or remove the key to use the default."
        case .unsatisfiedVersion(let required, _, _):
            "Install a Preflight release that satisfies \(required): in your Preflight clone, "
                + "git fetch --tags && git checkout vX.Y.Z, then scripts/install-hooks.sh again (README, Install on your repository). "
                + "To push meanwhile: git push --no-verify."
        }
    }

    private static func qualified(_ key: String, _ section: String?) -> String {
        section.map { "\($0).\(key)" } ?? key
    }
}
