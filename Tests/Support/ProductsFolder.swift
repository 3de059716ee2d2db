import Foundation

/// SwiftPM's products folder: where the test code's own bundle is. `Bundle(for:)` names the image
/// a class is in: on Linux the test executable (`…PackageTests.xctest`), on macOS the bundle
/// `…PackageTests.xctest` whichever program loaded it (`argv[0]` there is `xctest` or
/// `swiftpm-testing-helper`, not the tests). A library of its own (`TestSupport`), linked into every
/// test target that needs it, so its code is in the tests' image.
package enum ProductsFolder {
    package static let path: String = {
        let bundle = Bundle(for: Anchor.self)
        var folder = URL(fileURLWithPath: bundle.executablePath ?? bundle.bundlePath).standardizedFileURL
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.path
    }()

    /// A class of the test code, whose bundle is the tests'.
    private final class Anchor {}
}
