import SwiftParser
import SwiftSyntax

/// One comment as swift-syntax sees it: a trivia piece and where it lies in the file.
struct CommentPiece {
    /// Absolute byte range of the whole piece, delimiters included.
    var range: Range<Int>
    var isBlock: Bool
}

/// Collects every comment piece in the leading and trailing trivia of every token.
final class CommentCollector: SyntaxVisitor {
    private(set) var pieces: [CommentPiece] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        var offset = token.position.utf8Offset
        for piece in token.leadingTrivia {
            record(piece, at: offset)
            offset += piece.sourceLength.utf8Length
        }
        offset = token.endPositionBeforeTrailingTrivia.utf8Offset
        for piece in token.trailingTrivia {
            record(piece, at: offset)
            offset += piece.sourceLength.utf8Length
        }
        return .visitChildren
    }

    private func record(_ piece: TriviaPiece, at offset: Int) {
        let range = offset..<(offset + piece.sourceLength.utf8Length)
        switch piece {
        case .lineComment, .docLineComment:
            pieces.append(CommentPiece(range: range, isBlock: false))
        case .blockComment, .docBlockComment:
            pieces.append(CommentPiece(range: range, isBlock: true))
        default:
            break
        }
    }
}

/// What reading one file gave.
struct FileResult: Sendable {
    struct Finding: Sendable {
        var line: Int
        var column: Int
        var message: String
    }
    var findings: [Finding] = []
    var comments = 0
    /// Pieces whose bytes did not start with `//` or `/*`: a position computed wrongly.
    var misplacedPieces = 0
}

enum CommentReader {
    /// Parses `bytes` as Swift and finds the tags in its comments.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String, matcher: TagMatcher) -> FileResult {
        let tree = Parser.parse(source: bytes)
        let collector = CommentCollector()
        collector.walk(tree)
        var result = FileResult()
        var converter: SourceLocationConverter?
        for piece in collector.pieces {
            result.comments += 1
            let start = piece.range.lowerBound
            guard piece.range.count >= 2, bytes[start] == UInt8(ascii: "/"),
                bytes[start + 1] == UInt8(ascii: piece.isBlock ? "*" : "/")
            else {
                result.misplacedPieces += 1
                continue
            }
            let content = (start + 2)..<(piece.isBlock ? blockContentEnd(bytes, piece.range) : piece.range.upperBound)
            for tag in matcher.tags(in: bytes, content: content, isBlock: piece.isBlock) {
                if converter == nil { converter = SourceLocationConverter(fileName: fileName, tree: tree) }
                let location = converter!.location(for: AbsolutePosition(utf8Offset: tag.offset))
                result.findings.append(.init(line: location.line, column: location.column, message: tag.message))
            }
        }
        return result
    }

    /// Where a block comment's content ends: before its closing `*/`, or at the end of the piece
    /// when the comment never closes.
    private static func blockContentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var depth = 1
        var cursor = range.lowerBound + 2
        while cursor + 1 < range.upperBound {
            if bytes[cursor] == UInt8(ascii: "/") && bytes[cursor + 1] == UInt8(ascii: "*") {
                depth += 1
                cursor += 2
            } else if bytes[cursor] == UInt8(ascii: "*") && bytes[cursor + 1] == UInt8(ascii: "/") {
                depth -= 1
                cursor += 2
                if depth == 0 { return cursor == range.upperBound ? cursor - 2 : range.upperBound }
            } else {
                cursor += 1
            }
        }
        return range.upperBound
    }
}
