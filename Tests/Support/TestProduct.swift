import Foundation

/// SwiftPM's test product of a package, `<products>/<Package>PackageTests.xctest`: one executable
/// file on Linux, run directly; a bundle on macOS, which `swift test` runs through `xctest` and
/// `swiftpm-testing-helper`, its binary in `Contents/MacOS/`. Which one is asked of the file
/// system, so a test asserts what holds on the machine it runs on.
package struct TestProduct: Sendable {
    /// The `.xctest` path.
    package let path: String

    /// The test product of the package named `package` in the products folder `folder`.
    package init(package: String, in folder: String) {
        path = folder + "/" + package + "PackageTests.xctest"
    }

    /// Whether it is a bundle (a folder), as macOS builds it.
    package var isBundle: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The binary `llvm-cov` reads: the file itself, or the one inside the bundle.
    package var binary: String {
        guard isBundle else { return path }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return path + "/Contents/MacOS/" + name
    }

    /// Whether the tests can run on their own, without `swift test` (Linux's plain executable).
    package var runsDirectly: Bool {
        !isBundle && FileManager.default.isExecutableFile(atPath: path)
    }
}
