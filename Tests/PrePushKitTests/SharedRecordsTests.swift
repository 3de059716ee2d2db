import Foundation
import ProcessKit
import Testing

@testable import PrePushKit

/// The parts of shared verification that need no repository: the note's entries, the portable
/// profile text, the settings identity and where it comes from.
@Suite("Shared records")
struct SharedRecordsTests {
    @Test("A note's entries: payloads with their signatures, an unsigned one, lines that are neither")
    func entries() {
        let signature = "-----BEGIN SSH SIGNATURE-----\nU1NIU0lH\n-----END SSH SIGNATURE-----\n"
        let note = "{\"a\":1}\n" + signature + "{\"b\":2}\nnoise\n{\"c\":3}\n" + signature
        let (entries, more) = SignedEntry.parse(note)
        #expect(entries.map(\.payload) == ["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"])
        #expect(entries.map { $0.signature != nil } == [true, false, true])
        #expect(!more)
        #expect(SignedEntry.parse(SignedEntry.note(entries)).entries == entries)
        // The first entries only, and whether there are more.
        let (first, rest) = SignedEntry.parse(note, limit: 2)
        #expect(first.map(\.payload) == ["{\"a\":1}", "{\"b\":2}"] && rest)
        #expect(SignedEntry.parse(note, limit: 3).more == false)
    }

    @Test("A hostile note is read in one pass: an armour never ended, one too long, thousands of BEGIN lines")
    func hostileNotes() {
        let signature = "-----BEGIN SSH SIGNATURE-----\nU1NIU0lH\n-----END SSH SIGNATURE-----\n"
        // An armour that never ends swallows no entry after 64 lines, and costs one pass.
        let unended =
            "{\"a\":1}\n-----BEGIN SSH SIGNATURE-----\n" + String(repeating: "QUJD\n", count: 200_000)
            + "{\"b\":2}\n" + signature
        let (entries, _) = SignedEntry.parse(unended)
        #expect(entries.map(\.payload) == ["{\"a\":1}", "{\"b\":2}"])
        #expect(entries.map { $0.signature != nil } == [false, true])
        let begins = "{\"a\":1}\n" + String(repeating: "-----BEGIN SSH SIGNATURE-----\n", count: 20_000) + signature
        #expect(SignedEntry.parse(begins).entries.count == 1)
    }

    @Test("A record's payload is one line of sorted JSON that decodes to the same record")
    func payload() throws {
        let settings = SettingsIdentity(
            toolchain: "Swift 6.3.1\nx86_64", platform: "debian 12", options: "o", environment: "e")
        let record = SharedRecord(
            tree: String(repeating: "a1", count: 20), commit: String(repeating: "c", count: 40),
            recorded: "2026-11-24T00:00:00Z",
            units: [.init(path: "", key: "t 1", settings: settings)],
            tests: [.init(unit: "", target: "GeometryTests", key: "k", tests: 1, profile: "b")])
        let payload = try record.payload()
        #expect(!payload.contains(10))
        #expect(SharedRecord.decode(payload) == record)
        #expect(SharedRecord.decode(Data("{\"format\":\"other\"}".utf8)) == nil)
        // A tree or commit that is no object name (control characters, say) makes no record.
        var hostile = record
        hostile.tree = "\u{1B}[2K" + String(repeating: "a", count: 36)
        #expect(SharedRecord.decode(try hostile.payload()) == nil)
        hostile = record
        hostile.commit = "HEAD"
        #expect(SharedRecord.decode(try hostile.payload()) == nil)
    }

