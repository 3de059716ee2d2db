import Foundation
import PreflightCore

extension StepContext {
    /// The path to give a tool run as a process (`errorlint --config PATH`), so that it reads the
    /// check's configuration and never searches the folders above for one: the file itself when it
    /// is on disk as read, else its text (or `{}`, for no file) written into the run's temporary
    /// folder.
    func configurationPath() throws -> String {
        if let configuration, let onDisk = FileManager.default.contents(atPath: configuration.path),
            onDisk == configuration.data
        {
            return configuration.path
        }
        let folder = temporaryDirectory ?? RunTemporaryDirectory.systemTemporaryDirectory
        // Named for what it is, since the step's command line shows it.
        let name = configuration == nil ? "no-configuration.json" : "configuration-\(UUID().uuidString).json"
        let path = folder + "/" + name
        do {
            try (configuration?.data ?? Data("{}\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PrePushError.runFileUnwritable(path, error.localizedDescription)
        }
        return path
    }

    /// ``excludedFolders`` as globs of everything under them (`*`, `?` and `[` in a name matched as
    /// themselves).
    var excludedFolderGlobs: [String] {
        excludedFolders.map { folder in
            var escaped = ""
            for character in folder { escaped += "*?[".contains(character) ? "[\(character)]" : String(character) }
            return escaped + "/**"
        }
    }
}
