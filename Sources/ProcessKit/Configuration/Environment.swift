/// The environment a child starts with: the caller's, or an explicit one, with changes.
///
/// ```swift
/// let env = Environment.inherit.setting(["NO_COLOR": "1"]).removing("GIT_DIR")
/// ```
public struct Environment: Sendable, Equatable {
    /// The starting point: `nil` inherits the calling process's environment when the command runs.
    var base: [String: String]?
    var additions: [String: String] = [:]
    var removals: Set<String> = []

    /// The calling process's environment, unchanged.
    public static let inherit = Environment(base: nil)

    /// Exactly these variables and no others.
    public static func custom(_ variables: [String: String]) -> Environment {
        Environment(base: variables)
    }

    /// A copy with these variables set (replacing inherited values).
    public func setting(_ variables: [String: String]) -> Environment {
        var copy = self
        for (name, value) in variables {
            copy.additions[name] = value
            copy.removals.remove(name)
        }
        return copy
    }

    /// A copy without these variables.
    public func removing(_ names: String...) -> Environment {
        removing(names)
    }

    /// A copy without these variables.
    public func removing<Names: Sequence<String>>(_ names: Names) -> Environment {
        var copy = self
        for name in names {
            copy.additions[name] = nil
            copy.removals.insert(name)
        }
        return copy
    }

    /// `true` when the child gets the caller's environment untouched.
    var isInheritedUnchanged: Bool { base == nil && additions.isEmpty && removals.isEmpty }

    /// The variables the child will see, given the caller's environment.
    func resolved(inheriting parent: [String: String]) -> [String: String] {
        var variables = base ?? parent
        for name in removals { variables[name] = nil }
        variables.merge(additions) { _, new in new }
        return variables
    }
}
