/// Reads Apple string catalogs (`.strings`, `.stringsdict`, `.xcstrings`) into one model of tables,
/// keys and per-language values, and checks a key's translations (presence, state, format
/// specifiers, plural categories). errorlint uses it; it does not depend on swift-syntax.
///
/// ```swift
/// let loaded = CatalogLoader.load(paths)                      // files found with FileDiscovery
/// for problem in loaded.problems { report(problem.location, problem.message) }   // exit 2 later
/// let checker = CatalogChecker(catalogs: loaded.catalogs)      // languages: every one present
/// for finding in checker.check(KeyUsage(key: "login.failed", table: "Errors", defaultValue: "Login failed")) {
///     report(finding.location ?? swiftLine, finding.kind.rawValue, finding.message)
/// }
/// let texts = loaded.catalogs.displayTexts(key: "login.failed", table: "Errors")   // for `errorlint catalog`
/// ```
///
/// - Model: ``CatalogSet`` → ``CatalogTable`` → ``CatalogEntry`` → ``CatalogLocalization``
///   (``LocalizedContent``: a ``CatalogUnit`` or ``CatalogVariations``, plus
///   ``CatalogSubstitution``s), every part with its ``PreflightCore/SourceLocation``.
/// - Reading: ``CatalogLoader``, ``CatalogReadError``.
/// - Checks: ``CatalogChecker``, ``KeyUsage``, ``CatalogFinding`` (kind = errorlint rule id),
///   ``MissingKeyCheck``, ``UntranslatedCheck``, ``FormatMismatchCheck``, ``PluralCategoriesCheck``,
///   ``DuplicateKeyCheck``.
/// - Formats and plurals: ``FormatSpecifier``, ``FormatSignature``, ``FormatArgumentClass``,
///   ``PluralRules``.
enum StringCatalogKit {}
