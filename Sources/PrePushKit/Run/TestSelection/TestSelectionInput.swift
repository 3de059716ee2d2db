import PreflightCore

/// What the test step needs to select the affected test targets of a unit.
struct TestSelectionInput: Sendable {
    /// The tree checked (the commit's): what the test targets' keys are made of.
    var tree: String
    /// `tree`'s listing, when the plan read it (else the selection reads it).
    var listing: TreeListing?
    /// The unit's folder relative to the repository's root.
    var unitPath: String
    /// The repository whose objects `tree` names.
    var repository: GitRepository
    var gitDirectory: String
    /// The folders of the local packages the unit depends on, and of units nested in it.
    var dependencyFolders: [String] = []
    var nestedFolders: [String] = []
    /// The settings part of every key: toolchain, options, and where it is built.
    var settings: String
    /// Why every test must run in one go, when selection cannot hold (printed once).
    var fallback: String?
    /// Passes of test targets from trusted shared records, by key (``SharedRecords``).
    var shared: [String: TestRecords.Record] = [:]

    /// `tree`'s listing: the plan's, else read now.
    func treeListing() async throws -> TreeListing {
        if let listing { return listing }
        return try await TreeListing.read(tree, in: repository)
    }
}
