import PreflightCore

/// The kind of a nominal type declaration.
package enum TypeKind: String, Sendable, Hashable {
    case `enum`, `struct`, `class`, `actor`
}

/// A property or method declared in a type, an extension or a protocol.
package struct DeclaredMember: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `var`/`let`: its type as written, whether that type is `String?`, and what it returns.
        case property(typeText: String?, isOptionalString: Bool, isStatic: Bool, value: MemberValue)
        /// A method (a member name used as a function is never read by Foundation).
        case function(signature: String)
    }

    package var name: String
    package var kind: Kind
    /// Where the member's name is written.
    package var location: SourceLocation

    package init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }
}

/// A case of an error type: an enum case, or the whole type for a struct or class.
package struct ErrorCase: Sendable, Hashable {
    package var name: String
    package var location: SourceLocation

    package init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An `enum`, `struct`, `class` or `actor` declaration.
package struct DeclaredType: Sendable, Hashable {
    /// `Outer.Inner` for a nested type.
    package var qualifiedName: String
    package var kind: TypeKind
    /// The names in its inheritance clause (last component, attributes and generics dropped).
    package var inheritedNames: [String]
    /// Enum cases in declaration order (`#if` branches included); empty for other kinds.
    package var cases: [ErrorCase]
    package var members: [DeclaredMember]
    package var location: SourceLocation
    /// The module-like scope it lives in (see ``SourceScope``).
    package var scope: String

    package var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// An `extension` of a type or protocol.
package struct DeclaredExtension: Sendable, Hashable {
    /// The extended type as written, generic arguments dropped (`Outer.Inner`, `Swift.Result`).
    package var extendedName: String
    package var inheritedNames: [String]
    package var members: [DeclaredMember]
    package var location: SourceLocation
    package var scope: String
}

/// A `protocol` declaration.
package struct DeclaredProtocol: Sendable, Hashable {
    package var qualifiedName: String
    package var inheritedNames: [String]
    package var location: SourceLocation
    package var scope: String

    package var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// Everything errorlint reads from one Swift file.
package struct FileDeclarations: Sendable, Hashable {
    package var path: String
    package var types: [DeclaredType] = []
    package var extensions: [DeclaredExtension] = []
    package var protocols: [DeclaredProtocol] = []

    package init(path: String) {
        self.path = path
    }
}
