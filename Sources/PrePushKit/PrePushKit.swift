/// The pre-push runner's library: git's pre-push contract, the build, test and coverage steps,
/// the gates and the hook installer. The executable `prepush` only parses arguments and calls it.
package enum PrePushKit {
    /// One line that says what the tool does, shared by `--help` and the docs.
    package static let abstract = "Builds, tests and measures coverage of a Swift package before git pushes it."
}
