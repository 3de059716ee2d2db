import Foundation

/// The running executable's absolute path, for baking into the hook.
public enum ExecutablePath {
    public static func current() -> String {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
