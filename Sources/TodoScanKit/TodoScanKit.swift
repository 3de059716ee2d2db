/// The comment-aware TODO/FIXME/ERROR scanner's library. The executable `todoscan` only parses
/// arguments and calls it.
package enum TodoScanKit {
    /// One line that says what the tool does, shared by `--help` and the docs.
    package static let abstract = "Reports TODO, FIXME and ERROR tags in comments as compiler diagnostics."
}
