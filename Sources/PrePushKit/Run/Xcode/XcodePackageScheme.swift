import Foundation

/// The scheme that builds and tests a whole Swift package in Xcode, chosen from what
/// `xcodebuild -list -json` prints in the package's folder (`{"workspace": {"name": …, "schemes":
/// [...]}}`, the workspace named after the folder, not the package).
///
/// Xcode makes one scheme per product and, for a package with several products (or none), one
/// named `<package>-Package` that builds every target and runs every test; a package with one
/// product has only the product's scheme, named after it. The schemes of remote dependencies may
/// be listed too, so the choice is by the package's name: `<name>-Package` when listed, else
/// `<name>`, else the only scheme there is.
enum XcodePackageScheme {
    static func choose(listJSON data: Data, packageName: String) throws(XcodeBackendError) -> String {
        let command = "xcodebuild -list -json"
        // `xcodebuild -list -json` in a package's folder prints SwiftPM's resolution lines too.
        guard let document = ToolOutputJSON.document(in: data, opening: UInt8(ascii: "{"))?.value else {
            throw .malformedOutput(command: command, detail: "no JSON object in its output")
        }
        guard let object = document as? [String: Any],
            let container = (object["workspace"] ?? object["project"]) as? [String: Any],
            let schemes = container["schemes"] as? [String]
        else {
            throw .malformedOutput(command: command, detail: "no \"workspace\" object with \"schemes\"")
        }
        for candidate in [packageName + "-Package", packageName] where schemes.contains(candidate) {
            return candidate
        }
        if schemes.count == 1 { return schemes[0] }
        throw .noPackageScheme(package: packageName, schemes: schemes)
    }
}
