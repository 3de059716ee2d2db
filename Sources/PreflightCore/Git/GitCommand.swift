import ProcessKit

extension Command {
    /// A `git` command run in `directory`, isolated from the calling repository: the variables a
    /// hook exports (`GIT_DIR`, `GIT_INDEX_FILE`…) are cleared so the directory decides, names are
    /// printed as they are (`core.quotepath=off`), no index refresh collides with the user's own
    /// git, and messages are in English (`LC_ALL=C`) so they can be recognized. Every git call of
    /// the suite goes through here.
    public static func git(_ arguments: [String], in directory: String) -> Command {
        GitRepository.command(arguments, in: directory)
    }
}
