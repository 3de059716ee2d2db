import PreflightCore
import SwiftSyntax

/// Reads an expression an error member returns into a ``TextValue``: localization calls with their
/// key and table, literals, `nil`, forwards to other properties; anything else is opaque.
struct TextValueReader {
    let locator: SourceLocator
    /// The `#if` branch the expression is in, given to the references read (``IfConfigBranch``).
    var branch: String?

    func value(of expression: ExprSyntax) -> TextValue {
        let location = locator.location(of: expression)
        if expression.is(NilLiteralExprSyntax.self) { return .absent(location) }
        if let literal = expression.as(StringLiteralExprSyntax.self) { return value(of: literal) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return value(of: call) }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return .forward(property: reference.baseName.text, location)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                return .forward(property: member.declName.baseName.text, location)
            }
            return .opaque(expression.trimmedDescription, location)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            return value(of: tuple.elements.first!.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return value(of: sequence) }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return .combination([value(of: ternary.thenExpression), value(of: ternary.elseExpression)])
        }
        if let ifExpression = expression.as(IfExprSyntax.self) { return value(of: ifExpression) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            // A switch over something other than `self` inside a member: any of its arms.
            return .combination(
                SwitchReader.arms(of: switchExpression, branch: branch).map {
                    BodyReader(locator: locator, branch: $0.branch).value(of: $0.statements)
                })
        }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return value(of: forced.expression) }
        if let tried = expression.as(TryExprSyntax.self) { return value(of: tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return value(of: awaited.expression) }
        return .opaque(expression.trimmedDescription, location)
    }

    /// `a ?? b`, `a + b` and unfolded ternaries `c ? a : b`; other operators are opaque.
    private func value(of sequence: SequenceExprSyntax) -> TextValue {
        let elements = Array(sequence.elements)
        if let ternaryIndex = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
            let then = elements[ternaryIndex].cast(UnresolvedTernaryExprSyntax.self).thenExpression
            let rest = elements[(ternaryIndex + 1)...]
            let otherwise: TextValue =
                rest.count == 1
                ? value(of: rest.first!)
                : value(of: ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(rest)))))
            return .combination([value(of: then), otherwise])
        }
        let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
        guard !operators.isEmpty, operators.allSatisfy({ $0 == "??" || $0 == "+" }) else {
            return .opaque(sequence.trimmedDescription, locator.location(of: sequence))
        }
        return .combination(elements.filter { !$0.is(BinaryOperatorExprSyntax.self) }.map { value(of: $0) })
    }

    private func value(of ifExpression: IfExprSyntax) -> TextValue {
        let body = BodyReader(locator: locator, branch: branch)
        var parts = [body.value(of: ifExpression.body.statements)]
        switch ifExpression.elseBody {
        case .ifExpr(let next): parts.append(value(of: next))
        case .codeBlock(let block): parts.append(body.value(of: block.statements))
        case nil: break
        }
        return .combination(parts)
    }

    private func value(of literal: StringLiteralExprSyntax) -> TextValue {
        let location = locator.location(of: literal)
        var text = ""
        var interpolated = false
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece): text += StringLiteralText.text(of: piece, in: literal)
            case .expressionSegment: interpolated = true
            }
        }
        guard interpolated else { return .literal(text, location) }
        return .interpolated(
            InterpolatedText(literalText: text, displayText: StringLiteralText.display(literal)), location)
    }

    private func value(of call: FunctionCallExprSyntax) -> TextValue {
        let location = locator.location(of: call)
        let callee = call.calledExpression.trimmedDescription
        let arguments = Array(call.arguments)
        func argument(_ label: String) -> ExprSyntax? {
            arguments.first { $0.label?.text == label }?.expression
        }
        func literal(_ label: String) -> String? {
            argument(label).flatMap { StringLiteralText.plain($0) }
        }
        let bundle = argument("bundle")?.trimmedDescription

        switch callee {
        case "NSLocalizedString":
            guard let key = arguments.first, key.label == nil else { break }
            return .localized(
                LocalizedStringReference(
                    api: "NSLocalizedString", key: StringLiteralText.plain(key.expression),
                    table: literal("tableName"), defaultValue: literal("value"), bundle: bundle, branch: branch,
                    location: location))
        case "String", "String.init":
            if let key = argument("localized") {
                return localized(key, api: "String(localized:)", table: literal("table"), call: call)
            }
            // `String(format: NSLocalizedString(…), …)` is as localized as its format.
            if let format = argument("format") { return value(of: format) }
        case "LocalizedStringResource", "LocalizedStringResource.init":
            if let key = arguments.first, key.label == nil {
                return localized(key.expression, api: "LocalizedStringResource", table: literal("table"), call: call)
            }
        case "String.localizedStringWithFormat":
            if let format = arguments.first?.expression { return value(of: format) }
        default:
            // `Bundle.module.localizedString(forKey: "k", value: nil, table: "Errors")`
            if callee.hasSuffix(".localizedString"), let key = argument("forKey") {
                return .localized(
                    LocalizedStringReference(
                        api: "Bundle.localizedString(forKey:value:table:)", key: StringLiteralText.plain(key),
                        table: literal("table"), defaultValue: literal("value"),
                        bundle: String(callee.dropLast(".localizedString".count)), branch: branch,
                        location: location))
            }
        }
        return .opaque(call.trimmedDescription, location)
    }

    /// `String(localized: key, …)` or `LocalizedStringResource(key, …)` with a literal key, a
    /// nested resource, or a key only known at run time.
    private func localized(_ key: ExprSyntax, api: String, table: String?, call: FunctionCallExprSyntax) -> TextValue {
        if let nested = key.as(FunctionCallExprSyntax.self) { return value(of: nested) }
        let location = locator.location(of: call)
        let defaultValue = call.arguments.first { $0.label?.text == "defaultValue" }
            .flatMap { StringLiteralText.plain($0.expression) }
        let bundle = call.arguments.first { $0.label?.text == "bundle" }?.expression.trimmedDescription
        guard let literal = key.as(StringLiteralExprSyntax.self) else {
            return .localized(
                LocalizedStringReference(api: api, key: nil, bundle: bundle, branch: branch, location: location))
        }
        let (text, hasInterpolations) = StringLiteralText.localizationKey(literal)
        return .localized(
            LocalizedStringReference(
                api: api, key: text, keyHasInterpolations: hasInterpolations,
                displayKey: StringLiteralText.display(literal), table: table, defaultValue: defaultValue,
                bundle: bundle, branch: branch, location: location))
    }
}