    @Test("An allowed-signers file is wholly one: signers (options, certificate authorities), comments, blank lines")
    func allowedSigners() {
        let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBoaNTe6TagG45DfXbzZRKC4+Up+fe4rUZk9KusUxrKa"
        let good = """
            # CI
            ci@example.com \(key) ci key

            *@example.com,dev@example.org namespaces="preflight-verification",valid-before="20300101" \(key)
            ca@example.com cert-authority \(key)\r
            """
        #expect(AllowedSigners.firstInvalidLine(Array(good.utf8)) == nil)
        #expect(
            AllowedSigners.firstInvalidLine(Array(("# signers\n\nci@example.com " + key + "\nREADME text\n").utf8)) == 4
        )
        // A key field whose blob is of another type, a line without principals.
        #expect(
            AllowedSigners.firstInvalidLine(Array("ci@example.com ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIOMq\n".utf8)) == 1)
        #expect(AllowedSigners.firstInvalidLine(Array((key + "\n").utf8)) == 1)
        #expect(AllowedSigners.firstInvalidLine([0xFF, 0x0A]) == 1)
    }

    @Test("CI is told by CI (not false or 0) or a service's own variable (TeamCity, CodeBuild, GitHub Actions…)")
    func continuousIntegration() {
        #expect(ContinuousIntegration.isRunning(["CI": "true"]))
        #expect(ContinuousIntegration.isRunning(["CI": "TRUE"]))
        #expect(ContinuousIntegration.isRunning(["CI": "1"]))
        #expect(ContinuousIntegration.isRunning(["JENKINS_URL": "https://ci.example.com/"]))
        #expect(ContinuousIntegration.isRunning(["TF_BUILD": "True"]))
        #expect(ContinuousIntegration.isRunning(["TEAMCITY_VERSION": "2025.1"]))
        #expect(ContinuousIntegration.isRunning(["CODEBUILD_BUILD_ID": "x"]))
        // A service's own variable holds whatever CI says.
        #expect(ContinuousIntegration.isRunning(["GITHUB_ACTIONS": "true", "CI": "false"]))
        #expect(!ContinuousIntegration.isRunning(["CI": "false"]))
        #expect(!ContinuousIntegration.isRunning(["CI": "0"]))
        #expect(!ContinuousIntegration.isRunning([:]))
    }

    @Test(
        "The signer's principal is read from a plain allowed-signers line; patterns and options are left to ssh-keygen")
    func principal() async throws {
        let folder = NSTemporaryDirectory() + "signers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try await Command(
            "ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "ci@example.com", "-f", folder + "/key"]
        ).run().checked()
        let key = try String(contentsOfFile: folder + "/key.pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let signature = try await RecordSignature.sign("{}", key: folder + "/key", environment: [:])
        let signers = folder + "/allowed_signers"
        func principal(_ text: String) throws -> String? {
            try text.write(toFile: signers, atomically: true, encoding: .utf8)
            return RecordSignature.principal(of: signature, in: signers)
        }
        #expect(try principal("# the team\nci@example.com,ops@example.com \(key)\n") == "ci@example.com")
        #expect(try principal("*@example.com \(key)\n") == nil)
        #expect(try principal("ci@example.com valid-before=\"20300101\" \(key)\n") == nil)
        #expect(try principal("ci@example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther\n") == nil)
        let verified = await RecordSignature.verify(
            SignedEntry(payload: "{}", signature: signature), signers: signers, scratch: folder, environment: [:])
        #expect(verified == .untrusted("its signing key is not one of the allowed signers"))
        try "ci@example.com \(key)\n".write(toFile: signers, atomically: true, encoding: .utf8)
        #expect(
            await RecordSignature.verify(
                SignedEntry(payload: "{}", signature: signature), signers: signers, scratch: folder, environment: [:])
                == .trusted(signer: "ci@example.com"))
        #expect(
            await RecordSignature.verify(
                SignedEntry(payload: "{ }", signature: signature), signers: signers, scratch: folder, environment: [:])
                != .trusted(signer: "ci@example.com"))
    }

    @Test("Identities that differ say how: toolchain, platform, options, environment")
    func differences() {
        let here = SettingsIdentity(
            toolchain: "Swift 6.3.1\nx86_64", platform: "debian 12", options: "o", environment: "e")
        var there = here
        #expect(here.difference(from: there) == nil)
        there.toolchain = "Swift 6.2\nx86_64"
        #expect(
            here.difference(from: there)?.hasPrefix("another toolchain (Swift 6.2 x86_64; here Swift 6.3.1 x86_64)")
                == true)
        there = here
        there.platform = "ubuntu 24.04"
        #expect(here.difference(from: there)?.hasPrefix("another platform") == true)
        there = here
        there.options = "p"
        #expect(here.difference(from: there)?.hasPrefix("other options") == true)
        there = here
        there.environment = "f"
        #expect(here.difference(from: there)?.hasPrefix("another environment") == true)
        #expect(Set([here, there].map(\.fingerprint)).count == 2)
    }

    @Test("The platform: os-release's ID and VERSION_ID, else SystemVersion.plist's product and version")
    func platform() throws {
        let folder = NSTemporaryDirectory() + "platform-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\nVERSION_ID=\"12\"\n"
            .write(toFile: folder + "/os-release", atomically: true, encoding: .utf8)
        #expect(PlatformIdentity.current(osRelease: folder + "/os-release") == "debian 12")
        // A real macOS SystemVersion.plist's keys (macOS 15.5, build 24F74).
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>ProductBuildVersion</key><string>24F74</string>
        <key>ProductName</key><string>macOS</string><key>ProductVersion</key><string>15.5.1</string></dict></plist>
        """.write(toFile: folder + "/SystemVersion.plist", atomically: true, encoding: .utf8)
        #expect(
            PlatformIdentity.current(osRelease: folder + "/none", systemVersion: folder + "/SystemVersion.plist")
                == "macOS 15.5")
    }

    @Test("An identity is asked once per stamp, kept, and asked again for another stamp")
    func askedOnce() {
        let identities = AskedIdentities(folder: NSTemporaryDirectory() + "identities-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: identities.folder) }
        var asked = 0
        let ask = { () -> String? in
            asked += 1
            return "Swift version 6.3.1\nx86_64-unknown-linux-gnu"
        }
        #expect(identities.identity(stamp: "a", ask: ask) == "Swift version 6.3.1\nx86_64-unknown-linux-gnu")
        #expect(identities.identity(stamp: "a", ask: ask) == "Swift version 6.3.1\nx86_64-unknown-linux-gnu")
        #expect(asked == 1)
        _ = identities.identity(stamp: "b", ask: ask)
        #expect(asked == 2)
        #expect(identities.identity(stamp: "c") { nil } == nil)
    }

    @Test("The toolchain's portable identity is its compiler version and target, the same from any folder")
    func portableToolchain() throws {
        let identities = AskedIdentities(folder: NSTemporaryDirectory() + "identities-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(atPath: identities.folder) }
        let environment = ProcessInfo.processInfo.environment
        let here = ToolchainIdentity.portable(environment: environment, directory: "/", identities: identities)
        #expect(here.contains("Swift version"), "\(here)")
        #expect(here.split(separator: "\n").count == 2, "\(here)")
        #expect(ToolchainIdentity.portable(environment: environment, directory: "/tmp", identities: identities) == here)
    }

    @Test(
        "A portable profile: the root replaced in private functions' names, an explicit bitmap count after each function"
    )
    func portableText() throws {
        // The shape `llvm-profdata merge --text` writes for a Swift test run (Swift 6.3.1).
        let text = """
            $s15LibPackageTests6RunnerV4mainyyFZ
            # Func Hash:
            0
            # Num Counters:
            3
            # Counter Values:
            2
            1
            1

            /work/app/Sources/Lib/Lib.swift:$s3Lib6helper33_0727E756CD55951EFCAFC650B717C6A2LLyS2iF
            # Func Hash:
            0
            # Num Counters:
            1
            # Counter Values:
            1

            """
        let portable = PortableProfile.portable(text, root: "/work/app")
        #expect(portable.contains("\n@PREFLIGHT_ROOT@/Sources/Lib/Lib.swift:$s3Lib6helper"))
        #expect(!portable.contains("/work/app"))
        #expect(portable.components(separatedBy: "\n$0\n").count == 3, "\(portable)")
        let file = NSTemporaryDirectory() + "realized-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: file) }
        try PortableProfile.realize(portable, root: "/elsewhere/clone", into: file)
        let realized = try String(contentsOfFile: file, encoding: .utf8)
        #expect(realized.contains("\n/elsewhere/clone/Sources/Lib/Lib.swift:$s3Lib6helper"))
    }
}
