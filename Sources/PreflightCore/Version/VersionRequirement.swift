/// A release number, `MAJOR.MINOR.PATCH` (missing parts are 0: `1.2` is `1.2.0`).
struct ReleaseVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    var components: [Int]

    /// `nil` unless `text` is one to three dot-separated non-negative integers (an optional
    /// leading `v` allowed, as in tags).
    init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.first == "v" { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let value = Int(part), value >= 0 else { return nil }
            components.append(value)
        }
        self.components = components + Array(repeating: 0, count: 3 - components.count)
    }

    var description: String { components.map(String.init).joined(separator: ".") }

    static func < (lhs: ReleaseVersion, rhs: ReleaseVersion) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }
}

/// The Preflight versions a repository accepts (`requiredVersion` in `.preflight.json`):
/// comparisons joined by commas, all of which must hold, e.g. `>= 0.3.0`, `>= 0.3, < 0.5`,
/// `== 0.3.1`. A bare version means `==`.
struct VersionRequirement: Sendable, Hashable, CustomStringConvertible {
    enum Comparison: String, Sendable, Hashable, CaseIterable {
        case atLeast = ">="
        case atMost = "<="
        case equal = "=="
        case greater = ">"
        case less = "<"
    }

    var clauses: [(comparison: Comparison, version: ReleaseVersion)]
    /// As written.
    var description: String

    /// Why `text` is not a requirement, for the error message.
    struct Invalid: Error, Sendable, Equatable {
        var detail: String
    }

    init(_ text: String) throws(Invalid) {
        description = text
        clauses = []
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        for part in parts {
            let clause = part.trimmingCharacters(in: " \t")
            guard !clause.isEmpty else {
                throw Invalid(detail: "A requirement is comparisons joined by commas, e.g. \">= 0.3.0, < 0.5.0\".")
            }
            // Longest operators first, so `>=` is not read as `>` followed by `=0.3`.
            let comparison = Comparison.allCases.first { clause.hasPrefix($0.rawValue) }
            let versionText = clause.dropFirst(comparison?.rawValue.count ?? 0).trimmingCharacters(in: " \t")
            guard let version = ReleaseVersion(versionText) else {
                throw Invalid(
                    detail: "'\(clause)' is not a comparison: write >=, >, <=, < or == and a version such as 0.3.0.")
            }
            clauses.append((comparison ?? .equal, version))
        }
    }

    /// Whether `version` meets every clause.
    func isSatisfied(by version: ReleaseVersion) -> Bool {
        clauses.allSatisfy { clause in
            switch clause.comparison {
            case .atLeast: version >= clause.version
            case .atMost: version <= clause.version
            case .equal: version == clause.version
            case .greater: version > clause.version
            case .less: version < clause.version
            }
        }
    }

    static func == (lhs: VersionRequirement, rhs: VersionRequirement) -> Bool {
        lhs.description == rhs.description
    }

    func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
