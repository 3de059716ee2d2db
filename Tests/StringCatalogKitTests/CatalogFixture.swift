import Foundation

@testable import PreflightCore
@testable import StringCatalogKit

/// A temporary folder of real catalog files, removed when the fixture is released.
final class CatalogFixture {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `bytes` at `relative` (folders created) and returns the full path.
    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    /// Loads the given files (relative paths).
    func load(_ relatives: [String], developmentLanguage: String = "en") -> CatalogLoader.Result {
        CatalogLoader.load(relatives.map { root + "/" + $0 }, developmentLanguage: developmentLanguage)
    }

    /// Writes one file and loads it alone.
    func loadOne(_ relative: String, _ text: String) throws -> CatalogLoader.Result {
        try write(relative, text)
        return load([relative])
    }
}

/// UTF-16 bytes of `text`, with a byte order mark unless `mark` is false.
func utf16Bytes(_ text: String, bigEndian: Bool, mark: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
        let high = UInt8(unit >> 8)
        let low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

extension CatalogLoader.Result {
    /// The plain value of a key in a language.
    func value(_ key: String, table: String = "Localizable", language: String) -> String? {
        guard case .unit(let unit) = catalogs.entry(key: key, table: table)?.localizations[language]?.content else {
            return nil
        }
        return unit.value
    }
}

/// A one-table xcstrings catalog in JSON, from the `strings` object's text.
func xcstrings(_ strings: String, sourceLanguage: String = "en", version: String = "1.0") -> String {
    """
    {
      "sourceLanguage" : "\(sourceLanguage)",
      "strings" : {
    \(strings)
      },
      "version" : "\(version)"
    }
    """
}
