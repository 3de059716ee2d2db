import Testing

@testable import StringCatalogKit

@Test func placeholder() {}
