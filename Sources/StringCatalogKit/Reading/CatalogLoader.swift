import Foundation
import PreflightCore

/// Reads catalog files into one ``CatalogSet``. A file that cannot be read is reported and left
/// out; the others are still read.
package enum CatalogLoader {
    /// What loading found: the catalogs, and the files that could not be read (the tool reports
    /// these and exits 2, after checking everything else).
    package struct Result: Sendable {
        package var catalogs: CatalogSet
        package var problems: [CatalogReadError]
    }

    /// Reads every `.strings`, `.stringsdict` and `.xcstrings` file of `paths` (other paths are
    /// ignored) on all cores and merges them by table (the file name without its extension).
    ///
    /// The language of a `.strings`/`.stringsdict` file is its nearest `<lang>.lproj` folder
    /// (`Base.lproj` gives `Base`); outside one it is `developmentLanguage`. Files of the same table
    /// and language merge; for a key in both, the `.stringsdict` value wins (as in Foundation),
    /// otherwise the later file. A table's source language is its xcstrings `sourceLanguage`, else
    /// `developmentLanguage`.
    /// A file over `maximumFileSize` bytes is not read: it comes back as
    /// ``CatalogReadError/tooLarge(path:size:)``.
    /// `source` says where the files are read: the work tree, or git's index (`--staged`).
    package static func load(
        _ paths: [String], developmentLanguage: String = "en", maximumFileSize: Int = 64 << 20,
        source: ContentSource = .workTree
    ) -> Result {
        let catalogPaths = paths.filter { CatalogFormat(path: $0) != nil }
        let parsed = catalogPaths.parallelMap(chunkSize: 1) {
            // One file per chunk: catalogs are few and can be megabytes each.
            read($0, developmentLanguage: developmentLanguage, maximumFileSize: maximumFileSize, source: source)
        }
        var problems: [CatalogReadError] = []
        var catalogs = CatalogSet(developmentLanguage: developmentLanguage)
        for result in parsed {
            switch result {
            case .success(let file): merge(file, into: &catalogs)
            case .failure(let problem): problems.append(problem)
            }
        }
        return Result(catalogs: catalogs, problems: problems)
    }

    /// Reads and parses one file.
    static func read(
        _ path: String, developmentLanguage: String, maximumFileSize: Int = 64 << 20,
        source: ContentSource = .workTree
    ) -> Swift.Result<ParsedCatalogFile, CatalogReadError> {
        guard let format = CatalogFormat(path: path) else {
            return .failure(.unreadable(path: path, reason: "not a .strings, .stringsdict or .xcstrings file"))
        }
        let bytes: [UInt8]
        do {
            bytes = try source.read(path, limit: maximumFileSize)
        } catch {
            if case .tooLarge(_, let size, _) = error { return .failure(.tooLarge(path: path, size: size)) }
            return .failure(.unreadable(path: path, reason: error.reason))
        }
        return parse(Data(bytes), format: format, path: path, developmentLanguage: developmentLanguage)
    }

    /// Parses one file's bytes as `format` (the fuzz targets in `Fuzz/` call this directly).
    static func parse(
        _ data: Data, format: CatalogFormat, path: String, developmentLanguage: String
    ) -> Swift.Result<ParsedCatalogFile, CatalogReadError> {
        let table = tableName(of: path)
        let language = lprojLanguage(of: path) ?? developmentLanguage
        do throws(CatalogReadError) {
            switch format {
            case .xcstrings:
                return .success(try XCStringsReader.read(bytes: [UInt8](data), path: path, table: table))
            case .stringsdict:
                return .success(try StringsDictReader.read(data: data, path: path, table: table, language: language))
            case .strings:
                let bytes = [UInt8](data)
                let file =
                    PropertyListStrings.isPropertyList(bytes)
                    ? try PropertyListStrings.parse(data, path: path)
                    : try StringsFileParser.parse(fileBytes: bytes, path: path)
                return .success(strings(file, path: path, table: table, language: language))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The file name without its extension: the table name.
    static func tableName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The language of the nearest enclosing `<lang>.lproj` folder.
    static func lprojLanguage(of path: String) -> String? {
        let folders = path.split(separator: "/").dropLast()
        guard let folder = folders.last(where: { $0.hasSuffix(".lproj") }) else { return nil }
        let language = folder.dropLast(".lproj".count)
        return language.isEmpty ? nil : String(language)
    }

    private static func strings(
        _ file: StringsFile, path: String, table: String, language: String
    )
        -> ParsedCatalogFile
    {
        let entries = file.entries.map { pair in
            let unit = CatalogUnit(value: pair.value, location: pair.location)
            let localization = CatalogLocalization(
                language: language, content: .unit(unit), location: pair.location, format: .strings)
            return CatalogEntry(
                key: pair.key, table: table, localizations: [language: localization], locations: [pair.location])
        }
        let duplicates = file.duplicates.map {
            DuplicateKey(key: $0.key, table: table, language: language, first: $0.first, duplicate: $0.duplicate)
        }
        return ParsedCatalogFile(
            path: path, format: .strings, table: table, sourceLanguage: nil, languages: [language], entries: entries,
            duplicates: duplicates)
    }

    private static func merge(_ file: ParsedCatalogFile, into catalogs: inout CatalogSet) {
        // Taken out of the set while it changes, so its entries are not copied.
        var table =
            catalogs.tables.removeValue(forKey: file.table)
            ?? CatalogTable(name: file.table, sourceLanguage: file.sourceLanguage ?? catalogs.developmentLanguage)
        table.entries.reserveCapacity(table.entries.count + file.entries.count)
        if let source = file.sourceLanguage, !table.hasStringCatalog { table.sourceLanguage = source }
        table.languages.formUnion(file.languages)
        for language in file.languages { table.files[language, default: []].append(file.path) }
        for entry in file.entries {
            guard var existing = table.entries[entry.key] else {
                table.entries[entry.key] = entry
                continue
            }
            for (language, localization) in entry.localizations {
                if let current = existing.localizations[language], current.format == .stringsdict,
                    localization.format != .stringsdict
                {
                    continue
                }
                existing.localizations[language] = localization
            }
            existing.locations += entry.locations
            existing.comment = existing.comment ?? entry.comment
            existing.extractionState = existing.extractionState ?? entry.extractionState
            existing.shouldTranslate = existing.shouldTranslate && entry.shouldTranslate
            table.entries[entry.key] = existing
        }
        catalogs.tables[file.table] = table
        catalogs.duplicateKeys += file.duplicates
    }
}
