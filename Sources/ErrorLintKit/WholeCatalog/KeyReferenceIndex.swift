import StringCatalogKit

/// Every literal of the code, for asking whether a catalog key is referred to: a literal that is
/// the key (specifiers compared as `%@`, so `String(localized: "\(count) items")` uses the key
/// `%lld items`) makes it used; a key built at run time whose known pieces fit it (`"error.\(code)"`,
/// `"error." + code`) makes it possibly used. Pieces without a letter (`"\(a) \(b)"`) fit too
/// much to say anything.
struct KeyReferenceIndex: Sendable {
    private var exact: Set<String> = []
    private var byFirstPiece: [String: [[String]]] = [:]
    private var byLastPiece: [String: [[String]]] = [:]
    private var unanchored: [[String]] = []

    init(_ files: [CodeLiterals]) {
        for file in files {
            for literal in file.complete {
                exact.insert(literal)
                exact.insert(CatalogContext.specifiersNormalized(literal))
            }
            for pieces in file.partial where pieces.contains(where: { $0.contains(where: \.isLetter) }) {
                if let first = pieces.first, !first.isEmpty {
                    byFirstPiece[first, default: []].append(pieces)
                } else if let last = pieces.last, !last.isEmpty {
                    byLastPiece[last, default: []].append(pieces)
                } else {
                    unanchored.append(pieces)
                }
            }
        }
    }

    func reference(of key: String) -> KeyReference {
        if exact.contains(key) || exact.contains(CatalogContext.specifiersNormalized(key)) { return .used }
        var prefix = ""
        for character in key {
            prefix.append(character)
            if let patterns = byFirstPiece[prefix], patterns.contains(where: { Self.fits(key, $0) }) {
                return .possiblyUsed
            }
        }
        var suffix = ""
        for character in key.reversed() {
            suffix.insert(character, at: suffix.startIndex)
            if let patterns = byLastPiece[suffix], patterns.contains(where: { Self.fits(key, $0) }) {
                return .possiblyUsed
            }
        }
        return unanchored.contains { Self.fits(key, $0) } ? .possiblyUsed : .unused
    }

    /// Whether `key` starts with the first piece, ends with the last, and holds the others in order
    /// between them.
    static func fits(_ key: String, _ pieces: [String]) -> Bool {
        guard let first = pieces.first, let last = pieces.last, pieces.count >= 2,
            key.hasPrefix(first), key.count >= first.count + last.count, key.hasSuffix(last)
        else { return false }
        var rest = key.dropFirst(first.count).dropLast(last.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
