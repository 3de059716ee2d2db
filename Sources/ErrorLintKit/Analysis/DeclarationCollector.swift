import SwiftParser
import SwiftSyntax

/// Reads one Swift file into ``FileDeclarations``: its types (with enum cases and properties),
/// extensions and protocols, nested ones with qualified names, every `#if` branch included.
final class DeclarationCollector: SyntaxVisitor {
    private let locator: SourceLocator
    private let scope: String
    private var enclosingNames: [String] = []
    private(set) var declarations: FileDeclarations

    /// Parses `source` (the contents of `path`) and collects its declarations.
    static func collect(path: String, source: String) -> FileDeclarations {
        let tree = Parser.parse(source: source)
        let collector = DeclarationCollector(path: path, tree: tree, source: source)
        collector.walk(tree)
        return collector.declarations
    }

    private init(path: String, tree: SourceFileSyntax, source: String) {
        self.locator = SourceLocator(path: path, tree: tree, source: source)
        self.scope = SourceScope.of(path)
        self.declarations = FileDeclarations(path: path)
        super.init(viewMode: .sourceAccurate)
    }

    private func qualified(_ name: String) -> String {
        (enclosingNames + [name]).joined(separator: ".")
    }

    // MARK: Types

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: node.name, kind: .enum, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: node.name, kind: .struct, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: node.name, kind: .class, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: node.name, kind: .actor, inheritance: node.inheritanceClause, members: node.memberBlock)
    }

    override func visitPost(_ node: EnumDeclSyntax) { enclosingNames.removeLast() }
    override func visitPost(_ node: StructDeclSyntax) { enclosingNames.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { enclosingNames.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { enclosingNames.removeLast() }

    private func record(
        _ node: some SyntaxProtocol, name: TokenSyntax, kind: TypeKind, inheritance: InheritanceClauseSyntax?,
        members: MemberBlockSyntax
    ) -> SyntaxVisitorContinueKind {
        let qualifiedName = qualified(name.text)
        var cases: [ErrorCase] = []
        var declared: [DeclaredMember] = []
        for item in Self.items(of: members.members) {
            if let caseDeclaration = item.as(EnumCaseDeclSyntax.self) {
                cases += caseDeclaration.elements.map {
                    ErrorCase(name: $0.name.text, location: locator.location(of: $0.name))
                }
            } else {
                declared += self.members(of: item)
            }
        }
        declarations.types.append(
            DeclaredType(
                qualifiedName: qualifiedName, kind: kind, inheritedNames: TypeNames.inherited(inheritance),
                cases: cases, members: declared, location: locator.location(of: name), scope: scope))
        enclosingNames.append(name.text)
        return .visitChildren
    }

    // MARK: Extensions and protocols

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = TypeNames.qualifiedName(of: node.extendedType) ?? node.extendedType.trimmedDescription
        declarations.extensions.append(
            DeclaredExtension(
                extendedName: extended, inheritedNames: TypeNames.inherited(node.inheritanceClause),
                members: Self.items(of: node.memberBlock.members).flatMap { members(of: $0) },
                location: locator.location(of: node.extendedType), scope: scope))
        enclosingNames.append(extended)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { enclosingNames.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.protocols.append(
            DeclaredProtocol(
                qualifiedName: qualified(node.name.text), inheritedNames: TypeNames.inherited(node.inheritanceClause),
                location: locator.location(of: node.name), scope: scope))
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if let target = TypeNames.qualifiedName(of: node.initializer.value) {
            declarations.typealiases.append(
                DeclaredTypealias(qualifiedName: qualified(node.name.text), target: target, scope: scope))
        }
        return .skipChildren
    }

    // MARK: Members

    /// Member declarations, looking inside `#if` blocks.
    private static func items(of members: MemberBlockItemListSyntax) -> [DeclSyntax] {
        members.flatMap { item -> [DeclSyntax] in
            guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else { return [item.decl] }
            return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
                if case .decls(let nested) = clause.elements { return items(of: nested) }
                return []
            }
        }
    }

    private func members(of declaration: DeclSyntax) -> [DeclaredMember] {
        if let variable = declaration.as(VariableDeclSyntax.self) {
            let isStatic = variable.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            let reader = MemberValueReader(locator: locator)
            return variable.bindings.compactMap { binding -> DeclaredMember? in
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                let type = binding.typeAnnotation?.type
                return DeclaredMember(
                    name: identifier.identifier.text,
                    kind: .property(
                        typeText: type?.trimmedDescription,
                        isOptionalString: type.map(TypeNames.isOptionalString) ?? false,
                        isStatic: isStatic, value: reader.value(of: binding)),
                    location: locator.location(of: identifier))
            }
        }
        if let function = declaration.as(FunctionDeclSyntax.self), MemberNames.isOfInterest(function.name.text) {
            return [
                DeclaredMember(
                    name: function.name.text,
                    kind: .function(signature: "func \(function.name.text)\(function.signature.trimmedDescription)"),
                    location: locator.location(of: function.name))
            ]
        }
        return []
    }
}
