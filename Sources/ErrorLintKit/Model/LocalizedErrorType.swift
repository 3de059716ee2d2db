import ErrorLintSettings
import PreflightCore

/// A type that conforms to `LocalizedError` (or only to `Error`, for the `localizedDescription`
/// check), with everything the scanned sources say about it.
struct LocalizedErrorType: Sendable, Hashable {
    /// `Outer.Inner`, as declared (or as extended, for a type declared outside the sources).
    var name: String
    /// `nil` when the type is declared outside the scanned sources (a retroactive conformance).
    var kind: TypeKind?
    /// Where the type is declared, or its first extension when the declaration is not scanned.
    var location: SourceLocation
    /// `true` for `LocalizedError` (directly, through an extension, a refining protocol or a
    /// superclass); `false` for a type that is only `Error`.
    var isLocalizedError: Bool
    /// Enum cases; a struct, class or unknown type is one case named after the type.
    var cases: [ErrorCase]
    /// Every property and interesting method declared on the type or its extensions, then those
    /// inherited from a superclass, then those protocol extensions provide.
    var members: [ResolvedMember]

    /// The implementation Foundation would call for `member`: the first well-formed declaration
    /// (`var member: String?`, not static) in the order of ``members``.
    func implementation(of member: ErrorMember) -> ResolvedMember? {
        members.first { $0.declaration.name == member.rawValue && $0.isWellFormedErrorMember }
    }

    /// Declarations named like `member` that Foundation ignores (wrong type, static, a method).
    func malformedDeclarations(of member: ErrorMember) -> [ResolvedMember] {
        members.filter { $0.declaration.name == member.rawValue && !$0.isWellFormedErrorMember && !$0.isInherited }
    }

    /// What `member` gives for `errorCase`, forwards to other properties followed; `nil` when
    /// the type does not implement the member.
    func value(of member: ErrorMember, for errorCase: ErrorCase) -> TextValue? {
        value(of: implementation(of: member), for: errorCase)
    }

    /// The property the author meant as `member`: the ``implementation(of:)``, or else the first
    /// one declared here that Foundation ignores for its shape (`var errorDescription: String`, a
    /// static property) or its spelling (`errorDescripton`). wrong-member-signature reports the
    /// shape; the text checks read this one, so one run shows everything to fix in it, not its
    /// English literals and missing keys only after the signature is fixed.
    func intendedImplementation(of member: ErrorMember) -> ResolvedMember? {
        if let implementation = implementation(of: member) { return implementation }
        return members.first { candidate in
            guard !candidate.isInherited, case .property = candidate.declaration.kind else { return false }
            let name = candidate.declaration.name
            return name == member.rawValue || MemberNames.misspelledMember(name) == member
        }
    }

    /// What the author wrote `member` to give for `errorCase` (``intendedImplementation(of:)``),
    /// forwards followed: what the text checks (unlocalized text, catalog keys) read.
    func writtenValue(of member: ErrorMember, for errorCase: ErrorCase) -> TextValue? {
        value(of: intendedImplementation(of: member), for: errorCase)
    }

    /// Whether any member's text is looked up in the main bundle with a literal key (then a local
    /// package's keys are in its app's catalogs).
    var looksUpMainBundle: Bool {
        ErrorMember.allCases.contains { member in
            cases.contains { errorCase in
                (writtenValue(of: member, for: errorCase)?.leaves ?? []).contains {
                    guard case .localized(let reference) = $0 else { return false }
                    return reference.key != nil && reference.looksUpMainBundle
                }
            }
        }
    }

    private func value(of implementation: ResolvedMember?, for errorCase: ErrorCase) -> TextValue? {
        guard let implementation else { return nil }
        return resolve(implementation.value.value(for: errorCase.name), for: errorCase, depth: 0)
    }

    /// Follows `.forward` to other properties of this type, at most a few levels deep.
    func resolve(_ value: TextValue?, for errorCase: ErrorCase, depth: Int) -> TextValue? {
        guard let value else { return nil }
        switch value {
        case .forward(let property, let location):
            guard depth < 4,
                let target = members.first(where: {
                    $0.declaration.name == property && !$0.declaration.isStaticProperty
                }), let targetValue = target.value.value(for: errorCase.name)
            else {
                return .opaque(property, location)
            }
            return resolve(targetValue, for: errorCase, depth: depth + 1)
        case .combination(let parts):
            return .combination(parts.compactMap { resolve($0, for: errorCase, depth: depth) })
        default:
            return value
        }
    }
}

/// A member as errorlint found it, with where it comes from.
struct ResolvedMember: Sendable, Hashable {
    var declaration: DeclaredMember
    /// The protocol whose extension provides it (`DebuggableError`), if any.
    var providingProtocol: String?
    /// `true` when it is declared on a superclass.
    var isInherited: Bool = false

    /// What the member returns per case (methods: opaque).
    var value: MemberValue {
        if case .property(_, _, _, let value) = declaration.kind { return value }
        return .uniform(.opaque(declaration.name, declaration.location))
    }

    /// `var name: String?`, an instance property: the shape Foundation reads.
    var isWellFormedErrorMember: Bool {
        if case .property(_, let isOptionalString, let isStatic, _) = declaration.kind {
            return isOptionalString && !isStatic
        }
        return false
    }
}

extension DeclaredMember {
    var isStaticProperty: Bool {
        if case .property(_, _, let isStatic, _) = kind { return isStatic }
        return false
    }
}
