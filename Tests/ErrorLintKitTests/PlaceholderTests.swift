import Testing

@testable import ErrorLintKit

@Test func placeholder() {}
