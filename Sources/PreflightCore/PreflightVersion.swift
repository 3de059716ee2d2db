/// The suite's version, printed by `--version` and written into SARIF and JSON reports.
package enum PreflightVersion {
    package static let current = "0.1.0"
    /// Where the suite's documentation lives.
    package static let informationURI = "https://github.com/preflight-swift/preflight"
}
