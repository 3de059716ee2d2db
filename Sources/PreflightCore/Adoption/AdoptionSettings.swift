import Foundation

/// How a team adopts a scanner on code that already has findings, the same for every scanner:
/// only lines added since a revision (`--since`), findings accepted in a baseline file
/// (`--baseline`, written with `--write-baseline`), and suppression comments in the code.
package struct AdoptionSettings: Sendable, Equatable {
    /// Report only findings on lines added since this revision (against its merge base with HEAD).
    package var sinceRevision: String?
    /// Findings accepted in this baseline file are not reported.
    package var baselinePath: String?
    /// Write the findings to this baseline file instead of reporting them.
    package var writeBaselinePath: String?
    /// `--staged`: read the files from git's index, not the work tree, and report only what a
    /// commit of it introduces (``StagedIndex``). Not a configuration key: a hook asks for it.
    package var checksStaged = false
    /// With ``checksStaged``: where git's variables put the repository for the pre-commit hook
    /// (``GitLocation``): the index file git names for a commit of other than the index
    /// (`GIT_INDEX_FILE`, for `git commit -a`), the git directory and work tree of `git --git-dir=…
    /// --work-tree=… commit`. Empty: the repository containing the folder, its own index.
    package var git = GitLocation()

    package init(sinceRevision: String? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil) {
        self.sinceRevision = sinceRevision
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
    }

    /// The keys these settings read from a tool's section of `.preflight.json`.
    package static let configurationKeys: Set<String> = ["since", "baseline"]

    /// Applies `since` and `baseline` (relative to the configuration file, so it works from any
    /// directory).
    package mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError) {
        if let value = try section.string("since") { sinceRevision = value }
        if let value = try section.string("baseline") {
            baselinePath =
                value.hasPrefix("/")
                ? value
                : ((section.path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(value)
        }
    }

    /// `since` and `baseline` as `--print-config` shows them (`null` where unset).
    package var effectiveConfiguration: [String: Any] {
        ["since": sinceRevision ?? NSNull(), "baseline": baselinePath ?? NSNull()]
    }
}
