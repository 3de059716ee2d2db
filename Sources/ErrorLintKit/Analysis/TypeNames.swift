import SwiftSyntax

/// Names of types as errorlint compares them: the last component, without generic arguments,
/// attributes (`@retroactive`, `@unchecked`) or module qualifiers.
enum TypeNames {
    /// The names a type in an inheritance clause stands for (`A & B` gives both).
    static func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.inheritedTypes.flatMap { names(of: $0.type) }
    }

    static func names(of type: TypeSyntax) -> [String] {
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { names(of: $0.type) }
        }
        return qualifiedName(of: type).map { [String($0.split(separator: ".").last ?? Substring($0))] } ?? []
    }

    /// `Outer.Inner` for a (possibly nested, possibly attributed or generic) type; `nil` for types
    /// that have no name (tuples, functions).
    static func qualifiedName(of type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return qualifiedName(of: member.baseType).map { "\($0).\(member.name.text)" } ?? member.name.text
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return qualifiedName(of: attributed.baseType)
        }
        if let existential = type.as(SomeOrAnyTypeSyntax.self) {
            return qualifiedName(of: existential.constraint)
        }
        return nil
    }

    /// Whether a written type is `String?` (also `Optional<String>`, `Swift.String?`).
    static func isOptionalString(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return isString(optional.wrappedType)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
            let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
            // A type in swift-syntax 600, a choice of type or expression from 601 on: read as a node,
            // it is the same in both.
            let wrapped = Syntax(arguments.first!.argument).as(TypeSyntax.self)
        {
            return isString(wrapped)
        }
        return false
    }

    private static func isString(_ type: TypeSyntax) -> Bool {
        let name = qualifiedName(of: type)
        return name == "String" || name == "Swift.String"
    }
}
