/// The three kinds of Apple string catalog files.
enum CatalogFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// `<lang>.lproj/Table.strings`: old-style property list of `"key" = "value";` pairs.
    case strings
    /// `<lang>.lproj/Table.stringsdict`: XML property list of plural (and width/device) rules.
    case stringsdict
    /// `Table.xcstrings`: Xcode's JSON string catalog holding every language.
    case xcstrings

    /// The file name extensions, without the dot (for file discovery).
    static let fileExtensions: [String] = allCases.map(\.rawValue)

    /// The format of a path by its extension, or `nil` when it is not a catalog.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: String(path[path.index(after: dot)...]))
    }
}
