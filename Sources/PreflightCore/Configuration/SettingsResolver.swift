import Foundation

/// A tool's settings, as the one resolver builds them: defaults (`init()`), then the tool's section
/// of `.preflight.json`, then flags.
package protocol ToolSettings: Sendable {
    /// The defaults.
    init()
    /// The tool's section in `.preflight.json` (`todoscan`, `errorlint`, `prepush`).
    static var sectionName: String { get }
    /// Applies the section; unknown keys and bad values are errors naming the key and the file.
    mutating func apply(_ section: ConfigurationSection) throws(ConfigurationError)
}

/// The suite's one settings resolver, used by all three executables and by prepush's steps:
/// defaults, then the configuration file's section, then the flags given. A configuration error is
/// thrown (the tools exit 2 with it), never dropped.
package enum SettingsResolver {
    /// The settings for a run about `root`: the file at `explicitPath` when one is given (relative
    /// to `root`), else the nearest `.preflight.json` from `root` upwards (no higher than
    /// `boundary`), then `flags`.
    /// `alsoChecking`: the settings of other tools whose sections of the same file are checked too
    /// (prepush runs todoscan and errorlint as steps, so a bad section of theirs is an error before
    /// anything is built, not after).
    package static func resolve<Settings: ToolSettings>(
        _ type: Settings.Type = Settings.self, explicitPath: String? = nil, searchingFrom root: String,
        upTo boundary: String? = nil, alsoChecking others: [any ToolSettings.Type] = [],
        flags: (inout Settings) throws -> Void = { _ in }
    ) throws -> Settings {
        var settings = Settings()
        let explicit = explicitPath.map { StandardPath.absolute($0, relativeTo: root) }
        if let file = try ConfigurationFile.load(explicitPath: explicit, searchingFrom: root, upTo: boundary) {
            try settings.apply(file.section(Settings.sectionName))
            try check(file, as: others)
        }
        try flags(&settings)
        return settings
    }

    /// The settings from `file`, already chosen by the caller (`nil`: no file, defaults and flags
    /// only): prepush's check reads the checked tree's own file, never one found by searching the
    /// disk above it.
    package static func resolve<Settings: ToolSettings>(
        _ type: Settings.Type = Settings.self, file: ConfigurationFile?,
        alsoChecking others: [any ToolSettings.Type] = [],
        flags: (inout Settings) throws -> Void = { _ in }
    ) throws -> Settings {
        var settings = Settings()
        if let file {
            try settings.apply(file.section(Settings.sectionName))
            try check(file, as: others)
        }
        try flags(&settings)
        return settings
    }

    /// Applies each of `types`' sections of `file` to its defaults, so that an unknown key or a bad
    /// value in any of them is an error naming the key and the file.
    package static func check(_ file: ConfigurationFile, as types: [any ToolSettings.Type]) throws(ConfigurationError) {
        func apply<Settings: ToolSettings>(_ type: Settings.Type) throws(ConfigurationError) {
            var settings = Settings()
            try settings.apply(file.section(Settings.sectionName))
        }
        for type in types { try apply(type) }
    }
}
