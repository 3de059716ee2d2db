/// The module a source file belongs to, guessed from SwiftPM's layout: the folder after the last
/// `Sources`, `Tests` or `Plugins` component (`pkg/Sources/App/Errors.swift` → `pkg/Sources/App`).
/// Files outside that layout (an Xcode project) share the scope of their root.
///
/// Type names are looked up in the same scope first, so two packages scanned together (or two
/// modules of one package) that both declare `ParserError` do not mix.
enum SourceScope {
    static func of(_ path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard
            let index = components.dropLast().lastIndex(where: {
                $0 == "Sources" || $0 == "Tests" || $0 == "Plugins"
            }), index + 1 < components.count - 1
        else { return "" }
        return components[...(index + 1)].joined(separator: "/")
    }

    /// The package part of a scope (everything before its `Sources`/`Tests`/`Plugins` folder).
    static func package(of scope: String) -> Substring {
        guard let range = scope.range(of: "/", options: .backwards) else { return "" }
        let parent = scope[..<range.lowerBound]
        return parent.range(of: "/", options: .backwards).map { parent[..<$0.lowerBound] } ?? ""
    }

    /// The module name of a scope (its last folder: `Packages/Kit/Sources/TextFind` → `TextFind`);
    /// empty outside SwiftPM's layout.
    static func module(of scope: String) -> Substring {
        scope.split(separator: "/").last ?? ""
    }
}
