import SwiftSyntax

/// Reads what a block of statements returns: its single expression (an implicit return), or
/// every `return` in it (closures and nested functions excluded), combined.
struct BodyReader {
    let locator: SourceLocator

    func value(of statements: CodeBlockItemListSyntax) -> TextValue {
        let expressions = Self.returnedExpressions(of: statements)
        if expressions.isEmpty {
            return .opaque("a body without a return", locator.location(of: statements))
        }
        let reader = TextValueReader(locator: locator)
        let values = expressions.map { reader.value(of: $0) }
        return values.count == 1 ? values[0] : .combination(values)
    }

    /// The expressions a body gives back: the only item when it is an expression (implicit
    /// return), else the operands of its `return` statements.
    static func returnedExpressions(of statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        if statements.count == 1, let only = expression(of: statements.first!) {
            return [only]
        }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.expressions
    }

    /// The expression an item is, unwrapping `ExpressionStmtSyntax` (`switch`/`if` as statements).
    static func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
        switch item.item {
        case .expr(let expression): expression
        case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl: nil
        }
    }
}

/// Collects `return` operands, not descending into closures or nested functions (their returns
/// are not the member's).
private final class ReturnFinder: SyntaxVisitor {
    var expressions: [ExprSyntax] = []

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { expressions.append(expression) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
