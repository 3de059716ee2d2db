import PreflightCore

/// `coverageExclude`: globs whose files are left out of the coverage table, the total, every
/// export and the gates alike. A glob matches a package-relative path or the path from the
/// repository's root (a pattern without `/` matches a file's name or any one folder on its path).
struct CoverageExclusion: Sendable, Hashable {
    var globs: [Glob]

    init(_ patterns: [String]) {
        globs = patterns.map(Glob.init)
    }

    func excludes(_ path: String, packagePath: String = ".") -> Bool {
        let repositoryPath = packagePath == "." ? path : packagePath + "/" + path
        return globs.contains { $0.matches(path) || $0.matches(repositoryPath) }
    }
}

extension CoverageSummary {
    /// The summary without the excluded files (targets whose files are all excluded disappear).
    func excluding(_ exclusion: CoverageExclusion, packagePath: String = ".") -> CoverageSummary {
        guard !exclusion.globs.isEmpty else { return self }
        return CoverageSummary(files: files.filter { !exclusion.excludes($0.path, packagePath: packagePath) })
    }
}

extension DiffCoverage {
    /// The diff coverage without the excluded files.
    func excluding(_ exclusion: CoverageExclusion, packagePath: String = ".") -> DiffCoverage {
        var copy = self
        copy.files = files.filter { !exclusion.excludes($0.path, packagePath: packagePath) }
        return copy
    }
}
