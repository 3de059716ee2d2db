import Foundation
import PreflightCore

/// The coverage minimums (`minCoverage`): of the total, per target, per file.
///
/// `.preflight.json` spells them as a number (the total's minimum, as `--min-coverage`) or as an
/// object: `{"total": 75, "Core": 80, "*": 60, "Sources/Legacy/**": 40}`. A key with a `/` or a
/// glob character (`*`, `?`, `[`) is a glob over file paths and sets a minimum for each file it
/// matches (the most specific pattern wins: the longest); `total` is the total's; any other key is
/// a target's name.
package struct CoverageMinimums: Sendable, Hashable {
    /// A per-file minimum: files matching `glob`.
    struct FileRule: Sendable, Hashable {
        var glob: Glob
        var minimum: Double
    }

    var total: Double?
    var targets: [String: Double] = [:]
    /// Most specific (longest pattern) first.
    private(set) var files: [FileRule] = []

    init(total: Double? = nil, targets: [String: Double] = [:], files: [String: Double] = [:]) {
        self.total = total
        self.targets = targets
        self.files = files.map { FileRule(glob: Glob($0.key), minimum: $0.value) }.sorted {
            ($0.glob.pattern.count, $0.glob.pattern) > ($1.glob.pattern.count, $1.glob.pattern)
        }
    }

    /// Reads the object form: `total`, target names, file globs.
    init(keyed object: [String: Double]) {
        var targets: [String: Double] = [:]
        var files: [String: Double] = [:]
        var total: Double?
        for (key, value) in object {
            if key == "total" {
                total = value
            } else if Self.isGlob(key) {
                files[key] = value
            } else {
                targets[key] = value
            }
        }
        self.init(total: total, targets: targets, files: files)
    }

    /// These minimums with `keyed` (the object form's keys) laid over them.
    func adding(_ keyed: [String: Double]) -> CoverageMinimums {
        var object = (configurationValue as? [String: Double]) ?? total.map { ["total": $0] } ?? [:]
        object.merge(keyed) { $1 }
        return CoverageMinimums(keyed: object)
    }

    /// A `--min-coverage` value.
    package enum Flag: Equatable {
        case total(Double)
        case keyed(String, Double)
    }

    /// Reads `--min-coverage`'s `80`, `Core=80` or `Sources/Legacy/**=40`; `nil` when it is none
    /// of them or the percentage is not from 0 to 100.
    package static func parseFlag(_ value: String) -> Flag? {
        if let percent = Double(value) { return (0...100).contains(percent) ? .total(percent) : nil }
        guard let equals = value.lastIndex(of: "="), let percent = Double(value[value.index(after: equals)...]),
            (0...100).contains(percent), equals != value.startIndex
        else { return nil }
        let key = String(value[..<equals])
        return key == "total" ? .total(percent) : .keyed(key, percent)
    }

    /// Whether a key of the object form is a file glob rather than a target's name.
    static func isGlob(_ key: String) -> Bool {
        key.contains { "/*?[".contains($0) }
    }

    /// Whether there is no minimum at all.
    var isEmpty: Bool { total == nil && targets.isEmpty && files.isEmpty }

    /// The minimum of the file at `path` (package-relative; `repositoryPath` from the repository's
    /// root, tried too), if a glob matches it.
    func minimum(forFile path: String, repositoryPath: String? = nil) -> Double? {
        files.first { $0.glob.matches(path) || (repositoryPath.map($0.glob.matches) ?? false) }?.minimum
    }

    /// As the configuration file spells them (`--print-config`): a number when only the total is
    /// set, else the object.
    var configurationValue: Any {
        if targets.isEmpty, files.isEmpty { return total.map { $0 as Any } ?? NSNull() }
        var object: [String: Double] = targets
        for rule in files { object[rule.glob.pattern] = rule.minimum }
        if let total { object["total"] = total }
        return object
    }

    /// Part of the verification cache key.
    var fingerprint: String {
        let keyed = (configurationValue as? [String: Double])?.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value)"
        }
        return keyed?.joined(separator: ",") ?? total.map { "\($0)" } ?? "-"
    }

    /// Checks `summary` (of the package at `packagePath` from the repository's root) against the
    /// minimums.
    func check(_ summary: CoverageSummary, packagePath: String = ".") -> CoverageGateResult {
        var result = CoverageGateResult(totalMinimum: total)
        result.totalPercent = summary.total.percent
        for target in summary.targets {
            guard let minimum = targets[target.name] else { continue }
            result.targetMinimums[target.name] = minimum
            if target.lines.percent < minimum {
                result.shortfalls.append(
                    CoverageShortfall(kind: .target, name: target.name, percent: target.lines.percent, minimum: minimum)
                )
            }
        }
        for file in summary.files {
            let repositoryPath = packagePath == "." ? file.path : packagePath + "/" + file.path
            guard let minimum = minimum(forFile: file.path, repositoryPath: repositoryPath) else { continue }
            result.fileMinimums[file.path] = minimum
            if file.lines.percent < minimum {
                result.shortfalls.append(
                    CoverageShortfall(kind: .file, name: repositoryPath, percent: file.lines.percent, minimum: minimum))
            }
        }
        return result
    }
}

/// What the coverage minimums found.
struct CoverageGateResult: Sendable, Hashable {
    var totalMinimum: Double?
    var totalPercent: Double = 100
    /// The minimum applied to each target and to each file (package-relative path) that has one.
    var targetMinimums: [String: Double] = [:]
    var fileMinimums: [String: Double] = [:]
    /// Targets and files below their minimums, targets first.
    var shortfalls: [CoverageShortfall] = []

    init(totalMinimum: Double? = nil) {
        self.totalMinimum = totalMinimum
    }

    var totalFailed: Bool { totalMinimum.map { totalPercent < $0 } ?? false }
    var passed: Bool { !totalFailed && shortfalls.isEmpty }

    /// `path:1: error: coverage 41.2 % is below 60 %`, one per file below its minimum.
    var diagnostics: [Diagnostic] {
        shortfalls.filter { $0.kind == .file }.map { shortfall in
            Diagnostic(
                location: SourceLocation(path: shortfall.name, line: 1, column: 0), severity: .error,
                message: shortfall.message, ruleID: "file-coverage")
        }
    }
}

/// A target or file whose line coverage is below its minimum.
struct CoverageShortfall: Sendable, Hashable {
    enum Kind: String, Sendable { case target, file }
    var kind: Kind
    /// The target's name, or the file's path from the repository's root.
    var name: String
    var percent: Double
    var minimum: Double

    init(kind: Kind, name: String, percent: Double, minimum: Double) {
        self.kind = kind
        self.name = name
        self.percent = percent
        self.minimum = minimum
    }

    /// `coverage 41.2 % is below 60 %`: the coverage rounded down to a tenth, so it never shows
    /// the minimum it fell short of.
    var message: String {
        "coverage \(String(format: "%.1f", (percent * 10).rounded(.down) / 10)) % is below \(Self.format(minimum)) %"
    }

    /// `60`, `72.5`: a minimum as it was written.
    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
