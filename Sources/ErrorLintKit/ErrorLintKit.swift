/// The localized-error catalog linter's library. The executable `errorlint` only parses arguments
/// and calls it.
public enum ErrorLintKit {
    /// One line that says what the tool does, shared by `--help` and the docs.
    public static let abstract = "Checks that every LocalizedError is described and localized in every language."
}
