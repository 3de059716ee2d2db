import Foundation

/// What a check that passed exactly verified, as it is shared through git: the payload of one
/// signed entry of a note in `refs/notes/preflight` on the repository's tree (``SharedNotes``).
///
/// It says which tree, which units of it passed under which keys (content and
/// ``SettingsIdentity``: toolchain, platform, options, environment), and which test targets passed
/// at which keys, with their coverage profiles (blobs of ``PortableProfile`` text, kept in the
/// notes ref). A hook that trusts the record (``SharedRecords``) skips a unit whose key it
/// computes too, and uses the test passes as the baseline of affected-test selection.
struct SharedRecord: Sendable, Equatable, Codable {
    /// The format's name and version, the first field of every payload.
    static let format = "preflight-verification 1"

    var format = Self.format
    /// The repository's tree the check verified.
    var tree: String
    /// The commit checked (what CI checked out), for people reading the record.
    var commit: String?
    /// When it was recorded (ISO 8601), for people.
    var recorded: String
    /// The units that passed, each under the key a hook computes for the same content and settings.
    var units: [Unit]
    /// The test targets that passed, each under its content key.
    var tests: [TestPass]

    /// A unit that passed.
    struct Unit: Sendable, Equatable, Codable {
        /// Its folder (empty for the root).
        var path: String
        /// Its verified-tree key (``VerificationCache/key(tree:fingerprint:)``).
        var key: String
        /// What it was checked with.
        var settings: SettingsIdentity
        /// The coverage total the check measured, as printed (`93.60 %`), for people.
        var coverage: String?
    }

    /// A test target that passed.
    struct TestPass: Sendable, Equatable, Codable {
        var unit: String
        var target: String
        /// Its content key (``TestTargetContent``).
        var key: String
        /// How many tests ran.
        var tests: Int
        /// The blob of its portable coverage profile.
        var profile: String
    }

    /// The payload as signed: one line of JSON, keys sorted.
    func payload() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The record a payload holds, or `nil` when it is not one of this format.
    static func decode(_ payload: Data) -> SharedRecord? {
        guard let record = try? JSONDecoder().decode(SharedRecord.self, from: payload), record.format == format,
            isObjectName(record.tree), record.commit.map(isObjectName) ?? true
        else { return nil }
        return record
    }

    /// Whether `text` is a SHA-1 or SHA-256 object name (so nothing else is ever printed as one).
    private static func isObjectName(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