/// The text of string literals as the compiler sees it.
enum StringLiteralText {
    /// The value of a literal without interpolations; `nil` for anything else.
    static func plain(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let piece) = segment else { return nil }
            text += self.text(of: piece, in: literal)
        }
        return text
    }

    /// The catalog key of a `String(localized:)` literal: interpolations become `%@` (the actual
    /// specifier depends on the interpolated type, which only the compiler knows; lookups compare
    /// keys with specifiers normalized).
    static func localizationKey(_ literal: StringLiteralExprSyntax) -> (key: String, hasInterpolations: Bool) {
        var text = ""
        var interpolated = false
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece): text += self.text(of: piece, in: literal)
            case .expressionSegment:
                text += "%@"
                interpolated = true
            }
        }
        return (text, interpolated)
    }

    /// The literal as a message quotes it: escapes resolved, each interpolation as its source text,
    /// trimmed (`\(command)`, `\(count, specifier: "%d")`; `\#(name)` in a raw string).
    static func display(_ literal: StringLiteralExprSyntax) -> String {
        var text = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece): text += self.text(of: piece, in: literal)
            case .expressionSegment(let interpolation): text += interpolation.trimmedDescription
            }
        }
        return text
    }

    /// A segment's text with escapes resolved (raw strings, `#"…"#`, keep backslashes).
    static func text(of piece: StringSegmentSyntax, in literal: StringLiteralExprSyntax) -> String {
        literal.openingPounds == nil ? unescaped(piece.content.text) : piece.content.text
    }

    /// Resolves `\n`, `\t`, `\"`, `\\`, `\0`, `\r`, `\'` and `\u{…}` escapes.
    static func unescaped(_ raw: String) -> String {
        guard raw.contains("\\") else { return raw }
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let escaped = iterator.next() else {
                result.append(character)
                continue
            }
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                var digits = ""
                while let next = iterator.next(), next != "}" {
                    if next != "{" { digits.append(next) }
                }
                if let scalar = UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init) {
                    result.append(Character(scalar))
                }
            default: result.append(escaped)
            }
        }
        return result
    }
}
