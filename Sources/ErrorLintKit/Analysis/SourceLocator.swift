import PreflightCore
import SwiftSyntax

/// Turns syntax positions of one file into the 1-based line and column diagnostics print.
struct SourceLocator {
    let path: String
    let converter: SourceLocationConverter
    /// The file's text, for the UTF-16 column of a location.
    let source: String

    init(path: String, tree: SourceFileSyntax, source: String) {
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        self.source = source
    }

    /// Where `node` starts, after its leading trivia (comments and attributes' line breaks).
    func location(of node: some SyntaxProtocol) -> PreflightCore.SourceLocation {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        // The converter counts columns in UTF-8 bytes; the line starts column - 1 bytes back.
        let utf8 = source.utf8
        let lineStart = max(0, location.offset - (location.column - 1))
        let from = utf8.index(utf8.startIndex, offsetBy: lineStart, limitedBy: utf8.endIndex) ?? utf8.endIndex
        let to = utf8.index(from, offsetBy: location.column - 1, limitedBy: utf8.endIndex) ?? utf8.endIndex
        return PreflightCore.SourceLocation(
            path: path, line: location.line, column: location.column,
            utf16Column: PreflightCore.SourceLocation.utf16Column(
                ofByteColumn: location.column, linePrefix: utf8[from..<to]))
    }
}
