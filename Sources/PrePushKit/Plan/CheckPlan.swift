import PreflightCore

/// The pipeline's second stage's answer, **plan**: which content is checked where, under which
/// cache key, against which base. A value: tests build one from facts and inspect it without
/// running anything (``CheckPlan/make(_:)``).
struct CheckPlan: Sendable, Equatable {
    /// The checks to run, in order; the first failing one stops the rest.
    var checks: [PlannedCheck]
    /// Lines to print before the checks (trees already verified, why a check is not in place).
    var notes: [String]

}

extension CheckPlan: CustomStringConvertible {
    /// The plan as `--dry-run` prints it: per check, what is checked where, its units in order
    /// (and through which dependency), and the units left unchanged.
    var description: String {
        var text = ""
        for check in checks {
            text += check.line
            for unit in check.units {
                let through = unit.through.map { " (through \($0))" } ?? ""
                text += "  \(unit.unit.kind == .app ? "app" : "package") \(unit.unit.name)\(through)\n"
            }
            if !check.unchanged.isEmpty {
                text += "  unchanged: \(check.unchanged.map(\.name).joined(separator: ", "))\n"
            }
        }
        return text
    }
}

/// One check of the plan: a commit's content, or the work tree as it is on disk.
struct PlannedCheck: Sendable, Equatable {
    /// Where the content is checked.
    enum Place: Sendable, Equatable {
        /// In the user's work tree, whose content equals the commit's tree: the fast path.
        case inPlace
        /// In prepush's own worktree (`.build/prepush-worktree`), checked out at the commit: exact
        /// whatever the user's work tree holds, incremental after its first build.
        case worktree
        /// The work tree as it is on disk, which is not a commit's content (`--work-tree`, or by
        /// hand with uncommitted changes): labelled so, never cached.
        case onDisk
    }

    /// The commit whose content is checked (`nil` for ``Place/onDisk``).
    var commit: String?
    /// The tree checked: the commit's, or the work tree's snapshot.
    var tree: String
    var place: Place
    /// The line said before the check (why it is checked where it is); `nil` for none.
    var reason: String?
    /// The units checked (packages and apps), dependencies first, each with its cache key.
    var units: [PlannedUnit]
    /// The units of the repository this check does not cover because nothing pushed touches them.
    var unchanged: [CheckUnit] = []
    /// What the remote has, the base of the lines the push adds (diff coverage).
    var remoteBase: String?
    /// The refs pushed at the commit, for messages.
    var refs: [String]
    /// The checked tree's listing, as the plan read it (`nil`: not read; ``treeListing(in:)``).
    var listing: TreeListing?

    /// The checked tree's listing: the plan's, else read now.
    func treeListing(in repository: GitRepository) async throws -> TreeListing {
        if let listing { return listing }
        return try await TreeListing.read(tree, in: repository)
    }

    init(
        commit: String?, tree: String, place: Place, reason: String? = nil, cacheKey: String? = nil,
        remoteBase: String? = nil, refs: [String] = []
    ) {
        self.commit = commit
        self.tree = tree
        self.place = place
        self.reason = reason
        self.units = [PlannedUnit(unit: CheckUnit(path: "", kind: .package), content: tree, cacheKey: cacheKey)]
        self.remoteBase = remoteBase
        self.refs = refs
    }

    /// In place, the content must not change while the check runs: it is snapshotted again after.
    var verifiesContentAfterwards: Bool { place == .inPlace }

    /// The cache key of a check of one unit; `nil` when it covers several or records nothing.
    var cacheKey: String? { units.count == 1 ? units[0].cacheKey : nil }
}

/// One unit of a planned check.
struct PlannedUnit: Sendable, Equatable {
    var unit: CheckUnit
    /// What its pass is cached under besides the settings (``UnitPlan/content(of:layout:listing:dependencies:)``).
    var content: String
    /// The verification cache's key, when a pass may be recorded; `nil` never records.
    var cacheKey: String?
    /// The package through which a change reaches it, when none of its own files changed.
    var through: String?
    /// The folders of the packages it depends on (their trees are part of its tests' keys).
    var dependencyFolders: [String] = []
    /// The folders of other units inside its folder (not its files).
    var nestedFolders: [String] = []
    /// Its manifest's name and platforms (a package whose manifest was read).
    var manifest: ManifestSummary?
    /// Its configuration, options and their identity as the plan read them from the checked
    /// commit's tree (its ``cacheKey`` is made of them); `nil` where the run reads them itself
    /// (the work tree as it is on disk, `--config`).
    var settings: UnitSettings?

    init(unit: CheckUnit, content: String, cacheKey: String? = nil, through: String? = nil) {
        self.unit = unit
        self.content = content
        self.cacheKey = cacheKey
        self.through = through
    }
}
