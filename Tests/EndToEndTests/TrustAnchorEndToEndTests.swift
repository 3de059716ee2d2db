import Foundation
import ProcessKit
import Testing

/// Shared verification against a teammate who can push but does not hold CI's key (issue 36): the
/// allowed-signers file comes from the remote's default branch as the clone last fetched it, never
/// from what is pushed; a note cannot stall or break a push. Real git, real `ssh-keygen`, a bare
/// remote and several clones; real `swift build`/`swift test` where a record is published.
@Suite("trust anchor end to end", .serialized)
struct TrustAnchorEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    typealias Shared = SharedVerificationEndToEndTests
    static let prepush = PrePushEndToEndTests.prepush

    /// Commits `files` in the clone `folder` and pushes `HEAD` to `branch` without the hook.
    static func commit(
        _ files: [String: String], _ message: String, in folder: String, pushTo branch: String,
        _ repository: Repository
    ) async throws {
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: ((folder + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true
            )
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        try await repository.run("git", ["add", "-A"], in: folder).checked()
        try await repository.run("git", ["commit", "-q", "-m", message], in: folder).checked()
        try await repository.run(
            "git", ["push", "-q", "--no-verify", "origin", "HEAD:refs/heads/\(branch)"], in: folder
        )
        .checked()
    }

    /// `prepush --dry-run` in `folder`: what it says.
    static func dryRun(
        _ repository: Repository, in folder: String, _ arguments: [String] = [], environment: [String: String] = [:]
    ) async throws -> String {
        let run = try await repository.run(
            Self.prepush, ["--dry-run"] + arguments, in: folder, environment: environment)
        #expect(run.succeeded, "\(run.errorText)")
        return run.errorText
    }

    /// Publishes the verification of `folder`'s HEAD, signed with `key`.
    static func publish(_ repository: Repository, in folder: String, key: String) async throws {
        let run = try await repository.run(
            Self.prepush, ["--publish-verification", "origin", "--signing-key", key], in: folder)
        #expect(run.succeeded, "\(run.errorText)")
        #expect(run.errorText.contains("published the verification"), "\(run.errorText)")
    }

    @Test(
        "The allowed-signers file and its path come from the remote's default branch: a commit cannot be its own base, the pushed .preflight.json cannot pick the file, a key removed on main no longer counts through an old base, and CI ignores records unless asked"
    )
    func anchor() async throws {
        var files = Shared.files
        let repository = try await Repository.make(files: [:])
        let ci = try await Shared.key("ci_key", principal: "ci@example.com", in: repository)
        let mallory = try await Shared.key("mallory_key", principal: "mallory@example.com", in: repository)
        let ciNext = try await Shared.key("ci_next_key", principal: "ci@example.com", in: repository)
        files[".preflight/allowed_signers"] = ci.line + "\n"
        // The team's commit-signing file, which lists every teammate.
        files[".gitsigners"] = mallory.line + "\n"
        for (path, text) in files { try repository.write(path, text) }
        try await repository.commit("package")
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let mainCommit = try await repository.run("git", ["rev-parse", "HEAD"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)

        // CI verifies main.
        let ciClone = try await Shared.clone(repository, "ci")
        try await Self.publish(repository, in: ciClone, key: ci.path)

        // Mallory: a commit that lists her key as CI's, pushed past the hook to a side branch, and
        // a record of its tree signed with her key.
        let malloryClone = try await Shared.clone(repository, "mallory")
        try await Self.commit(
            [
                ".preflight/allowed_signers": ci.line + "\n"
                    + mallory.line.replacingOccurrences(
                        of: "mallory@example.com", with: "ci@example.com") + "\n",
                "Sources/Pricing/Pricing.swift": "public func price(_ units: Int) -> Int { units * 3 }\n// mine\n",
            ], "pricing", in: malloryClone, pushTo: "side", repository)
        // Her clone, her configuration: she publishes what she likes.
        try await repository.run("git", ["config", "preflight.trustAnchor", "refs/heads/main"], in: malloryClone)
            .checked()
        try await Self.publish(repository, in: malloryClone, key: mallory.path)
        // And a commit whose .preflight.json points trust at the commit-signing file.
        try await repository.run("git", ["checkout", "-q", "-b", "path", "origin/main"], in: malloryClone).checked()
        try await Self.commit(
            [
                ".preflight.json": #"{"prepush": {"trustedVerifiers": ".gitsigners"}}"# + "\n",
                "Sources/Geometry/Geometry.swift":
                    "public func area(_ w: Int, _ h: Int) -> Int { helper(w) * h }\nprivate func helper(_ x: Int) -> Int { x }\n// mine\n",
            ], "geometry", in: malloryClone, pushTo: "path", repository)
        try await repository.run("git", ["config", "preflight.trustAnchor", "refs/heads/path"], in: malloryClone)
            .checked()
        try await Self.publish(repository, in: malloryClone, key: mallory.path)
        // A tag named like a remote-tracking ref, for a clone whose anchor names a missing one.
        try await repository.run(
            "git", ["push", "-q", "--no-verify", "origin", "path:refs/tags/refs/remotes/origin/release"],
            in: malloryClone
        ).checked()

        // A maintainer fetches everything (notes too) and fast-forwards main to the side branch.
        let maintainer = try await Shared.clone(repository, "maintainer")
        try await repository.run(Self.prepush, ["install"], in: maintainer).checked()
        try await repository.run("git", ["fetch", "-q", "origin"], in: maintainer).checked()
        // A tree CI verified, pushed from a fresh branch: trusted, and the dry run says where
        // trust comes from.
        try await repository.run("git", ["checkout", "-q", "-b", "again", mainCommit], in: maintainer).checked()
        try await repository.run("git", ["commit", "-q", "--allow-empty", "-m", "again"], in: maintainer).checked()
        let trusted = try await Self.dryRun(repository, in: maintainer)
        #expect(
            trusted.contains(
                "trusted signers from refs/remotes/origin/main:.preflight/allowed_signers (refs/remotes/origin/main at "
            ),
            "\(trusted)")
        #expect(trusted.contains("the path from the .preflight.json of refs/remotes/origin/main"), "\(trusted)")
        #expect(trusted.contains("verified by ci@example.com"), "\(trusted)")
        let config = try await repository.run(Self.prepush, ["--print-config", "--json"], in: maintainer)
        #expect(config.outputText.contains("trusted signers from refs/remotes/origin/main"), "\(config.outputText)")

        // CI checks what it is given: a record is not used under CI=true unless asked.
        let underCI = try await Self.dryRun(repository, in: maintainer, environment: ["CI": "true"])
        #expect(!underCI.contains("verified by"), "\(underCI)")
        #expect(underCI.contains("not used under CI"), "\(underCI)")
        let asked = try await Self.dryRun(
            repository, in: maintainer, ["--trust-shared-records"], environment: ["CI": "true"])
        #expect(asked.contains("verified by ci@example.com"), "\(asked)")

        // The path chosen by the pushed .preflight.json: main's names the file.
        try await repository.run("git", ["checkout", "-q", "-B", "path", "origin/path"], in: maintainer).checked()
        let chosenPath = try await Self.dryRun(repository, in: maintainer)
        #expect(!chosenPath.contains("verified by"), "\(chosenPath)")
        #expect(chosenPath.contains("refs/remotes/origin/main:.preflight/allowed_signers"), "\(chosenPath)")
        #expect(chosenPath.contains("ignored, its signing key is not one of the allowed signers"), "\(chosenPath)")

        // A commit as its own base: main fast-forwarded to the side branch the remote has.
        try await repository.run("git", ["checkout", "-q", "-B", "main", "origin/side"], in: maintainer).checked()
        let ownBase = try await Self.dryRun(repository, in: maintainer)
        #expect(!ownBase.contains("verified by"), "\(ownBase)")
        #expect(ownBase.contains("ignored, its signing key is not one of the allowed signers"), "\(ownBase)")
        // Pushed, it is checked (and passes: the check is real, so main may now list her key).
        let pushed = try await repository.run("git", ["push", "origin", "main"], in: maintainer)
        #expect(pushed.succeeded, "\(pushed.errorText)")
        #expect(pushed.errorText.contains("==> build"), "\(pushed.errorText)")
        // And CI on that branch checks it too.
        try await repository.run("git", ["fetch", "-q", "origin"], in: ciClone).checked()
        try await repository.run("git", ["checkout", "-q", "-B", "side", "origin/side"], in: ciClone).checked()
        let ciRun = try await Self.dryRun(repository, in: ciClone, environment: ["CI": "true"])
        #expect(!ciRun.contains("verified by"), "\(ciRun)")

        // A key rotated out on main no longer counts through a base from before the rotation.
        let rotator = try await Shared.clone(repository, "rotator")
        try await Self.commit(
            [".preflight/allowed_signers": ciNext.line + "\n"], "rotate CI's key", in: rotator, pushTo: "main",
            repository)
        try await repository.run("git", ["fetch", "-q", "origin"], in: maintainer).checked()
        try await repository.run("git", ["checkout", "-q", "again"], in: maintainer).checked()
        let rotated = try await Self.dryRun(repository, in: maintainer)
        #expect(!rotated.contains("verified by"), "\(rotated)")
        #expect(rotated.contains("ignored, its signing key is not one of the allowed signers"), "\(rotated)")

        // A ref the team names instead, and an anchor file that is not an allowed-signers file.
        try await repository.run(
            "git", ["config", "preflight.trustAnchor", mainCommit], in: maintainer
        ).checked()
        let named = try await Self.dryRun(repository, in: maintainer)
        #expect(named.contains("name the ref in full"), "\(named)")
        #expect(!named.contains("verified by"), "\(named)")
        // A missing ref is looked up exactly: the tag named refs/remotes/origin/release is not it.
        try await repository.run(
            "git", ["config", "preflight.trustAnchor", "refs/remotes/origin/release"], in: maintainer
        )
        .checked()
        try await repository.run("git", ["checkout", "-q", "path"], in: maintainer).checked()
        let tagged = try await Self.dryRun(repository, in: maintainer)
        #expect(tagged.contains("refs/remotes/origin/release is not here"), "\(tagged)")
        #expect(!tagged.contains("verified by"), "\(tagged)")
        try await repository.run("git", ["checkout", "-q", "again"], in: maintainer).checked()
        try await repository.run("git", ["update-ref", "refs/trusted/ci", mainCommit], in: maintainer).checked()
        try await repository.run("git", ["config", "preflight.trustAnchor", "refs/trusted/ci"], in: maintainer)
            .checked()
        #expect(try await Self.dryRun(repository, in: maintainer).contains("verified by ci@example.com"))
        try await repository.run("git", ["config", "preflight.trustedVerifiers", "Package.swift"], in: maintainer)
            .checked()
        let notSigners = try await Self.dryRun(repository, in: maintainer)
        #expect(notSigners.contains("Package.swift on refs/trusted/ci is not an allowed-signers file"), "\(notSigners)")
        #expect(!notSigners.contains("verified by"), "\(notSigners)")

        // A check by hand checks what it is given.
        try await repository.run("git", ["config", "--unset-all", "preflight.trustedVerifiers"], in: maintainer)
            .checked()
        let byHand = try await repository.run(Self.prepush, [], in: maintainer)
        #expect(byHand.errorText.contains("not used by a check by hand"), "\(byHand.errorText)")
        #expect(byHand.errorText.contains("==> build"), "\(byHand.errorText)")
    }

    @Test(
        "A note cannot stall or stop a push: one entry copied 500 times is checked once, 40 distinct entries cost at most 16 signature checks, a note over 4 MiB (and one of 1.1 GB) is skipped unread, an armour never ended is read in one pass, a notes ref made a blob is replaced by CI's publish, and a push of a blob is no check"
    )
    func boundedNotes() async throws {
        var files = Shared.files
        let repository = try await Repository.make(files: [:])
        let ci = try await Shared.key("ci_key", principal: "ci@example.com", in: repository)
        let rogue = try await Shared.key("rogue_key", principal: "rogue@example.com", in: repository)
        files[".preflight/allowed_signers"] = ci.line + "\n"
        for (path, text) in files { try repository.write(path, text) }
        try await repository.commit("package")
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let tree = try await repository.run("git", ["rev-parse", "HEAD^{tree}"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // Someone made the remote's notes ref a blob: CI's publish replaces it instead of failing.
        let junk = try await repository.run("/bin/sh", ["-c", "echo junk | git hash-object -w --stdin"])
            .checked().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        try await repository.run("git", ["push", "-q", "-f", "origin", "\(junk):refs/notes/preflight"]).checked()
        let ciClone = try await Shared.clone(repository, "ci")
        try await Self.publish(repository, in: ciClone, key: ci.path)
        let type = try await repository.run("git", ["cat-file", "-t", "refs/notes/preflight"], in: repository.remote)
        #expect(type.outputText.hasPrefix("commit"), "\(type.outputText)")
        let dev = try await Shared.clone(repository, "dev")
        try await repository.run(Self.prepush, ["install"], in: dev).checked()
        try await repository.run("git", ["fetch", "-q", "origin"], in: dev).checked()
        try await repository.run("git", ["commit", "-q", "--allow-empty", "-m", "again"], in: dev).checked()
        let (payload, signature) = try await Shared.entry(repository, tree: tree, in: dev)

        // ssh-keygen counted: a stand-in on PATH that notes each call and runs the real one.
        let bin = repository.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let real = try #require(
            ["/usr/bin/ssh-keygen", "/usr/local/bin/ssh-keygen", "/opt/homebrew/bin/ssh-keygen"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        let calls = repository.root + "/ssh-keygen-calls"
        try "#!/bin/sh\necho call >> '\(calls)'\nexec '\(real)' \"$@\"\n".write(
            toFile: bin + "/ssh-keygen", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/ssh-keygen")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        func counted() async throws -> (said: String, calls: Int) {
            try? FileManager.default.removeItem(atPath: calls)
            let said = try await Self.dryRun(repository, in: dev, environment: ["PATH": path])
            let count = (try? String(contentsOfFile: calls, encoding: .utf8))?.split(separator: "\n").count ?? 0
            return (said, count)
        }
        let genuine = try await repository.run("git", ["rev-parse", "refs/notes/preflight"], in: dev).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)

        // 500 copies of CI's entry: one check, and the tree is trusted.
        try await Shared.setNote(
            repository, tree: tree, String(repeating: payload + "\n" + signature, count: 500), in: dev)
        let copies = try await counted()
        #expect(copies.said.contains("verified by ci@example.com"), "\(copies.said)")
        #expect(copies.said.contains("holds more than 20 entries: the first 20 are read"), "\(copies.said)")
        #expect(copies.calls <= 1, "\(copies.calls) ssh-keygen calls")

        // 40 distinct entries a rogue signed, then CI's: at most 16 checks in all.
        var note = ""
        for number in 0..<40 {
            let forged = payload.replacingOccurrences(of: "\"recorded\":\"", with: "\"recorded\":\"\(number)")
            note += forged + "\n" + (try await Shared.sign(forged, key: rogue.path, in: repository))
        }
        try await Shared.setNote(repository, tree: tree, note + payload + "\n" + signature, in: dev)
        let distinct = try await counted()
        #expect(distinct.calls <= 16, "\(distinct.calls) ssh-keygen calls")
        #expect(!distinct.said.contains("verified by"), "\(distinct.said)")

        // A note over 4 MiB: skipped unread, in one line; the check is planned.
        try await Shared.setNote(
            repository, tree: tree, payload + "\n" + signature + String(repeating: "x", count: 4 << 20), in: dev)
        let large = try await counted()
        #expect(large.said.contains("over the 4194304 a note may hold: ignored, unread"), "\(large.said)")
        #expect(large.calls == 0)

        // An armour that never ends, 40,000 lines long: read in one pass.
        try await Shared.setNote(
            repository, tree: tree,
            payload + "\n-----BEGIN SSH SIGNATURE-----\n" + String(repeating: "QUJD\n", count: 40_000), in: dev)
        let unended = try await counted()
        #expect(unended.said.contains("ignored, it is not signed"), "\(unended.said)")

        // A 1.1 GB note (it compresses to about a megabyte): the push still goes through.
        var zeros = Command("/bin/sh", ["-c", "head -c 1100000000 /dev/zero | git hash-object -w --stdin"])
        zeros.workingDirectory = dev
        let blob = try await zeros.run().checked().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        try await repository.run("git", ["update-ref", "refs/notes/preflight", genuine], in: dev).checked()
        try await repository.run(
            "git", ["notes", "--ref", "preflight", "add", "-f", "-C", blob, tree], in: dev
        ).checked()
        let huge = try await counted()
        #expect(huge.said.contains("1100000000 bytes, over the 4194304 a note may hold"), "\(huge.said)")

        // A ref pushed at a blob through the hook: no commit, nothing to check, the push goes.
        let blobPush = try await repository.run(
            "git", ["push", "-f", "origin", "\(blob):refs/notes/other"], in: dev)
        #expect(blobPush.succeeded, "\(blobPush.errorText)")
        #expect(blobPush.errorText.contains("nothing to check"), "\(blobPush.errorText)")
        // And over a ref that holds a commit (the notes): git cannot diff a commit with a blob.
        var other = Command("/bin/sh", ["-c", "echo other | git hash-object -w --stdin"])
        other.workingDirectory = dev
        let otherBlob = try await other.run().checked().outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        let overBlob = try await repository.run(
            "git", ["push", "-f", "origin", "\(otherBlob):refs/notes/preflight"], in: dev)
        #expect(overBlob.succeeded, "\(overBlob.errorText)")
        #expect(overBlob.errorText.contains("the push sends no commit; nothing to check"), "\(overBlob.errorText)")
    }
}
