import SwiftSyntax

/// The arms of a `switch`, with the enum case names each arm's patterns name.
enum SwitchReader {
    struct Arm {
        /// Case names the patterns name; empty for `default:`, `case _:` or `case let x:`.
        var caseNames: [String]
        var isCatchAll: Bool
        var statements: CodeBlockItemListSyntax
        /// The `#if` branch the arm is in (``IfConfigBranch``).
        var branch: String?
    }

    static func arms(of switchExpression: SwitchExprSyntax, branch: String? = nil) -> [Arm] {
        arms(in: switchExpression.cases, branch: branch)
    }

    private static func arms(in cases: SwitchCaseListSyntax, branch: String?) -> [Arm] {
        cases.flatMap { element -> [Arm] in
            switch element {
            case .switchCase(let switchCase): return [arm(switchCase, branch: branch)]
            case .ifConfigDecl(let ifConfig):
                // Arms inside `#if`: every branch counts (errorlint does not evaluate conditions).
                return ifConfig.clauses.flatMap { clause -> [Arm] in
                    if case .switchCases(let nested) = clause.elements {
                        return arms(in: nested, branch: IfConfigBranch.within(branch, clause))
                    }
                    return []
                }
            }
        }
    }

    private static func arm(_ switchCase: SwitchCaseSyntax, branch: String?) -> Arm {
        switch switchCase.label {
        case .default:
            return Arm(caseNames: [], isCatchAll: true, statements: switchCase.statements, branch: branch)
        case .case(let label):
            var names: [String] = []
            var catchAll = false
            for item in label.caseItems {
                if let name = caseName(in: item.pattern) {
                    names.append(name)
                } else if item.whereClause == nil {
                    catchAll = true
                }
            }
            return Arm(
                caseNames: names, isCatchAll: catchAll && names.isEmpty, statements: switchCase.statements,
                branch: branch)
        }
    }

    /// `.a`, `.a(let x)`, `let .a(x)`, `Self.a`, `LoginError.a(_)` → `a`.
    private static func caseName(in pattern: PatternSyntax) -> String? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return caseName(in: binding.pattern)
        }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        return caseName(in: expression)
    }

    private static func caseName(in expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return caseName(in: call.calledExpression)
        }
        if let binding = expression.as(PatternExprSyntax.self) {
            return caseName(in: binding.pattern)
        }
        return nil
    }
}
