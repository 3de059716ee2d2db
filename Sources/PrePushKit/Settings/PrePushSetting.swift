import Foundation
import PreflightCore

/// One key of the `prepush` section of `.preflight.json`: how it is read into the settings and
/// how `--print-config` shows it. ``PrePushOptions/keys`` is the one table of them: the keys the
/// section accepts, the parser and the effective configuration all come from it, so a new setting
/// is a field of ``PrePushOptions`` and one entry there (and, for a flag, one line in the
/// executable that sets it, ``PrePushFlags/set(_:_:)``).
struct PrePushSetting: Sendable {
    /// The key in the section.
    let key: String
    /// Reads the key from the section (when present) into the settings; wrong types and impossible
    /// values throw, naming the key and the file.
    let read: @Sendable (ConfigurationSection, inout PrePushOptions) throws(ConfigurationError) -> Void
    /// The effective value as the file would spell it (`null` for none); `nil` for a key
    /// `--print-config` does not show (an old name of another).
    let show: (@Sendable (PrePushOptions) -> Any)?

    init(
        _ key: String,
        read: @escaping @Sendable (ConfigurationSection, inout PrePushOptions) throws(ConfigurationError) -> Void,
        show: (@Sendable (PrePushOptions) -> Any)?
    ) {
        self.key = key
        self.read = read
        self.show = show
    }

    /// A key read with `reader` into the field at `path` and shown as it is.
    static func field<Value: Sendable>(
        _ key: String, _ path: WritableKeyPath<PrePushOptions, Value> & Sendable,
        _ reader: @escaping @Sendable (ConfigurationSection, String) throws(ConfigurationError) -> Value?
    ) -> PrePushSetting {
        PrePushSetting(
            key,
            read: { (section, options) throws(ConfigurationError) in
                if let value = try reader(section, key) { options[keyPath: path] = value }
            },
            show: { options in PrePushSetting.shown(options[keyPath: path]) })
    }

    /// A key whose optional field is read with `reader`; `null` when unset. `shown: false` for a
    /// key `--print-config` leaves out (an old name of another).
    static func optional<Value: Sendable>(
        _ key: String, _ path: WritableKeyPath<PrePushOptions, Value?> & Sendable,
        _ reader: @escaping @Sendable (ConfigurationSection, String) throws(ConfigurationError) -> Value?,
        shown: Bool = true
    ) -> PrePushSetting {
        var show: (@Sendable (PrePushOptions) -> Any)?
        if shown {
            show = { options in
                let value: Value? = options[keyPath: path]
                return PrePushSetting.shown(value)
            }
        }
        return PrePushSetting(
            key,
            read: { (section, options) throws(ConfigurationError) in
                if let value = try reader(section, key) { options[keyPath: path] = value }
            },
            show: show)
    }

    /// A value as JSON holds it: `nil` is `null`.
    static func shown(_ value: Any?) -> Any {
        value ?? NSNull()
    }
}
