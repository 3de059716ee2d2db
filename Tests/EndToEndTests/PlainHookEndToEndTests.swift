import Foundation
import ProcessKit
import Testing

/// `prepush hook <remote> <url>` with no option, as the installed hook runs it, is read without
/// ArgumentParser: the built `prepush` decides such a push exactly as through ArgumentParser (`hook --
/// <remote> <url>`), and any other command line still goes through ArgumentParser.
@Suite("prepush hook without options end to end", .serialized)
struct PlainHookEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test("The same verdict and exit status with and without ArgumentParser; an unknown option is still a usage error")
    func plainAndParsedAgree() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        try await repository.run("git", ["push", "-q", "--no-verify", "origin", "main"]).checked()
        let base = try await repository.run("git", ["rev-parse", "HEAD"]).outputText.trimmingCharacters(in: .newlines)
        try repository.write("NOTES.txt", "notes\n")
        try await repository.commit("docs only")
        let head = try await repository.run("git", ["rev-parse", "HEAD"]).outputText.trimmingCharacters(in: .newlines)
        let line = "refs/heads/main \(head) refs/heads/main \(base)"
        func hook(_ arguments: String) async throws -> ProcessResult {
            try await repository.run(
                "/bin/sh", ["-c", "printf '%s\\n' '\(line)' | '\(Self.prepush)' hook \(arguments)"])
        }

        let plain = try await hook("origin '\(repository.remote)'")
        #expect(plain.succeeded, "\(plain.errorText)")
        #expect(plain.errorText.contains("nothing to check"), "\(plain.errorText)")
        let parsed = try await hook("-- origin '\(repository.remote)'")
        #expect(parsed.succeeded, "\(parsed.errorText)")
        #expect(plain.errorText == parsed.errorText)

        // A pushed deletion alike; an option, or an argument that looks like one, goes through
        // ArgumentParser.
        let deletion = "(delete) \(String(repeating: "0", count: 40)) refs/heads/old \(base)"
        let deleting = try await repository.run(
            "/bin/sh", ["-c", "printf '%s\\n' '\(deletion)' | '\(Self.prepush)' hook origin '\(repository.remote)'"])
        #expect(deleting.succeeded)
        #expect(deleting.errorText == "prepush: the push only deletes refs; nothing to check\n")
        let unknown = try await hook("origin '\(repository.remote)' --no-such-option")
        #expect(unknown.termination == .exited(2), "\(unknown.errorText)")
        #expect(unknown.errorText.contains("--no-such-option"), "\(unknown.errorText)")
        let dash = try await hook("-origin '\(repository.remote)'")
        #expect(dash.termination == .exited(2), "\(dash.errorText)")
    }
}
