import SwiftSyntax

/// Reads what a property returns for each case: a `switch self` (statement, switch expression,
/// or `return switch self`) gives one arm per label; anything else is one value for all cases.
struct MemberValueReader {
    let locator: SourceLocator

    /// The value of a property from its binding: getter body, `get` accessor, or initializer.
    func value(of binding: PatternBindingSyntax) -> MemberValue {
        if let accessors = binding.accessorBlock?.accessors {
            switch accessors {
            case .getter(let statements): return value(of: statements)
            case .accessors(let list):
                if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                {
                    return value(of: body.statements)
                }
                // `{ get set }` requirement or observers on a stored property.
                if let initializer = binding.initializer {
                    return .uniform(TextValueReader(locator: locator).value(of: initializer.value))
                }
                return .uniform(.opaque("a stored property", locator.location(of: binding)))
            }
        }
        if let initializer = binding.initializer {
            return .uniform(TextValueReader(locator: locator).value(of: initializer.value))
        }
        return .uniform(.opaque("a stored property set by an initializer", locator.location(of: binding)))
    }

    func value(of statements: CodeBlockItemListSyntax) -> MemberValue {
        if let (switchOverSelf, index) = Self.switchOverSelf(in: statements) {
            let body = BodyReader(locator: locator)
            // An arm that returns nothing (`default: break`) ends in what follows the switch.
            let following = CodeBlockItemListSyntax(Array(statements.dropFirst(index + 1)))
            let fallThrough = following.isEmpty ? nil : body.value(of: following)
            var arms: [SwitchArm] = []
            var defaultArm: TextValue?
            for arm in SwitchReader.arms(of: switchOverSelf) {
                let returnsSomething = !BodyReader.returnedExpressions(of: arm.statements).isEmpty
                let armBody = BodyReader(locator: locator, branch: arm.branch)
                let value =
                    returnsSomething
                    ? armBody.value(of: arm.statements) : (fallThrough ?? armBody.value(of: arm.statements))
                if arm.isCatchAll {
                    defaultArm = defaultArm ?? value
                } else {
                    arms.append(SwitchArm(caseNames: arm.caseNames, value: value))
                }
            }
            return .switched(arms: arms, defaultArm: defaultArm)
        }
        return .uniform(BodyReader(locator: locator).value(of: statements))
    }

    /// The `switch self` the body consists of: as its only expression, as a statement, or as the
    /// operand of a `return`.
    private static func switchOverSelf(in statements: CodeBlockItemListSyntax) -> (SwitchExprSyntax, Int)? {
        for (index, item) in statements.enumerated() {
            var candidate = BodyReader.expression(of: item)
            if candidate == nil, case .stmt(let statement) = item.item,
                let returned = statement.as(ReturnStmtSyntax.self)?.expression
            {
                candidate = returned
            }
            if let switchExpression = candidate?.as(SwitchExprSyntax.self),
                isSelf(switchExpression.subject)
            {
                return (switchExpression, index)
            }
        }
        return nil
    }

    private static func isSelf(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind == .keyword(.self)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            return isSelf(tuple.elements.first!.expression)
        }
        return false
    }
}
