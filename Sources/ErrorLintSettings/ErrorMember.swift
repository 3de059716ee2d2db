/// The four members `LocalizedError` declares, each `String?` with a default implementation that
/// returns `nil`.
package enum ErrorMember: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case errorDescription
    case failureReason
    case recoverySuggestion
    case helpAnchor

    /// The declaration Foundation looks for; anything else is silently ignored.
    package var expectedDeclaration: String { "var \(rawValue): String?" }

    package static func < (lhs: ErrorMember, rhs: ErrorMember) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
