import PreflightCore

extension LayoutRequest {
    /// The request of a run started in `directory`: `--package` folders and the start folder made
    /// relative to the repository's root.
    init(place: RepositoryPlace, directory: String, flags: PrePushFlags) {
        let root = PhysicalRoot(place.root)
        func relative(_ path: String) -> String {
            root.relative(StandardPath.absolute(path, relativeTo: directory)) ?? path
        }
        self.init(
            root: place.root, startFolder: relative(directory), packages: flags.packageFolders.map(relative),
            flags: flags)
    }
}
