/// The suite's version, the one constant for all three tools: printed by `--version`, written into
/// SARIF and JSON reports, and checked against a repository's `requiredVersion`. A release is the
/// commit tagged `v` + this (`git clone --branch v0.2.0`).
package enum PreflightVersion {
    package static let current = "0.2.0"
    /// Where the suite's documentation lives.
    package static let informationURI = "https://github.com/preflight-swift/preflight"
}
