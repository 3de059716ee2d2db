import Testing

@testable import PrePushKit

private let sha1 = "1111111111111111111111111111111111111111"
private let sha1b = "2222222222222222222222222222222222222222"
private let zero40 = String(repeating: "0", count: 40)
private let sha256 = String(repeating: "ab", count: 32)
private let zero64 = String(repeating: "0", count: 64)

@Suite("git's pre-push contract")
struct PushRequestTests {
    @Test("One branch update")
    func singleUpdate() throws {
        let request = try PushRequest.parse(
            arguments: ["origin", "git@example.com:a/b.git"],
            input: "refs/heads/main \(sha1) refs/heads/main \(sha1b)\n")
        #expect(request.remoteName == "origin")
        #expect(request.updates.count == 1)
        #expect(!request.deletesOnly)
        #expect(!request.updates[0].createsRemoteRef)
    }

    @Test("Several refs; a new remote branch; a deletion among them")
    func severalRefs() throws {
        let input = """
            refs/heads/feature \(sha1) refs/heads/feature \(zero40)
            (delete) \(zero40) refs/heads/old \(sha1b)
            refs/tags/v1 \(sha1b) refs/tags/v1 \(zero40)

            """
        let request = try PushRequest.parse(arguments: ["origin", "/tmp/remote.git"], input: input)
        #expect(request.updates.map(\.isDeletion) == [false, true, false])
        #expect(request.updates[0].createsRemoteRef)
        #expect(request.pushedUpdates.map(\.localRef) == ["refs/heads/feature", "refs/tags/v1"])
        #expect(!request.deletesOnly)
    }

    @Test("Only deletions, in SHA-1 and in SHA-256 repositories")
    func deletionsOnly() throws {
        for (zero, other) in [(zero40, sha1), (zero64, sha256)] {
            let request = try PushRequest.parse(
                arguments: ["origin", "url"], input: "(delete) \(zero) refs/heads/gone \(other)\n")
            #expect(request.deletesOnly)
        }
    }

    @Test("No lines at all is possible and is not 'deletions only'")
    func empty() throws {
        let request = try PushRequest.parse(arguments: ["origin", "url"], input: "")
        #expect(request.updates.isEmpty)
        #expect(!request.deletesOnly)
    }

    @Test("CRLF line ends and blank lines are tolerated")
    func lenient() throws {
        let request = try PushRequest.parse(
            arguments: ["origin", "url"], input: "\r\nrefs/heads/a \(sha1) refs/heads/a \(sha1b)\r\n\n")
        #expect(request.updates.count == 1)
    }

    @Test("The local ref is what the user typed: spaces in it are kept, the fixed fields read from the right")
    func localRefWithSpaces() throws {
        let input = """
            HEAD^{/docs only} \(sha1) refs/heads/docs \(zero40)
            HEAD^{/two  spaces and\ttab} \(sha1b) refs/heads/b \(sha1)
            refs/heads/main \(sha256) refs/heads/main \(zero64)

            """
        let request = try PushRequest.parse(arguments: ["origin", "url"], input: input)
        #expect(
            request.updates == [
                RefUpdate(
                    localRef: "HEAD^{/docs only}", localObject: sha1, remoteRef: "refs/heads/docs", remoteObject: zero40
                ),
                RefUpdate(
                    localRef: "HEAD^{/two  spaces and\ttab}", localObject: sha1b, remoteRef: "refs/heads/b",
                    remoteObject: sha1),
                RefUpdate(
                    localRef: "refs/heads/main", localObject: sha256, remoteRef: "refs/heads/main",
                    remoteObject: zero64),
            ])
        #expect(request.updates[0].createsRemoteRef && !request.updates[0].isDeletion)
    }

    @Test(
        "Malformed input names the line",
        arguments: [
            "refs/heads/a \(sha1) refs/heads/a",
            "refs/heads/a \(sha1) refs/heads/a \(sha1b) extra",
            "refs/heads/a XYZ refs/heads/a \(sha1b)",
            "refs/heads/a \(sha1) refs/heads/a \(sha256)",
            "refs/heads/a \(sha1.uppercased().replacingOccurrences(of: "1", with: "A")) refs/heads/a \(sha1b)",
            // The fixed fields stay strict: one space apart, no local ref, a ref name with a space,
            // a trailing space, an object name where the ref name belongs.
            "refs/heads/a \(sha1)  refs/heads/a \(sha1b)",
            " \(sha1) refs/heads/a \(sha1b)",
            "\(sha1) refs/heads/a \(sha1b)",
            "HEAD^{/x y} \(sha1) refs/heads/a b \(sha1b)",
            "refs/heads/a \(sha1) refs/heads/a \(sha1b) ",
            "refs/heads/a \(sha1) refs/heads/a\u{7F} \(sha1b)",
            "refs/heads/a refs/heads/a \(sha1) \(sha1b)",
        ])
    func malformed(line: String) {
        #expect(throws: PushContractError.malformedLine(number: 2, text: line)) {
            try PushRequest.parse(
                arguments: ["o", "u"], input: "refs/heads/ok \(sha1) refs/heads/ok \(sha1b)\n\(line)\n")
        }
    }

    @Test("Wrong argument count is an error that explains itself")
    func wrongArguments() {
        let error = #expect(throws: PushContractError.self) { try PushRequest.parse(arguments: ["origin"], input: "") }
        #expect(error?.errorDescription?.contains("two arguments") == true)
        #expect(error?.recoverySuggestion != nil)
    }

    @Test("Object names")
    func objectNames() {
        #expect(ObjectName.isValid(sha1) && ObjectName.isValid(sha256))
        #expect(!ObjectName.isValid("abc") && !ObjectName.isValid(sha1 + "1"))
        #expect(ObjectName.isZero(zero40) && ObjectName.isZero(zero64) && !ObjectName.isZero(sha1))
    }
}
