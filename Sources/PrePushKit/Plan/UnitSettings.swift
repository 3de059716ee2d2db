import PreflightCore

/// One unit's settings as the plan reads them from the checked commit's tree: its nearest
/// `.preflight.json` there, the options that file gives with the flags, and their identity (the
/// cache key's settings part). Read once, in ``UnitGathering``, and carried on ``PlannedUnit`` to
/// the run, so the key a pass is recorded under is the key it was looked up by.
struct UnitSettings: Sendable, Equatable {
    /// The tree's configuration file for the unit (`nil`: the tree has none).
    var configuration: ConfigurationFile?
    /// Defaults, then `configuration`, then the flags.
    var options: PrePushOptions
    /// What the check with these options is shaped by besides its content.
    var identity: SettingsIdentity

    /// The same settings: the same file's bytes and the same identity. The options follow from
    /// the file and the run's flags, which are one for the whole run.
    static func == (lhs: UnitSettings, rhs: UnitSettings) -> Bool {
        lhs.configuration?.data == rhs.configuration?.data && lhs.configuration?.path == rhs.configuration?.path
            && lhs.identity == rhs.identity
    }
}
