import Foundation
import PreflightCore

/// The string catalogs a local package's main-bundle lookups read at run time. An app's package
/// (`Packages/Env` beside `IceCubesApp.xcodeproj`) that calls `String(localized:)` or
/// `NSLocalizedString` without `bundle:`, or with `bundle: .main`, finds its text in the catalogs
/// of the app it is built into; checked against its own (or none) its keys would all look missing,
/// or go unchecked. Text looked up in `Bundle.module` stays with the package's own catalogs.
enum MainBundleCatalogs {
    /// The catalog files of the repository that contains the package at `packageRoot` (an
    /// absolute folder with a `Package.swift`), outside every other package's folder: the app's.
    /// `nil` when `packageRoot` is not a package, or is not inside a larger repository. With
    /// `staged`, the files and manifests are those of git's index.
    static func files(forPackageAt packageRoot: String, staged: StagedIndex? = nil) -> [String]? {
        let manager = FileManager.default
        let stagedFiles = staged.map { Set($0.files) }
        func exists(_ path: String) -> Bool { stagedFiles?.contains(path) ?? manager.fileExists(atPath: path) }
        let package = StandardPath.absolute(packageRoot)
        guard exists(package + "/Package.swift"),
            let repository = repositoryRoot(above: package)
        else { return nil }
        var isPackageFolder: [String: Bool] = [repository: false]
        func insidePackage(_ folder: String) -> Bool {
            if let known = isPackageFolder[folder] { return known }
            let parent = (folder as NSString).deletingLastPathComponent
            let answer =
                exists(folder + "/Package.swift")
                || (parent != folder && folder.hasPrefix(repository + "/") && insidePackage(parent))
            isPackageFolder[folder] = answer
            return answer
        }
        let listed =
            staged.map { FileDiscovery().files(staged: $0.files, under: [repository]) }
            ?? FileDiscovery().files(under: [repository])
        return listed.files.filter { path in
            ErrorLintAnalysis.catalogExtensions.contains((path as NSString).pathExtension)
                && !insidePackage((path as NSString).deletingLastPathComponent)
        }
    }

    /// The work tree's root of the git repository `folder` is inside, when that is above `folder`
    /// (a `.git` folder or file in a parent); `nil` when `folder` is the root or in none.
    static func repositoryRoot(above folder: String) -> String? {
        var info = stat()
        if lstat(folder + "/.git", &info) == 0 { return nil }
        var current = (folder as NSString).deletingLastPathComponent
        while !current.isEmpty {
            if lstat(current + "/.git", &info) == 0 { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { return nil }
            current = parent
        }
        return nil
    }
}
