import Foundation
import PreflightCore
import ProcessKit

/// Test targets that passed at a content key (``TestTargetContent``), each with the coverage
/// profile of its own run, kept under the git directory (`preflight/tests/`): `<key>.profdata` and
/// `<key>.tests` (how many tests ran) and `<key>.root` (the root of the check that recorded it: a
/// profile names private functions by their absolute paths, ``PortableProfile``). The merge of
/// these profiles and the fresh ones is the package's coverage, exactly as a run of every test
/// would give it.
struct TestRecords: Sendable {
    let folder: String

    init(gitDirectory: String) {
        folder = gitDirectory + "/preflight/tests"
    }

    /// A recorded pass: its profile and test count.
    struct Record: Sendable, Equatable {
        /// The profile's file; for a shared record, the blob of its portable text.
        var profile: String
        var tests: Int
        /// The root of the check that recorded a local profile (`nil`: not known, taken as this one's).
        var root: String?
        /// Who signed the shared record this pass comes from (`nil`: recorded on this machine).
        var signer: String?
    }

    func lookup(_ key: String) -> Record? {
        let profile = folder + "/" + key + ".profdata"
        guard FileManager.default.fileExists(atPath: profile),
            let text = try? String(contentsOfFile: folder + "/" + key + ".tests", encoding: .utf8),
            let tests = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        let root = try? String(contentsOfFile: folder + "/" + key + ".root", encoding: .utf8)
        return Record(profile: profile, tests: tests, root: root.map { String($0.prefix { $0 != "\n" }) })
    }

    /// Keeps `profile` (moved) as the record of `key`, made by a check at `root`.
    func record(_ key: String, profile: String, tests: Int, root: String?) {
        let fileManager = FileManager.default
        try? fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let target = folder + "/" + key + ".profdata"
        try? fileManager.removeItem(atPath: target)
        guard
            (try? fileManager.moveItem(atPath: profile, toPath: target)) != nil
                || (try? fileManager.copyItem(atPath: profile, toPath: target)) != nil
        else { return }
        try? "\(tests)\n".write(toFile: folder + "/" + key + ".tests", atomically: true, encoding: .utf8)
        if let root {
            try? (root + "\n").write(toFile: folder + "/" + key + ".root", atomically: true, encoding: .utf8)
        }
        prune()
    }

    /// The shared part of a package's content at its last recorded run, to say what changed.
    func lastShared(unit: String) -> [String: String]? {
        guard let data = FileManager.default.contents(atPath: sharedFile(unit)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else { return nil }
        return object
    }

    func saveShared(_ shared: [String: String], unit: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let data = try? JSONSerialization.data(withJSONObject: shared, options: [.sortedKeys]) {
            try? data.write(to: URL(fileURLWithPath: sharedFile(unit)), options: .atomic)
        }
    }

    private func sharedFile(_ unit: String) -> String {
        folder + "/shared-" + StableHash.fnv1a64Hex(unit) + ".json"
    }

    /// Keeps the 240 most recent records (profiles of a large package take megabytes each).
    private func prune() {
        let fileManager = FileManager.default
        let profiles = ((try? fileManager.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".profdata")
        }
        guard profiles.count > 240 else { return }
        let dated = profiles.map { name -> (String, Date) in
            let date = (try? fileManager.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date
            return (name, date ?? .distantPast)
        }.sorted { $0.1 < $1.1 }
        for (name, _) in dated.prefix(profiles.count - 240) {
            try? fileManager.removeItem(atPath: folder + "/" + name)
            try? fileManager.removeItem(atPath: folder + "/" + name.dropLast(".profdata".count) + ".tests")
            try? fileManager.removeItem(atPath: folder + "/" + name.dropLast(".profdata".count) + ".root")
        }
    }
}
