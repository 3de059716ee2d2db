extension FileDiscovery {
    /// The discovery of a tree walk or git listing, over a list of staged files instead: those of
    /// `candidates` (absolute, as ``StagedIndex`` lists them) under one of `roots` (absolute: a
    /// folder, or a file named explicitly), with the same includes, excludes and skipped folders.
    /// Nothing on disk is read, so a file deleted or changed in the work tree is still taken as
    /// staged.
    package func files(staged candidates: [String], under roots: [String]) -> Result {
        let folders = roots.map { root in
            let canonical = StandardPath.canonical(root)
            return canonical == "/" ? "" : canonical
        }
        let prefixes = folders.map { $0 + "/" }
        var files: [String] = []
        for path in candidates {
            for (folder, prefix) in zip(folders, prefixes) {
                if path == folder {
                    files.append(path)
                    break
                }
                // The name below the folder: by bytes when the path starts with the prefix's bytes
                // (the most of a big index), else as strings compare.
                let relative: String
                if path.utf8.starts(with: prefix.utf8) {
                    relative = String(Substring(path.utf8.dropFirst(prefix.utf8.count)))
                } else {
                    guard path.hasPrefix(prefix) else { continue }
                    relative = String(path.dropFirst(folder.count + 1))
                }
                if isSelected(relative, checkingFolders: true) { files.append(path) }
                break
            }
        }
        // The index lists its files sorted: what is kept of them is sorted too.
        if !zip(files, files.dropFirst()).allSatisfy({ $0 < $1 }) { files.sort() }
        return Result(files: files, problems: [])
    }
}
