import ErrorLintSettings
import Foundation
import PreflightCore

/// What errorlint read from a project: its error types and string catalogs, and what it could
/// not read. Both the lint and the `catalog` page start from it.
package struct ErrorLintAnalysis: Sendable {
    var errorTypes: [LocalizedErrorType]
    /// `nil` when no catalog was found or given.
    var catalogs: CatalogContext?
    /// The catalogs of the app a local package is built into, for the text the package looks up in
    /// the main bundle (``MainBundleCatalogs``); `nil` when it is no app's package or looks nothing
    /// up there.
    var mainBundleCatalogs: CatalogContext?
    /// `true` when a catalog file (`.xcstrings`, `.strings`, `.stringsdict`) was found under the
    /// scanned paths (after `include`/`exclude`), under a `--catalog` path, or in the app whose
    /// package this is, readable or not; `false` means the package is not localized.
    var foundCatalogs: Bool { catalogs != nil || mainBundleCatalogs != nil }
    /// Paths that could not be read or parsed, each with the reason (the rest is still checked).
    var problems: [DiscoveryProblem]
    /// Files over the size limit, not read (listed in one line; not an error).
    var skipped: [SkippedFile] = []
    /// How many Swift files were found, and how many of them had to be parsed.
    var swiftFileCount: Int
    var parsedFileCount: Int
    /// Swift files with `errorlint:` suppression comments, by absolute path, with them.
    var directives: [String: SuppressionComments.Parsed] = [:]
    /// Error types left out because they are in code no user sees (``DeveloperCode``), with why;
    /// empty with ``ErrorLintOptions/includesDeveloperCode``.
    var developerCodeTypes: [(type: LocalizedErrorType, reason: String)] = []
    /// What `--whole-catalog` found; `nil` without it or without catalogs.
    var wholeCatalog: WholeCatalog?

    /// The file extensions of string catalogs.
    static let catalogExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// Discovers the files under `options.paths`, reads the Swift sources and the catalogs: from
    /// the work tree, or with `staged` from git's index (every staged file, so every error type
    /// and catalog key the commit would hold is known; absolute paths).
    package static func read(_ options: ErrorLintOptions, staged: StagedIndex? = nil) -> ErrorLintAnalysis {
        read(options, staged: staged, factsCache: nil)
    }

    /// ``read(_:staged:)`` with the repository's ``SourceFactsCache`` when the caller read it
    /// already (``factsCache(for:commonDirectory:)``, while git listed the index); without it, a
    /// staged read reads it here.
    static func read(
        _ options: ErrorLintOptions, staged: StagedIndex?, factsCache: SourceFactsCache.Loaded?
    ) -> ErrorLintAnalysis {
        let discovery = FileDiscovery(
            includes: options.includes.map(Glob.init), excludes: options.excludes.map(Glob.init))
        func files(under roots: [String], discovery: FileDiscovery) -> FileDiscovery.Result {
            guard let staged else { return discovery.files(under: roots) }
            return discovery.files(staged: staged.files, under: roots.map { StandardPath.absolute($0) })
        }
        let found = files(under: options.paths, discovery: discovery)
        // A file whose name is not UTF-8 matters only when it is one errorlint would read.
        var problems = found.problems.filter { problem in
            guard let name = problem.undecodableName else { return true }
            let pathExtension = (name as NSString).pathExtension
            return pathExtension == "swift" || catalogExtensions.contains(pathExtension)
        }
        var swiftFiles: [String] = []
        var catalogFiles: [String] = []
        for path in found.files {
            let pathExtension = Self.pathExtension(path)
            if pathExtension == "swift" {
                swiftFiles.append(path)
            } else if catalogExtensions.contains(pathExtension) {
                catalogFiles.append(path)
            }
        }
        if !options.catalogPaths.isEmpty {
            let extra = files(under: options.catalogPaths, discovery: FileDiscovery())
            problems += extra.problems
            var known = Set(catalogFiles)
            for path in extra.files where catalogExtensions.contains((path as NSString).pathExtension) {
                if known.insert(path).inserted { catalogFiles.append(path) }
            }
        }

        var source = ContentSource.workTree
        // Staged Swift files whose blobs errorlint has seen are read only if a round parses them.
        var cache: SourceFactsCache.Loaded?
        var known: [String: SourceFacts] = [:]
        if let staged {
            cache = factsCache ?? Self.factsCache(for: options, commonDirectory: staged.commonDirectory)
        }
        if let staged, let cache {
            for file in swiftFiles {
                if let object = staged.object(at: file), let facts = cache.read.entries[object] { known[file] = facts }
            }
        }
        if let staged {
            do {
                // Manifests too: DeveloperCode reads them from the index.
                let unknown = swiftFiles.filter { known[$0] == nil || Self.isAlwaysRead($0) }
                source = .index(try staged.loading(unknown + catalogFiles))
            } catch {
                // Nothing is read from the work tree instead: every file is then a problem.
                source = .index(staged)
                problems.append(DiscoveryProblem(path: staged.root, reason: error.localizedDescription))
            }
        }
        let reader = SwiftSourceReader(
            parsesEveryFile: options.parsesEveryFile, maximumFileSize: options.maximumFileSize,
            parseTimeLimit: options.parseTimeLimit, source: source, knownFacts: known)
        let sources = reader.read(paths: swiftFiles)
        problems += sources.problems
        if let staged, let cache {
            Self.keep(sources.learned, of: staged, files: swiftFiles, in: cache)
        }
        let catalogs = CatalogContext.load(
            files: catalogFiles, languages: options.languages, maximumFileSize: options.maximumFileSize,
            source: source)
        problems += catalogs.problems
        var errorTypes = sources.index.errorTypes()
        var developerCodeTypes: [(type: LocalizedErrorType, reason: String)] = []
        // Reading the projects and manifests matters only for the types found (a project costs tens
        // of milliseconds, more than a one-file commit's whole check).
        if !options.includesDeveloperCode, !errorTypes.isEmpty {
            let developerCode = DeveloperCode.find(files: found.files, paths: options.paths, source: source)
            errorTypes = errorTypes.filter { type in
                guard let reason = developerCode.reason(for: type.location.path) else { return true }
                developerCodeTypes.append((type, reason))
                return false
            }
        }
        var analysis = ErrorLintAnalysis(
            errorTypes: errorTypes, catalogs: catalogs.context, problems: problems,
            skipped: sources.skipped + catalogs.skipped, swiftFileCount: swiftFiles.count,
            parsedFileCount: sources.parsedFiles, directives: sources.directives)
        analysis.developerCodeTypes = developerCodeTypes
        if options.wholeCatalog, let context = catalogs.context {
            var codeFiles = found.files
            if staged != nil {
                codeFiles = found.files.filter { (($0 as NSString).pathExtension) == "swift" }
            }
            analysis.wholeCatalog = WholeCatalog.read(
                catalogs: context, files: codeFiles, catalogFiles: catalogFiles, source: source,
                maximumFileSize: options.maximumFileSize)
        }
        // A local package's main-bundle text is in its app's catalogs: read only when it has some.
        if options.paths.count == 1, errorTypes.contains(where: \.looksUpMainBundle),
            let files = MainBundleCatalogs.files(forPackageAt: options.paths[0], staged: staged), !files.isEmpty
        {
            var appSource = source
            if let staged, case .index(let loaded) = source {
                appSource = (try? loaded.loading(files)).map { .index($0) } ?? .index(staged)
            }
            let app = CatalogContext.load(
                files: files, languages: options.languages, maximumFileSize: options.maximumFileSize,
                source: appSource)
            analysis.mainBundleCatalogs = app.context
            analysis.problems += app.problems
            analysis.skipped += app.skipped
        }
        return analysis
    }

    /// The ``SourceFactsCache`` a staged read with `options` uses, in the repository with this
    /// common git directory: `nil` when git did not name one, or when every file is parsed anyway.
    static func factsCache(
        for options: ErrorLintOptions, commonDirectory: String?
    ) -> SourceFactsCache.Loaded? {
        guard !options.parsesEveryFile, !options.wholeCatalog, let commonDirectory else { return nil }
        return SourceFactsCache.load(commonDirectory: commonDirectory)
    }

    /// Whether a staged read reads `path` whatever the cache holds: a manifest or a catalog.
    static func isAlwaysRead(_ path: String) -> Bool {
        path.hasSuffix("/Package.swift") || catalogExtensions.contains(pathExtension(path))
    }

    /// Whether a staged read will read `path`, which the index changes (`isChanged`) or not: a
    /// changed Swift file (its blob is new to the cache), a manifest or a catalog. Read ahead.
    static func isRead(_ path: String, isChanged: Bool) -> Bool {
        (isChanged && pathExtension(path) == "swift") || isAlwaysRead(path)
    }

    /// `NSString`'s path extension, without its cost for the names a big tree is made of: a name
    /// ending in `x.swift` is a Swift file, one with no catalog's ending is neither.
    private static func pathExtension(_ path: String) -> String {
        if path.hasSuffix(".swift"), !path.hasSuffix("/.swift") { return "swift" }
        if !path.hasSuffix("strings"), !path.hasSuffix("stringsdict") { return "" }
        return (path as NSString).pathExtension
    }

    /// Writes the facts of the index's Swift blobs (those kept and those just `learned`) to the
    /// cache when they differ from what it held: blobs no longer staged are dropped, so it holds
    /// at most one entry per staged Swift file.
    private static func keep(
        _ learned: [String: SourceFacts], of staged: StagedIndex, files: [String],
        in cache: SourceFactsCache.Loaded
    ) {
        var kept = SourceFactsCache()
        kept.entries.reserveCapacity(files.count)
        for file in files {
            guard let object = staged.object(at: file) else { continue }
            if let facts = learned[file] ?? cache.read.entries[object] { kept.entries[object] = facts }
        }
        // What was learned is new (a file is read only when its blob is not in the cache), and the
        // rest comes from the cache: the two differ when something was learned or dropped.
        if !learned.isEmpty || kept.entries.count != cache.read.entries.count { kept.write(to: cache.path) }
    }
}
