import PreflightCore
import SwiftSyntax

/// Turns syntax positions of one file into the 1-based line and column diagnostics print.
struct SourceLocator {
    let path: String
    let converter: SourceLocationConverter

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    /// Where `node` starts, after its leading trivia (comments and attributes' line breaks).
    func location(of node: some SyntaxProtocol) -> PreflightCore.SourceLocation {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return PreflightCore.SourceLocation(path: path, line: location.line, column: location.column)
    }
}
