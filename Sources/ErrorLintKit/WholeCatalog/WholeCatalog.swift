import Foundation
import PreflightCore
import StringCatalogKit

/// What `--whole-catalog` finds about every key of the catalogs read: the keys no code refers to
/// (and those a key built at run time may be), the format arguments of every key, and how much of
/// the keys each language has translated.
struct WholeCatalog: Sendable {
    var unused: [CatalogFinding]
    var possiblyUsed: Int
    var keyCount: Int
    var tableCount: Int
    var coverage: [LanguageCoverage]
    var formatFindings: [CatalogFinding]
    /// Where a finding about the catalogs as a whole is reported: the first catalog file.
    var location: SourceLocation

    /// The source extensions whose literals can name a key (a StoreKit configuration is JSON whose
    /// strings name its products' localized keys).
    static let codeExtensions: Set<String> = ["swift", "m", "mm", "h", "c", "cpp", "storekit"]

    /// Reads the literals of `files` (every file the scan found; code and property lists are
    /// read) and checks every key of `catalogs` against them.
    static func read(
        catalogs: CatalogContext, files: [String], catalogFiles: [String], source: ContentSource, maximumFileSize: Int
    ) -> WholeCatalog {
        let readable = files.filter {
            let pathExtension = ($0 as NSString).pathExtension
            return codeExtensions.contains(pathExtension) || pathExtension == "plist"
        }
        let literals = readable.parallelMap(chunkSize: 32) { path -> CodeLiterals in
            guard let bytes = try? source.read(path, limit: maximumFileSize) else { return CodeLiterals() }
            if (path as NSString).pathExtension == "plist" {
                return CodeLiterals.propertyList(String(decoding: bytes, as: UTF8.self))
            }
            return CodeLiterals.swift(bytes)
        }
        let index = KeyReferenceIndex(literals)
        let interfaceNames = Set(
            files.filter { ["storyboard", "xib"].contains(($0 as NSString).pathExtension) }
                .map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        let set = catalogs.catalogs
        let unused = UnusedKeyCheck.findings(in: set, interfaceFiles: interfaceNames, reference: index.reference(of:))
        let first = set.mainFile ?? catalogFiles.sorted().first ?? ""
        return WholeCatalog(
            unused: unused.findings, possiblyUsed: unused.possiblyUsed,
            keyCount: set.tables.values.reduce(0) { $0 + $1.entries.count }, tableCount: set.tables.count,
            coverage: set.coverage(languages: catalogs.languages),
            formatFindings: CatalogChecker(catalogs: set, languages: catalogs.languages).formatFindingsForEveryKey(),
            location: SourceLocation(path: first, line: 1, column: 0))
    }

    /// One line for standard error: the keys, the unused ones, and each language's figure.
    var summary: String {
        let figures = coverage.map { "\($0.language) \($0.percentText) (\($0.translated) of \($0.total))" }
        return "errorlint: whole catalog: \(keyCount) key\(keyCount == 1 ? "" : "s") in \(tableCount) "
            + "table\(tableCount == 1 ? "" : "s"); \(unused.count) unused, \(possiblyUsed) possibly used "
            + "(built at run time, not reported)"
            + (figures.isEmpty ? "" : "; translated: " + figures.joined(separator: ", "))
    }
}
