import Testing

@testable import ErrorLintKit

/// Which types errorlint sees as LocalizedError, and their cases.
@Suite struct ConformanceTests {
    @Test func conformanceInAnotherFile() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/LoginError.swift": "enum LoginError { case expired, locked(until: Date) }",
            "Sources/App/Localized/LoginError+Text.swift": """
            extension LoginError: LocalizedError {
                var errorDescription: String? { String(localized: "Login failed.") }
            }
            """,
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["LoginError"])
        #expect(types.first?.cases.map(\.name) == ["expired", "locked"])
        #expect(types.first?.implementation(of: .errorDescription) != nil)
    }

    @Test func refiningProtocolWithMembersInProtocolExtension() throws {
        let project = try TemporaryProject(files: [
            "Sources/Kit/DebuggableError.swift": """
            public protocol DebuggableError: LocalizedError { var reason: String { get } }
            protocol LoggedError: DebuggableError {}
            extension DebuggableError {
                public var errorDescription: String? { self.reason }
                public var failureReason: String? { nil }
            }
            """,
            "Sources/Kit/Abort.swift": """
            struct Abort: LoggedError { var reason: String }
            """,
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["Abort"])
        let abort = try #require(types.first)
        #expect(abort.implementation(of: .errorDescription)?.providingProtocol == "DebuggableError")
        // `reason` is a stored property set at initialization: opaque, never guessed.
        if case .opaque = abort.value(of: .errorDescription, for: abort.cases[0]) {
        } else {
            Issue.record(
                "expected an opaque value, got \(String(describing: abort.value(of: .errorDescription, for: abort.cases[0])))"
            )
        }
    }

    @Test func retroactiveConformanceOfAnExternalType() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/URLError+Text.swift": """
            extension URLError: @retroactive LocalizedError {
                public var errorDescription: String? { "Network trouble" }
            }
            """
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["URLError"])
        #expect(types.first?.kind == nil)
    }

    @Test func nestedGenericAndConditionalCompilation() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/Sync.swift": """
            struct Sync<Item> {
                enum Failure: Error, LocalizedError {
                    case conflict(Item)
                    #if os(iOS)
                    case background
                    #else
                    case daemon
                    #endif
                    var errorDescription: String? {
                        switch self {
                        case .conflict: String(localized: "Conflict")
                        #if os(iOS)
                        case .background: String(localized: "Background")
                        #else
                        case .daemon: String(localized: "Daemon")
                        #endif
                        }
                    }
                }
            }
            extension Sync.Failure {
                var failureReason: String? { nil }
            }
            """
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["Sync.Failure"])
        let failure = try #require(types.first)
        #expect(failure.cases.map(\.name) == ["conflict", "background", "daemon"])
        #expect(failure.implementation(of: .failureReason) != nil)
        for errorCase in failure.cases {
            if case .localized = failure.value(of: .errorDescription, for: errorCase) {
            } else {
                Issue.record("\(errorCase.name) is not localized")
            }
        }
    }

    @Test func superclassConformanceAndMembers() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/Errors.swift": """
            class AppError: LocalizedError {
                var errorDescription: String? { String(localized: "Something went wrong.") }
            }
            final class UploadError: AppError {}
            """
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["AppError", "UploadError"])
        #expect(types.last?.implementation(of: .errorDescription)?.isInherited == true)
    }

    @Test func onlyErrorTypesAreIgnoredUnlessTheyDeclareLocalizedDescription() throws {
        let project = try TemporaryProject(files: [
            "Sources/App/Errors.swift": """
            enum ParseError: Error { case eof }
            enum LoadError: Error {
                case missing
                var localizedDescription: String { "Missing" }
            }
            """
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["LoadError"])
        #expect(types.first?.isLocalizedError == false)
    }

    @Test func sameNameInTwoModulesDoesNotMix() throws {
        let project = try TemporaryProject(files: [
            "Sources/A/ParserError.swift": "enum ParserError: LocalizedError { case a }",
            "Sources/B/ParserError.swift": "enum ParserError: Error { case b }",
            "Sources/B/ParserError+Text.swift": """
            extension ParserError { var errorDescription: String? { String(localized: "B") } }
            """,
        ])
        let types = project.errorTypes()
        #expect(types.map(\.name) == ["ParserError"])
        #expect(types.first?.cases.map(\.name) == ["a"])
        #expect(types.first?.implementation(of: .errorDescription) == nil)
    }
}
