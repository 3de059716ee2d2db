import SwiftSyntax

/// Reads what a block of statements returns: its single expression (an implicit return), or
/// every `return` in it (closures and nested functions excluded), combined. Every branch of an
/// `#if` counts, each read with its condition (``IfConfigBranch``).
struct BodyReader {
    let locator: SourceLocator
    /// The `#if` branch the statements are in, if any.
    var branch: String?

    func value(of statements: CodeBlockItemListSyntax) -> TextValue {
        let expressions = Self.returnedExpressions(of: statements, branch: branch)
        if expressions.isEmpty {
            return .opaque("a body without a return", locator.location(of: statements))
        }
        let values = expressions.map { TextValueReader(locator: locator, branch: $0.branch).value(of: $0.expression) }
        return values.count == 1 ? values[0] : .combination(values)
    }

    /// The expressions a body gives back: the only item when it is an expression (implicit
    /// return), else the operands of its `return` statements.
    static func returnedExpressions(of statements: CodeBlockItemListSyntax) -> [ExprSyntax] {
        returnedExpressions(of: statements, branch: nil).map(\.expression)
    }

    /// The returned expressions with the `#if` branch each is in: a body that is only an `#if`
    /// gives each branch's implicit return (`#if os(macOS) NSLocalizedString(…) #else … #endif`).
    static func returnedExpressions(
        of statements: CodeBlockItemListSyntax, branch: String?
    ) -> [(expression: ExprSyntax, branch: String?)] {
        if statements.count == 1, let only = expression(of: statements.first!) {
            return [(only, branch)]
        }
        if statements.count == 1, case .decl(let declaration) = statements.first!.item,
            let ifConfig = declaration.as(IfConfigDeclSyntax.self)
        {
            return ifConfig.clauses.flatMap { clause -> [(expression: ExprSyntax, branch: String?)] in
                guard case .statements(let nested) = clause.elements else { return [] }
                return returnedExpressions(of: nested, branch: IfConfigBranch.within(branch, clause))
            }
        }
        let finder = ReturnFinder(branch: branch)
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
    var expressions: [(expression: ExprSyntax, branch: String?)] = []
    private var branches: [String?]

    init(branch: String?) {
        branches = [branch]
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression { expressions.append((expression, branches.last!)) }
        return .skipChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        branches.append(IfConfigBranch.within(branches.last!, node))
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) { branches.removeLast() }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// How a finding names the `#if` branch text is in: `#if os(macOS)`, `#elseif DEBUG`,
/// `#else of #if os(macOS)`; nested ones joined (`#if A, #else of #if B`).
enum IfConfigBranch {
    static func label(_ clause: IfConfigClauseSyntax) -> String {
        let keyword = clause.poundKeyword.text
        if let condition = clause.condition { return "\(keyword) \(condition.trimmedDescription)" }
        let first = clause.parent?.as(IfConfigClauseListSyntax.self)?.first?.condition?.trimmedDescription
        return first.map { "\(keyword) of #if \($0)" } ?? keyword
    }

    static func within(_ outer: String?, _ clause: IfConfigClauseSyntax) -> String {
        outer.map { "\($0), \(label(clause))" } ?? label(clause)
    }
}
