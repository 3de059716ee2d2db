import Foundation

/// One line of what git tells a pre-push hook on standard input:
/// `<local ref> SP <local object name> SP <remote ref> SP <remote object name>`, where the local
/// ref is the source as the user typed it and may contain spaces.
struct RefUpdate: Sendable, Hashable {
    /// The local ref pushed (`refs/heads/main`, or as typed: `HEAD^{/docs only}`), or `(delete)`
    /// for a deletion.
    var localRef: String
    /// The commit pushed; all zeros for a deletion.
    var localObject: String
    /// The ref it updates on the remote.
    var remoteRef: String
    /// What the remote has now; all zeros when the remote ref is new.
    var remoteObject: String

    init(localRef: String, localObject: String, remoteRef: String, remoteObject: String) {
        self.localRef = localRef
        self.localObject = localObject
        self.remoteRef = remoteRef
        self.remoteObject = remoteObject
    }

    /// One line as git writes it. The local ref is what the user typed and may hold spaces
    /// (`HEAD^{/docs only}`), so the three fixed fields are read from the right, one space apart:
    /// two object names of one length and a ref name without spaces or control characters; the
    /// rest, not empty, is the local ref.
    /// `nil` when the line does not have that shape.
    init?(line: String) {
        var rest = Substring(line)
        var fixed: [String] = []
        for _ in 0..<3 {
            // By scalar: a space followed by a combining mark is one Character, not a space.
            guard let space = rest.unicodeScalars.lastIndex(of: " ") else { return nil }
            fixed.insert(String(rest.unicodeScalars[rest.unicodeScalars.index(after: space)...]), at: 0)
            rest = Substring(rest.unicodeScalars[..<space])
        }
        let (localObject, remoteRef, remoteObject) = (fixed[0], fixed[1], fixed[2])
        // git refuses ASCII control characters in ref names (git check-ref-format).
        guard !rest.isEmpty, ObjectName.isValid(localObject), ObjectName.isValid(remoteObject),
            localObject.utf8.count == remoteObject.utf8.count, !remoteRef.isEmpty,
            !remoteRef.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else { return nil }
        self.init(localRef: String(rest), localObject: localObject, remoteRef: remoteRef, remoteObject: remoteObject)
    }

    /// The push deletes `remoteRef`.
    var isDeletion: Bool { localRef == "(delete)" || ObjectName.isZero(localObject) }

    /// The remote has no such ref yet.
    var createsRemoteRef: Bool { ObjectName.isZero(remoteObject) }
}

/// What git asked a pre-push hook to allow: the remote and the refs to update.
struct PushRequest: Sendable, Hashable {
    /// The remote's name (or its URL when the push named a URL).
    var remoteName: String
    /// The remote's URL.
    var remoteURL: String
    /// One entry per ref pushed; git may send none.
    var updates: [RefUpdate]

    init(remoteName: String, remoteURL: String, updates: [RefUpdate]) {
        self.remoteName = remoteName
        self.remoteURL = remoteURL
        self.updates = updates
    }

    /// Every update deletes a ref: there is nothing to verify. (No updates at all is not this.)
    var deletesOnly: Bool { !updates.isEmpty && updates.allSatisfy(\.isDeletion) }

    /// The updates that push commits, in git's order.
    var pushedUpdates: [RefUpdate] { updates.filter { !$0.isDeletion } }

    /// Parses git's pre-push contract: `arguments` are the hook's arguments (`<remote> <url>`),
    /// `input` what git wrote on standard input. Object names may be SHA-1 (40 hex digits) or
    /// SHA-256 (64); zeros of either length mark a deletion or a new ref.
    static func parse(arguments: [String], input: String) throws(PushContractError) -> PushRequest {
        guard arguments.count == 2 else { throw .wrongArguments(arguments) }
        var updates: [RefUpdate] = []
        var lineNumber = 0
        // Bytes, not Characters: "\r\n" is one Character and would never split on "\n".
        for rawLine in input.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine[...]
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            let line = String(decoding: bytes, as: UTF8.self)
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let update = RefUpdate(line: line) else { throw .malformedLine(number: lineNumber, text: line) }
            updates.append(update)
        }
        return PushRequest(remoteName: arguments[0], remoteURL: arguments[1], updates: updates)
    }
}

/// Git object names.
enum ObjectName {
    /// 40 (SHA-1) or 64 (SHA-256) lower-case hex digits.
    static func isValid(_ name: String) -> Bool {
        (name.utf8.count == 40 || name.utf8.count == 64)
            && name.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    /// The all-zeros name git uses for "no object", in either length.
    static func isZero(_ name: String) -> Bool {
        isValid(name) && name.utf8.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}

/// Input that does not follow git's pre-push contract.
enum PushContractError: LocalizedError, Sendable, Equatable {
    case wrongArguments([String])
    case malformedLine(number: Int, text: String)

    var errorDescription: String? {
        switch self {
        case .wrongArguments(let arguments):
            "A pre-push hook gets two arguments, the remote and its URL; got \(arguments.count)."
        case .malformedLine(let number, _):
            "Line \(number) of the pre-push input is not '<local ref> <local sha> <remote ref> <remote sha>'."
        }
    }

    var failureReason: String? {
        switch self {
        case .wrongArguments(let arguments):
            "Arguments: \(arguments.map { "'\($0)'" }.joined(separator: " "))."
        case .malformedLine(_, let text):
            "It reads '\(text)'; the last three fields, one space apart, must be an object name, a ref name "
                + "and an object name (40 or 64 hex digits, both of one length)."
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .wrongArguments: "Let git run the hook, or run prepush with no arguments to check the work tree."
        case .malformedLine: "Let git run the hook; it writes this input itself."
        }
    }
}
