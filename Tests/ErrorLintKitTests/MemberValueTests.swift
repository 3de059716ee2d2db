import ErrorLintSettings
import PreflightCore
import Testing

@testable import ErrorLintKit

/// What errorlint reads from member bodies.
@Suite struct MemberValueTests {
    private func type(_ source: String) throws -> LocalizedErrorType {
        try #require(TemporaryProject(files: ["Sources/App/Errors.swift": source]).errorTypes().first)
    }

    private func kind(_ value: TextValue?) -> String {
        switch value {
        case .localized(let reference)?: "localized(\(reference.key ?? "?"), \(reference.tableName))"
        case .literal(let text, _)?: "literal(\(text))"
        case .interpolated(let text, _)?: "interpolated(\(text.literalText) | \(text.displayText))"
        case .absent?: "nil"
        case .forward(let property, _)?: "forward(\(property))"
        case .opaque?: "opaque"
        case .combination(let parts)?: "any(" + parts.map { kind($0) }.joined(separator: ", ") + ")"
        case nil: "none"
        }
    }

    private func values(_ type: LocalizedErrorType, _ member: ErrorMember = .errorDescription) -> [String] {
        type.cases.map { "\($0.name)=\(kind(type.value(of: member, for: $0)))" }
    }

    @Test func switchExpressionWithoutReturn() throws {
        let error = try type(
            """
            enum E: LocalizedError {
                case a, b(Int), c
                var errorDescription: String? {
                    switch self {
                    case .a, .b: String(localized: "ab")
                    case .c: NSLocalizedString("c.key", tableName: "Errors", comment: "")
                    }
                }
            }
            """)
        #expect(
            values(error) == [
                "a=localized(ab, Localizable)", "b=localized(ab, Localizable)", "c=localized(c.key, Errors)",
            ])
    }

    @Test func defaultReturnNilHidesCases() throws {
        let error = try type(
            """
            enum E: LocalizedError {
                case a, b, c
                var errorDescription: String? {
                    switch self {
                    case .a: return String(localized: "a")
                    default: return nil
                    }
                }
            }
            """)
        #expect(values(error) == ["a=localized(a, Localizable)", "b=nil", "c=nil"])
    }

    @Test func defaultBreakFallsThroughToTheReturnAfterTheSwitch() throws {
        let error = try type(
            """
            enum E: LocalizedError {
                case a, b
                var errorDescription: String? {
                    switch self {
                    case .a: return "A"
                    default: break
                    }
                    return nil
                }
            }
            """)
        #expect(values(error) == ["a=literal(A)", "b=nil"])
    }

    @Test func bindingsQualifiedPatternsAndReturnSwitch() throws {
        let error = try type(
            """
            enum E: LocalizedError {
                case a(String), b(code: Int), c
                var errorDescription: String? {
                    return switch self {
                    case let .a(name): "Hello \\(name)"
                    case E.b(let code): String(format: NSLocalizedString("b %d", comment: ""), code)
                    case Self.c: nil
                    }
                }
            }
            """)
        #expect(
            values(error) == [
                "a=interpolated(Hello  | Hello \\(name))", "b=localized(b %d, Localizable)", "c=nil",
            ])
    }

    @Test func forwardsToAnotherPropertyPerCase() throws {
        let error = try type(
            """
            enum E: LocalizedError, CustomStringConvertible {
                case a, b
                var errorDescription: String? { self.description }
                var failureReason: String? { detail }
                var description: String {
                    switch self {
                    case .a: String(localized: "A")
                    case .b: "B"
                    }
                }
                let detail: String = "stored"
            }
            """)
        #expect(values(error) == ["a=localized(A, Localizable)", "b=literal(B)"])
        #expect(values(error, .failureReason) == ["a=literal(stored)", "b=literal(stored)"])
    }

    @Test func localizationAPIs() throws {
        let error = try type(
            """
            enum E: LocalizedError {
                case a, b, c, d, e
                var errorDescription: String? {
                    switch self {
                    case .a: String(localized: "Hi \\(name)", table: "Errors", comment: "c")
                    case .b: String(localized: LocalizedStringResource("res.key", defaultValue: "Res"))
                    case .c: Bundle.module.localizedString(forKey: "bundle.key", value: nil, table: "T")
                    case .d: NSLocalizedString(key, comment: "")
                    case .e: flag ? String(localized: "yes") : "no"
                    }
                }
            }
            """)
        #expect(
            values(error) == [
                "a=localized(Hi %@, Errors)", "b=localized(res.key, Localizable)", "c=localized(bundle.key, T)",
                "d=localized(?, Localizable)", "e=any(localized(yes, Localizable), literal(no))",
            ])
    }

    @Test func signaturesFoundationIgnores() throws {
        let error = try type(
            """
            struct E: LocalizedError {
                var errorDescription: String { "x" }
                static var failureReason: String? { nil }
                var recoverySuggestion: Optional<String> { nil }
            }
            """)
        #expect(error.implementation(of: .errorDescription) == nil)
        #expect(error.malformedDeclarations(of: .errorDescription).count == 1)
        #expect(error.implementation(of: .failureReason) == nil)
        #expect(error.implementation(of: .recoverySuggestion) != nil)
    }
}
