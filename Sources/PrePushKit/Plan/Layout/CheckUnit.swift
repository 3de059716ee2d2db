import Foundation
import PreflightCore

/// A part of a repository that prepush checks on its own: a Swift package (a folder with a tracked
/// `Package.swift`) or an Xcode app (a folder with a project or workspace), each built, tested
/// and measured in its own folder.
struct CheckUnit: Sendable, Hashable, Comparable {
    enum Kind: String, Sendable, Hashable {
        /// A Swift package: SwiftPM builds it (or xcodebuild, when the backend says so).
        case package
        /// An Xcode project or workspace beside the packages: xcodebuild builds it, where it exists.
        case app
    }

    /// The folder, relative to the repository's root; empty for the root itself.
    var path: String
    var kind: Kind

    /// An app's workspace or project, relative to the repository's root, when discovery decided
    /// it (``AppDecision``): an app at the root is named after it. Not part of the unit's identity.
    var container: String?

    init(path: String, kind: Kind, container: String? = nil) {
        self.path = path
        self.kind = kind
        self.container = container
    }

    /// How messages and the summary table name it: its folder; at the root, an app's workspace or
    /// project (`IceCubesApp.xcodeproj`), a package `.`. A folder's name is anyone's who can push:
    /// control characters in it are shown escaped (``VisibleText``), never sent to the terminal.
    var name: String { VisibleText.escaped(folderName) }

    /// ``name`` as the folder has it, for a tool's argument (xcodebuild's default scheme).
    var folderName: String {
        if !path.isEmpty { return path }
        if kind == .app, let container { return (container as NSString).lastPathComponent }
        return "."
    }

    static func == (lhs: CheckUnit, rhs: CheckUnit) -> Bool {
        lhs.path == rhs.path && lhs.kind == rhs.kind
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(kind)
    }

    /// Whether the repository-relative `file` lies in the unit's folder.
    func contains(_ file: String) -> Bool {
        path.isEmpty || file.hasPrefix(path + "/")
    }

    /// The unit's folder under `root` (a work tree or prepush's worktree).
    func folder(in root: String) -> String {
        path.isEmpty ? root : root + "/" + path
    }

    static func < (lhs: CheckUnit, rhs: CheckUnit) -> Bool {
        lhs.path == rhs.path ? lhs.kind.rawValue < rhs.kind.rawValue : lhs.path < rhs.path
    }
}
