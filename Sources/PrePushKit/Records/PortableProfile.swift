import Foundation
import ProcessKit

/// A test target's coverage profile in a form that holds wherever the repository is checked out.
///
/// A profile names functions by their mangled names, except `private` and `fileprivate` ones, which
/// it names `<absolute source path>:<mangled name>`: merged into a check at another root (prepush's
/// worktree rather than the work tree, another clone, another machine), those would match nothing
/// and the coverage would lose their lines. So a record keeps the profile as llvm-profdata's text
/// with the check's root replaced by ``placeholder``; ``realize(_:root:into:)`` puts the root of
/// the check that uses it back. Measured (Swift 6.3.1): a profile recorded in one folder and merged
/// into a build in another gives 33 % of a file with two private functions; rewritten, the 100 % a
/// run there gives.
///
/// llvm-profdata 21 writes text it cannot read back for Swift: after a function's counters its
/// reader takes a line starting with `$` for the count of MC/DC bitmap bytes, and Swift's mangled
/// names start with `$s`. Each function is given an explicit `$0` (no bitmap bytes), which reads
/// back as the same profile.
enum PortableProfile {
    /// What stands for the check's root in a portable profile.
    static let placeholder = "@PREFLIGHT_ROOT@/"

    /// The portable text of the binary profile at `path`, recorded by a check at `root`.
    static func text(ofProfile path: String, root: String, llvmProfdata: String, scratch: String) async throws -> String
    {
        let output = scratch + "/portable-\(UUID().uuidString).proftext"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var command = Command(llvmProfdata, ["merge", "--text", "-o", output, path])
        command.standardError = .capture(limit: 1 << 20)
        _ = try await command.run().checked()
        guard let data = FileManager.default.contents(atPath: output) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: output])
        }
        return portable(String(decoding: data, as: UTF8.self), root: root)
    }

    /// `text` (llvm-profdata's text format) with `root` replaced and each function's bitmap count
    /// written out.
    static func portable(_ text: String, root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var lines: [Substring] = []
        var inCounters = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty, inCounters {
                lines.append("$0")
                inCounters = false
            }
            if line.hasPrefix("# Counter Values") { inCounters = true }
            if line.hasPrefix(prefix) {
                lines.append(Substring(placeholder + line.dropFirst(prefix.count)))
            } else {
                lines.append(line)
            }
        }
        if inCounters { lines.append("$0") }
        return lines.joined(separator: "\n")
    }

    /// Writes `portable` with `root` in place of the placeholder to `path`: a text profile
    /// llvm-profdata merges like a binary one.
    static func realize(_ portable: String, root: String, into path: String) throws {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let text = portable.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasPrefix(placeholder) ? Substring(prefix + line.dropFirst(placeholder.count)) : line
        }.joined(separator: "\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
