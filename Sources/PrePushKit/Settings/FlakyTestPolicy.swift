/// What a test that failed and then passed on a retry (`--retry-failed-tests`) makes of the test
/// step: it passes, the test named as flaky (`pass`, the default), or it fails (`fail`). Either way
/// such a run is never recorded as verified.
package enum FlakyTestPolicy: String, Sendable, Hashable, CaseIterable {
    case pass, fail

    /// The retries a run may ask for.
    static let retries = 0...10
}
