import PreflightCore

/// The kind of a nominal type declaration.
public enum TypeKind: String, Sendable, Hashable {
    case `enum`, `struct`, `class`, `actor`
}

/// A property or method declared in a type, an extension or a protocol.
public struct DeclaredMember: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `var`/`let`: its type as written, whether that type is `String?`, and what it returns.
        case property(typeText: String?, isOptionalString: Bool, isStatic: Bool, value: MemberValue)
        /// A method (a member name used as a function is never read by Foundation).
        case function(signature: String)
    }

    public var name: String
    public var kind: Kind
    /// Where the member's name is written.
    public var location: SourceLocation

    public init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }
}

/// A case of an error type: an enum case, or the whole type for a struct or class.
public struct ErrorCase: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An `enum`, `struct`, `class` or `actor` declaration.
public struct DeclaredType: Sendable, Hashable {
    /// `Outer.Inner` for a nested type.
    public var qualifiedName: String
    public var kind: TypeKind
    /// The names in its inheritance clause (last component, attributes and generics dropped).
    public var inheritedNames: [String]
    /// Enum cases in declaration order (`#if` branches included); empty for other kinds.
    public var cases: [ErrorCase]
    public var members: [DeclaredMember]
    public var location: SourceLocation
    /// The module-like scope it lives in (see ``SourceScope``).
    public var scope: String

    public var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// An `extension` of a type or protocol.
public struct DeclaredExtension: Sendable, Hashable {
    /// The extended type as written, generic arguments dropped (`Outer.Inner`, `Swift.Result`).
    public var extendedName: String
    public var inheritedNames: [String]
    public var members: [DeclaredMember]
    public var location: SourceLocation
    public var scope: String
}

/// A `protocol` declaration.
public struct DeclaredProtocol: Sendable, Hashable {
    public var qualifiedName: String
    public var inheritedNames: [String]
    public var location: SourceLocation
    public var scope: String

    public var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// Everything errorlint reads from one Swift file.
public struct FileDeclarations: Sendable, Hashable {
    public var path: String
    public var types: [DeclaredType] = []
    public var extensions: [DeclaredExtension] = []
    public var protocols: [DeclaredProtocol] = []

    public init(path: String) {
        self.path = path
    }
}
