import Foundation
import ProcessKit
import Testing

/// Verification shared through git (issue 28): two CI clones publish signed records to the bare
/// remote's `refs/notes/preflight` at once, with real `ssh-keygen` keys; fresh clones with the
/// notes fetched skip a tree CI verified, use CI's test passes as their selection baseline, and
/// ignore every record they must not trust. Real `swift build`/`swift test` on a small package.
@Suite("shared verification end to end", .serialized)
struct SharedVerificationEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    static let files: [String: String] = [
        "Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shapes",
            targets: [
                .target(name: "Geometry"), .target(name: "Pricing"),
                .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
                .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
            ])
        """,
        // A private function: a profile names it by its absolute path, which differs per clone.
        "Sources/Geometry/Geometry.swift":
            "public func area(_ w: Int, _ h: Int) -> Int { helper(w) * h }\nprivate func helper(_ x: Int) -> Int { x }\n",
        "Sources/Pricing/Pricing.swift": "public func price(_ units: Int) -> Int { units * 3 }\n",
        "Tests/GeometryTests/GeometryTests.swift":
            "import Geometry\nimport XCTest\nfinal class GeometryTests: XCTestCase {\n    func testArea() { XCTAssertEqual(area(2, 3), 6) }\n}\n",
        "Tests/PricingTests/PricingTests.swift":
            "import Pricing\nimport Testing\n@Test func prices() { #expect(price(2) == 6) }\n",
        ".preflight.json": #"{"prepush": {"trustedVerifiers": ".preflight/allowed_signers"}}"# + "\n",
    ]

    /// A key pair in `folder` (`name`, `name.pub`) and its allowed-signers line for `principal`.
    static func key(
        _ name: String, principal: String, in repository: Repository
    ) async throws -> (
        path: String, line: String
    ) {
        let path = repository.root + "/" + name
        try await repository.run(
            "ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", principal, "-f", path], in: repository.root
        ).checked()
        let pub = try String(contentsOfFile: path + ".pub", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return (path, principal + " " + pub)
    }

    /// A clone of the remote at `branch` in `name`.
    static func clone(_ repository: Repository, _ name: String, branch: String = "main") async throws -> String {
        let folder = repository.root + "/" + name
        try await repository.run("git", ["clone", "-q", "-b", branch, repository.remote, folder], in: repository.root)
            .checked()
        return folder
    }

    /// The total coverage figure of a run's table.
    static func total(_ text: String) -> String? { AffectedTestsEndToEndTests.total(text) }

    /// The payload line and the signature of the first entry of the note on `tree`.
    static func entry(_ repository: Repository, tree: String, in folder: String) async throws -> (String, String) {
        let note = try await repository.run("git", ["notes", "--ref", "preflight", "show", tree], in: folder)
        try note.checked()
        let text = note.outputText
        let payload = String(text.split(separator: "\n").first { $0.hasPrefix("{") } ?? "")
        let begin = try #require(text.range(of: "-----BEGIN SSH SIGNATURE-----"))
        let end = try #require(text.range(of: "-----END SSH SIGNATURE-----"))
        return (payload, String(text[begin.lowerBound..<end.upperBound]) + "\n")
    }

    /// Replaces the note on `tree` in `folder`'s local notes ref.
    static func setNote(_ repository: Repository, tree: String, _ text: String, in folder: String) async throws {
        let file = repository.root + "/note-\(UUID().uuidString)"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try await repository.run("git", ["notes", "--ref", "preflight", "add", "-f", "-F", file, tree], in: folder)
            .checked()
    }

    /// `payload` signed with the key at `key`, as ssh-keygen armours it.
    static func sign(_ payload: String, key: String, in repository: Repository) async throws -> String {
        var command = Command("ssh-keygen", ["-q", "-Y", "sign", "-f", key, "-n", "preflight-verification"])
        command.standardInput = .bytes(Array(payload.utf8))
        return try await command.run().checked().outputText
    }

    @Test(
        "CI publishes signed records (two jobs at once, both kept); a fresh clone skips a tree CI verified, naming the signer, and selects tests from CI's passes with a full run's coverage; an unsigned, unlisted, tampered, moved or other-settings record is ignored; a failing check publishes nothing"
    )
    func sharedThroughGit() async throws {
        var files = Self.files
        let repository = try await Repository.make(files: [:])
        let ci = try await Self.key("ci_key", principal: "ci@example.com", in: repository)
        let rogue = try await Self.key("rogue_key", principal: "rogue@example.com", in: repository)
        files[".preflight/allowed_signers"] = ci.line + "\n"
        for (path, text) in files { try repository.write(path, text) }
        try await repository.commit("package")
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        // A branch CI verifies: Pricing grows a function.
        try await repository.run("git", ["checkout", "-q", "-b", "feature"]).checked()
        try repository.write(
            "Sources/Pricing/Pricing.swift",
            "public func price(_ units: Int) -> Int { units * 3 }\npublic func free() -> Int { 0 }\n")
        try await repository.commit("free")
        try await repository.run("git", ["push", "-q", "origin", "feature"]).checked()
        // A branch whose test fails.
        try await repository.run("git", ["checkout", "-q", "-b", "broken", "main"]).checked()
        try repository.write("Sources/Pricing/Pricing.swift", "public func price(_ units: Int) -> Int { units * 4 }\n")
        try await repository.commit("broken")
        try await repository.run("git", ["push", "-q", "origin", "broken"]).checked()
        let mainTree = try await repository.run("git", ["rev-parse", "main^{tree}"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let featureTree = try await repository.run("git", ["rev-parse", "feature^{tree}"]).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)

        // Two CI jobs publish at once: both records are kept.
        let ciMain = try await Self.clone(repository, "ci-main")
        let ciFeature = try await Self.clone(repository, "ci-feature", branch: "feature")
        // Only commits on the trust anchor are published (the default branch, reviewed code): this
        // job's team trusts its feature branch's CI too, and says so.
        try await repository.run(
            "git", ["config", "preflight.trustAnchor", "refs/remotes/origin/feature"], in: ciFeature
        ).checked()
        let publish = ["--publish-verification", "origin", "--signing-key", ci.path]
        async let first = repository.run(Self.prepush, publish, in: ciMain)
        async let second = repository.run(
            Self.prepush, ["--publish-verification", "origin"], in: ciFeature,
            environment: ["PREFLIGHT_SIGNING_KEY": ci.path])
        let (mainRun, featureRun) = try await (first, second)
        #expect(mainRun.succeeded, "\(mainRun.errorText)")
        #expect(featureRun.succeeded, "\(featureRun.errorText)")
        #expect(mainRun.errorText.contains("prepush: published the verification of tree \(mainTree.prefix(12))"))
        let notes = try await repository.run(
            "git", ["ls-tree", "--name-only", "refs/notes/preflight"], in: repository.remote)
        #expect(notes.outputText.contains(mainTree), "\(notes.outputText)")
        #expect(notes.outputText.contains(featureTree), "\(notes.outputText)")
        #expect(notes.outputText.contains("profiles"), "\(notes.outputText)")
        let published = try await repository.run("git", ["rev-parse", "refs/notes/preflight"], in: repository.remote)
            .outputText

        // A failing check publishes nothing.
        try await repository.run("git", ["fetch", "-q", "origin"], in: ciFeature).checked()
        try await repository.run("git", ["checkout", "-q", "-b", "broken", "origin/broken"], in: ciFeature).checked()
        // Not on the anchor: refused before anything is built.
        let unreviewed = try await repository.run(Self.prepush, publish, in: ciFeature)
        #expect(unreviewed.termination == .exited(2), "\(unreviewed.errorText)")
        #expect(unreviewed.errorText.contains("is not published: it is not on refs/remotes/origin/feature"))
        #expect(!unreviewed.errorText.contains("==> build"), "\(unreviewed.errorText)")
        try await repository.run(
            "git", ["config", "preflight.trustAnchor", "refs/remotes/origin/broken"], in: ciFeature
        ).checked()
        let broken = try await repository.run(Self.prepush, publish, in: ciFeature)
        #expect(broken.termination == .exited(1), "\(broken.errorText)")
        #expect(!broken.errorText.contains("published"))
        #expect(
            try await repository.run("git", ["rev-parse", "refs/notes/preflight"], in: repository.remote).outputText
                == published)

        // A fresh clone: install adds the fetch refspec, a plain fetch brings the notes.
        let dev = try await Self.clone(repository, "dev")
        try await repository.run(Self.prepush, ["install"], in: dev).checked()
        try await repository.run("git", ["fetch", "-q", "origin"], in: dev).checked()
        #expect(
            try await repository.run("git", ["rev-parse", "refs/notes/preflight"], in: dev).outputText == published)
        // The feature squashed onto main: a new commit whose tree CI verified. Pushed: skipped in one
        // line naming the signer, nothing built.
        try await repository.run("git", ["checkout", "-q", "-b", "mine"], in: dev).checked()
        try await repository.run("git", ["merge", "-q", "--squash", "origin/feature"], in: dev).checked()
        try await repository.run("git", ["commit", "-q", "-m", "free, squashed"], in: dev).checked()
        let skipped = try await repository.run("git", ["push", "-q", "origin", "mine"], in: dev)
        #expect(skipped.succeeded, "\(skipped.errorText)")
        #expect(skipped.errorText.contains("verified by ci@example.com"), "\(skipped.errorText)")
        #expect(!skipped.errorText.contains("==> build"), "\(skipped.errorText)")

        // Every record that must not be trusted: the dry run says why, and plans the check.
        let (payload, signature) = try await Self.entry(repository, tree: featureTree, in: dev)
        let genuine = try await repository.run("git", ["rev-parse", "refs/notes/preflight"], in: dev).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func dryRun(_ arguments: [String] = []) async throws -> String {
            let run = try await repository.run(Self.prepush, ["--dry-run"] + arguments, in: dev)
            #expect(run.succeeded, "\(run.errorText)")
            return run.errorText
        }
        #expect(try await dryRun().contains("signed by ci@example.com, trusted"))
        #expect(try await dryRun().contains("verified by ci@example.com"))
        let config = try await repository.run(Self.prepush, ["--print-config", "--json"], in: dev)
        #expect(config.outputText.contains("\"sharedVerification\""), "\(config.outputText)")
        #expect(config.outputText.contains("signed by ci@example.com, trusted"), "\(config.outputText)")
        let tampered = payload.replacingOccurrences(of: "\"tests\":1", with: "\"tests\":9")
        #expect(tampered != payload)
        let rogueSigned = try await Self.sign(payload, key: rogue.path, in: repository)
        let otherToolchain = payload.replacingOccurrences(of: "Swift version ", with: "Swift version 0.")
            .replacingOccurrences(of: featureTree + " ", with: featureTree + " 0")
        let cases: [(note: String, on: String, says: String)] = [
            (payload + "\n", featureTree, "ignored, it is not signed"),
            (payload + "\n" + rogueSigned, featureTree, "ignored, its signing key is not one of the allowed signers"),
            (tampered + "\n" + signature, featureTree, "ignored, its signature does not verify"),
            (
                otherToolchain + "\n" + (try await Self.sign(otherToolchain, key: ci.path, in: repository)),
                featureTree, "so no check here matches it"
            ),
        ]
        for (note, tree, says) in cases {
            try await Self.setNote(repository, tree: tree, note, in: dev)
            let said = try await dryRun()
            #expect(said.contains(says), "\(said)")
            #expect(!said.contains("verified by ci@example.com"), "\(said)")
            try await repository.run("git", ["update-ref", "refs/notes/preflight", genuine], in: dev).checked()
        }
        // CI's record moved onto another tree (main's, by a rogue with write access to the notes).
        try await repository.run("git", ["checkout", "-q", "main"], in: dev).checked()
        try await Self.setNote(repository, tree: mainTree, payload + "\n" + signature, in: dev)
        let moved = try await dryRun()
        #expect(moved.contains("ignored, it is the record of another tree"), "\(moved)")
        try await repository.run("git", ["update-ref", "refs/notes/preflight", genuine], in: dev).checked()
        try await repository.run("git", ["checkout", "-q", "mine"], in: dev).checked()
        // Other options: the record holds for the options CI checked with, not these.
        let otherOptions = try await dryRun(["--min-coverage", "10"])
        #expect(otherOptions.contains("so no check here matches it"), "\(otherOptions)")
        #expect(!otherOptions.contains("verified by ci@example.com"), "\(otherOptions)")
        // A pushed commit that lists its own signer is not trusted: the file is read from what the
        // remote has.
        try String(contentsOfFile: dev + "/.preflight/allowed_signers", encoding: .utf8).appending(rogue.line + "\n")
            .write(toFile: dev + "/.preflight/allowed_signers", atomically: true, encoding: .utf8)
        try "public func price(_ units: Int) -> Int { units * 3 }\npublic func free() -> Int { 1 }\n"
            .write(toFile: dev + "/Sources/Pricing/Pricing.swift", atomically: true, encoding: .utf8)
        try await repository.run("git", ["commit", "-q", "-am", "trust me"], in: dev).checked()
        let selfTree = try await repository.run("git", ["rev-parse", "HEAD^{tree}"], in: dev).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let forged = payload.replacingOccurrences(of: featureTree, with: selfTree)
        try await Self.setNote(
            repository, tree: selfTree, forged + "\n" + (try await Self.sign(forged, key: rogue.path, in: repository)),
            in: dev)
        let selfListed = try await repository.run("git", ["push", "-q", "origin", "mine"], in: dev)
        #expect(!selfListed.errorText.contains("verified by"), "\(selfListed.errorText)")
        #expect(selfListed.errorText.contains("==> build"), "\(selfListed.errorText)")

        // Another fresh clone: a one-module change runs only the test target it can break; CI's
        // pass of the other stands in, and the coverage is a full run's to the hundredth.
        let next = try await Self.clone(repository, "next")
        try await repository.run(Self.prepush, ["install"], in: next).checked()
        try await repository.run("git", ["fetch", "-q", "origin"], in: next).checked()
        try "public func price(_ units: Int) -> Int { units * 3 }\npublic func half(_ p: Int) -> Int { p / 2 }\n"
            .write(toFile: next + "/Sources/Pricing/Pricing.swift", atomically: true, encoding: .utf8)
        try await repository.run("git", ["commit", "-q", "-am", "half"], in: next).checked()
        let selected = try await repository.run("git", ["push", "-q", "origin", "HEAD:refs/heads/half"], in: next)
        #expect(selected.succeeded, "\(selected.errorText)")
        #expect(
            selected.errorText.contains("running PricingTests (affected by the change); skipping GeometryTests"),
            "\(selected.errorText)")
        let selectedTotal = try #require(Self.total(selected.errorText), "\(selected.errorText)")
        let full = try await repository.run(Self.prepush, ["--no-cache"], in: next)
        #expect(full.succeeded, "\(full.errorText)")
        #expect(Self.total(full.errorText) == selectedTotal, "\(full.errorText)")
    }
}
