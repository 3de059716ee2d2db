import PreflightCore
import SwiftParser
import SwiftSyntax

/// The `errorlint:` suppression comments of a Swift file, found by swift-syntax (so text in a
/// string literal is never taken for one) and read by PreflightCore's one parser.
enum SuppressionCommentReader {
    /// The tool name the comments start with.
    static let tool = "errorlint"

    /// Whether the file's text may hold a suppression comment at all (then it is worth lexing).
    static func mayContain(_ text: String) -> Bool {
        SuppressionComments.mayContain(text, tool: tool)
    }

    /// The suppression comments of `text`, or `nil` when it has none.
    static func directives(in text: String) -> SuppressionComments.Parsed? {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var comments: [SourceComment] = []
        func take(_ piece: TriviaPiece, at position: AbsolutePosition) {
            let content: String
            switch piece {
            case .lineComment(let text), .docLineComment(let text):
                content = String(text.dropFirst(2))
            case .blockComment(let text), .docBlockComment(let text):
                content = String(text.dropFirst(2).dropLast(text.hasSuffix("*/") ? 2 : 0))
            default:
                return
            }
            guard SuppressionComments.mayContain(content, tool: tool) else { return }
            let location = converter.location(for: position)
            comments.append(SourceComment(text: content, line: location.line, column: location.column))
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position
            for piece in token.leadingTrivia {
                take(piece, at: position)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                take(piece, at: position)
                position += piece.sourceLength
            }
        }
        let parsed = SuppressionComments.parse(comments, tool: tool)
        return parsed.directives.isEmpty && parsed.malformed.isEmpty ? nil : parsed
    }
}
