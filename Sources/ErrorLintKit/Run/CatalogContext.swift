import PreflightCore

/// The string catalogs one run read, and the languages the project ships.
public struct CatalogContext: Sendable {
    public var languages: [String]

    public init(languages: [String]) {
        self.languages = languages
    }

    /// What `reference` says in each language, for the catalog page.
    func texts(for reference: LocalizedStringReference) -> [String: String] { [:] }

    /// Reads `files`; `nil` context when there are none.
    static func load(files: [String], languages: [String]) -> (context: CatalogContext?, problems: [DiscoveryProblem]) {
        guard !files.isEmpty else { return (nil, []) }
        return (CatalogContext(languages: languages), [])
    }
}
