import PreflightCore

/// The kind of a nominal type declaration.
enum TypeKind: String, Sendable, Hashable {
    case `enum`, `struct`, `class`, `actor`
}

/// A property or method declared in a type, an extension or a protocol.
struct DeclaredMember: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `var`/`let`: its type as written, whether that type is `String?`, and what it returns.
        case property(typeText: String?, isOptionalString: Bool, isStatic: Bool, value: MemberValue)
        /// A method (a member name used as a function is never read by Foundation).
        case function(signature: String)
    }

    var name: String
    var kind: Kind
    /// Where the member's name is written.
    var location: SourceLocation
}

/// A case of an error type: an enum case, or the whole type for a struct or class.
struct ErrorCase: Sendable, Hashable {
    var name: String
    var location: SourceLocation
}

/// An `enum`, `struct`, `class` or `actor` declaration.
struct DeclaredType: Sendable, Hashable {
    /// `Outer.Inner` for a nested type.
    var qualifiedName: String
    var kind: TypeKind
    /// The names in its inheritance clause (last component, attributes and generics dropped).
    var inheritedNames: [String]
    /// Enum cases in declaration order (`#if` branches included); empty for other kinds.
    var cases: [ErrorCase]
    var members: [DeclaredMember]
    var location: SourceLocation
    /// The module-like scope it lives in (see ``SourceScope``).
    var scope: String

    var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// An `extension` of a type or protocol.
struct DeclaredExtension: Sendable, Hashable {
    /// The extended type as written, generic arguments dropped (`Outer.Inner`, `Swift.Result`).
    var extendedName: String
    var inheritedNames: [String]
    var members: [DeclaredMember]
    var location: SourceLocation
    var scope: String
}

/// A `protocol` declaration.
struct DeclaredProtocol: Sendable, Hashable {
    var qualifiedName: String
    var inheritedNames: [String]
    var location: SourceLocation
    var scope: String

    var simpleName: Substring { qualifiedName.split(separator: ".").last ?? Substring(qualifiedName) }
}

/// A `typealias` declared in the sources: extensions may name a type through it.
struct DeclaredTypealias: Sendable, Hashable {
    /// `Outer.Alias` for one declared inside a type.
    var qualifiedName: String
    /// The aliased type as written, generic arguments dropped (`API.Error`).
    var target: String
    var scope: String
}

/// Everything errorlint reads from one Swift file.
struct FileDeclarations: Sendable, Hashable {
    var path: String
    var types: [DeclaredType] = []
    var extensions: [DeclaredExtension] = []
    var protocols: [DeclaredProtocol] = []
    var typealiases: [DeclaredTypealias] = []

    init(path: String) {
        self.path = path
    }
}
