import Foundation
import ProcessKit
import Testing

/// Text a pusher supplies reaches the terminal visibly escaped (issue 36): a shared record whose
/// fields hold terminal control sequences, attached to the pushed tree, cannot erase lines or
/// print a fake verdict in `prepush --dry-run`, which still says the record was ignored and why.
@Suite("untrusted text end to end", .serialized)
struct UntrustedTextEndToEndTests {
    typealias Repository = PrePushEndToEndTests.Repository
    static let prepush = PrePushEndToEndTests.prepush

    @Test(
        "A record whose toolchain and platform hold escape sequences: the dry run prints no ESC, CR or bidi override, and says the record was ignored"
    )
    func recordFieldsEscaped() async throws {
        let repository = try await PrePushEndToEndTests.makeRepository()
        let ci = try await SharedVerificationEndToEndTests.key("ci_key", principal: "ci@example.com", in: repository)
        try repository.write(".preflight/allowed_signers", ci.line + "\n")
        try repository.write(
            ".preflight.json", #"{"prepush": {"trustedVerifiers": ".preflight/allowed_signers"}}"# + "\n")
        try await repository.commit("trust CI")
        try await repository.run("git", ["push", "-q", "origin", "main"]).checked()
        let dev = try await SharedVerificationEndToEndTests.clone(repository, "dev")
        try await repository.run("git", ["checkout", "-q", "-b", "mine"], in: dev).checked()
        try "public func add(_ a: Int, _ b: Int) -> Int { b + a }\n"
            .write(toFile: dev + "/Sources/Calc/Calc.swift", atomically: true, encoding: .utf8)
        try await repository.run("git", ["commit", "-q", "-am", "mine"], in: dev).checked()
        let tree = try await repository.run("git", ["rev-parse", "HEAD^{tree}"], in: dev).outputText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // An unsigned entry: printed, with its fields, before any signature is checked.
        let payload =
            #"{"format":"preflight-verification 1","tree":""# + tree
            + #"","recorded":"2026-01-01T00:00:00Z","units":[{"path":"","key":"0","settings":{"#
            + #""toolchain":"Swift\u001b[2K\u001b[1A\rprepush: passed\u001b[8m\u202e\u009b","#
            + #""platform":"linux\u001b]8;;http://example.com\u0007","options":"o","environment":"e"}}],"tests":[]}"#
        try await SharedVerificationEndToEndTests.setNote(repository, tree: tree, payload + "\n", in: dev)

        let run = try await repository.run(Self.prepush, ["--dry-run"], in: dev)
        #expect(run.succeeded, "\(run.errorText)")
        let said = run.outputText + run.errorText
        #expect(!said.utf8.contains(0x1B), "\(said.debugDescription)")
        #expect(!said.utf8.contains(0x0D) && !said.utf8.contains(0x07), "\(said.debugDescription)")
        #expect(!said.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" }, "\(said.debugDescription)")
        let line = try #require(said.split(separator: "\n").first { $0.contains("record on tree") }, "\(said)")
        #expect(
            line.contains(#"made with Swift\u{1B}[2K\u{1B}[1A\u{D}prepush: passed\u{1B}[8m\u{202E}\u{9B}"#), "\(line)")
        #expect(line.contains("ignored"), "\(line)")
        // --print-config says the same, as JSON: nothing raw there either.
        let config = try await repository.run(Self.prepush, ["--print-config", "--json"], in: dev)
        #expect(config.succeeded, "\(config.errorText)")
        #expect(config.outputText.contains("prepush: passed"), "\(config.outputText)")
        #expect(
            !config.outputText.unicodeScalars.contains { $0.value == 0x1B || $0 == "\u{202E}" || $0 == "\u{9B}" },
            "\(config.outputText.debugDescription)")
    }
}
