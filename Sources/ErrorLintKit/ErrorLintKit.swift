/// The localized-error catalog linter's library. The executable `errorlint` only parses arguments
/// and calls it.
package enum ErrorLintKit {
    /// One line that says what the tool does, shared by `--help` and the docs.
    package static let abstract = "Checks that every LocalizedError is described and localized in every language."
}
