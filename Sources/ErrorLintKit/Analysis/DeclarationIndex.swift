import PreflightCore

/// Every declaration read from the scanned files, and the answers errorlint needs from them:
/// which types are `LocalizedError` (or only `Error`), their cases and members.
///
/// Conformance is followed through extensions anywhere in the sources, protocols that refine
/// `LocalizedError` (transitively, with the members their extensions provide) and superclasses.
/// Type names are looked up in the same module first, then the same package, then anywhere.
/// Extensions name their type as the compiler does: qualified (`API.Error`, `Kit.API.Error`
/// for module `Kit`), through a `typealias` declared in the sources, or by a name only one
/// package of the scan declares.
struct DeclarationIndex: Sendable {
    private var typesBySimpleName: [Substring: [DeclaredType]] = [:]
    private var extensionsBySimpleName: [Substring: [DeclaredExtension]] = [:]
    private var protocolsBySimpleName: [Substring: [DeclaredProtocol]] = [:]

    /// Names (last component) of `LocalizedError` and every protocol refining it.
    private(set) var localizedErrorProtocols: Set<Substring> = ["LocalizedError"]
    /// Names of `Error` and every protocol refining it (`LocalizedError` included).
    private(set) var errorProtocols: Set<Substring> = ["Error", "LocalizedError", "CustomNSError"]

    init(_ files: [FileDeclarations]) {
        let aliases = files.flatMap(\.typealiases)
        for file in files {
            for type in file.types { typesBySimpleName[type.simpleName, default: []].append(type) }
            for var extensionDeclaration in file.extensions {
                extensionDeclaration.extendedName = Self.resolvingAliases(
                    extensionDeclaration.extendedName, scope: extensionDeclaration.scope, aliases: aliases)
                extensionsBySimpleName[Self.simpleName(extensionDeclaration.extendedName), default: []].append(
                    extensionDeclaration)
            }
            for protocolDeclaration in file.protocols {
                protocolsBySimpleName[protocolDeclaration.simpleName, default: []].append(protocolDeclaration)
            }
        }
        localizedErrorProtocols = refinements(of: localizedErrorProtocols)
        errorProtocols = refinements(of: errorProtocols.union(localizedErrorProtocols))
    }

    /// The protocols that inherit, directly or not, from one of `roots`, plus the roots.
    private func refinements(of roots: Set<Substring>) -> Set<Substring> {
        var found = roots
        var changed = true
        while changed {
            changed = false
            for (name, declarations) in protocolsBySimpleName where !found.contains(name) {
                if declarations.contains(where: { $0.inheritedNames.contains { found.contains(Substring($0)) } }) {
                    found.insert(name)
                    changed = true
                }
            }
        }
        return found
    }

    static func simpleName(_ name: String) -> Substring {
        name.split(separator: ".").last ?? Substring(name)
    }

    /// `name` with a `typealias` of the sources replaced by what it aliases (chains followed a few
    /// levels): the alias declared with that name, or module-qualified, or seen from inside its
    /// enclosing type; the same package first.
    static func resolvingAliases(_ name: String, scope: String, aliases: [DeclaredTypealias]) -> String {
        guard !aliases.isEmpty else { return name }
        var name = name
        let package = SourceScope.package(of: scope)
        for _ in 0..<4 {
            let matching = aliases.filter {
                $0.qualifiedName == name || isQualifiedSuffix(name, of: $0.qualifiedName)
                    || isQualifiedSuffix($0.qualifiedName, of: name)
            }
            guard
                let alias = matching.first(where: { SourceScope.package(of: $0.scope) == package }) ?? matching.first,
                alias.target != name
            else { break }
            name = alias.target
        }
        return name
    }

    /// Whether an extension extends a protocol (`extension Error`, `extension Swift.Error`, an
    /// `extension Kit.Reporting` of a declared protocol) rather than a type named like one
    /// (`extension API.Error`).
    private func isProtocolExtension(_ extensionDeclaration: DeclaredExtension) -> Bool {
        let name = extensionDeclaration.extendedName
        let components = name.split(separator: ".")
        guard let last = components.last, protocolsBySimpleName[last] != nil || errorProtocols.contains(last)
        else { return false }
        if components.count == 1 {
            // A type of the module named `Error` shadows the standard library's.
            return !(typesBySimpleName[last] ?? []).contains {
                $0.qualifiedName == name && $0.scope == extensionDeclaration.scope
            }
        }
        if components.count == 2, components[0] == "Swift" || components[0] == "Foundation" { return true }
        return (protocolsBySimpleName[last] ?? []).contains {
            $0.qualifiedName == name || Self.isQualifiedSuffix($0.qualifiedName, of: name)
        }
    }

    // MARK: Error types

    /// One type, with the extensions that belong to it.
    private struct Entity {
        var declaration: DeclaredType?
        var name: String
        var scope: String
        var extensions: [DeclaredExtension]

        var inheritedNames: [String] {
            (declaration?.inheritedNames ?? []) + extensions.flatMap(\.inheritedNames)
        }
    }

    /// Every type that conforms to `Error`, each once, in a stable order (by location).
    private func entities() -> [Entity] {
        var entities: [Entity] = []
        // In source order, so that every choice below is the same whichever files were read.
        for type in typesBySimpleName.values.joined().sorted(by: { $0.location < $1.location }) {
            entities.append(Entity(declaration: type, name: type.qualifiedName, scope: type.scope, extensions: []))
        }
        // Attach each extension to the best matching declaration; extensions of types declared
        // elsewhere (retroactive conformances) become entities of their own, one per name and package.
        var declaredBySimpleName: [Substring: [Int]] = [:]
        for (index, entity) in entities.enumerated() {
            declaredBySimpleName[Self.simpleName(entity.name), default: []].append(index)
        }
        var external: [String: Int] = [:]
        for (simpleName, extensionDeclarations) in extensionsBySimpleName.sorted(by: { $0.key < $1.key }) {
            let declared = declaredBySimpleName[simpleName] ?? []
            for extensionDeclaration in extensionDeclarations.sorted(by: { $0.location < $1.location })
            where !isProtocolExtension(extensionDeclaration) {
                if let index = bestDeclaration(for: extensionDeclaration, among: declared, in: entities) {
                    entities[index].extensions.append(extensionDeclaration)
                } else {
                    let key =
                        "\(SourceScope.package(of: extensionDeclaration.scope))|\(extensionDeclaration.extendedName)"
                    if let index = external[key] {
                        entities[index].extensions.append(extensionDeclaration)
                    } else {
                        external[key] = entities.count
                        entities.append(
                            Entity(
                                declaration: nil, name: extensionDeclaration.extendedName,
                                scope: extensionDeclaration.scope, extensions: [extensionDeclaration]))
                    }
                }
            }
        }
        return entities
    }

    /// The declaration an extension extends, among those with its simple name, as the compiler
    /// resolves the name: one of its package named exactly so; one named with its module
    /// (`extension Kit.API.Error` of `API.Error` in module `Kit`), in any package; another
    /// package's whose nested name it states in full (`TextFind.Error`); one of its package whose
    /// qualified name ends or starts like it; else the only type of the scan named exactly so.
    /// The same module first within each.
    private func bestDeclaration(
        for extensionDeclaration: DeclaredExtension, among declared: [Int], in entities: [Entity]
    ) -> Int? {
        let extended = extensionDeclaration.extendedName
        let package = SourceScope.package(of: extensionDeclaration.scope)
        func inPackage(_ index: Int) -> Bool { SourceScope.package(of: entities[index].scope) == package }
        let tiers: [(Int) -> Bool] = [
            { inPackage($0) && entities[$0].name == extended },
            { index in
                let module = SourceScope.module(of: entities[index].scope)
                return !module.isEmpty && extended == "\(module).\(entities[index].name)"
            },
            { !inPackage($0) && entities[$0].name == extended && extended.contains(".") },
            { index in
                let name = entities[index].name
                return inPackage(index)
                    && (Self.isQualifiedSuffix(name, of: extended) || Self.isQualifiedSuffix(extended, of: name))
            },
        ]
        for tier in tiers {
            let candidates = declared.filter(tier)
            if let found = preferred(candidates, scope: extensionDeclaration.scope, scopeOf: { entities[$0].scope }) {
                return found
            }
        }
        let exact = declared.filter { entities[$0].name == extended }
        return exact.count == 1 ? exact[0] : nil
    }

    /// Whether `name` is the trailing components of `qualified` (`B.C` of `A.B.C`).
    private static func isQualifiedSuffix(_ name: String, of qualified: String) -> Bool {
        qualified.count > name.count && qualified.hasSuffix(name)
            && qualified.utf8.dropLast(name.utf8.count).last == UInt8(ascii: ".")
    }

    /// The candidate in `scope`, else in the same package, else the first.
    private func preferred<T>(_ candidates: [T], scope: String, scopeOf: (T) -> String) -> T? {
        if candidates.count <= 1 { return candidates.first }
        if let same = candidates.first(where: { scopeOf($0) == scope }) { return same }
        let package = SourceScope.package(of: scope)
        return candidates.first { SourceScope.package(of: scopeOf($0)) == package } ?? candidates.first
    }

    /// The error types of the sources: every `LocalizedError`, and every type that is only
    /// `Error` but declares `localizedDescription`. Sorted by location.
    func errorTypes() -> [LocalizedErrorType] {
        let all = entities()
        var byName: [Substring: [Int]] = [:]
        for (index, entity) in all.enumerated() { byName[Self.simpleName(entity.name), default: []].append(index) }

        func superclass(of entity: Entity) -> Int? {
            guard entity.declaration?.kind == .class else { return nil }
            for name in entity.declaration?.inheritedNames ?? [] {
                let candidates = (byName[Substring(name)] ?? []).filter { all[$0].declaration?.kind == .class }
                if let found = preferred(candidates, scope: entity.scope, scopeOf: { all[$0].scope }) { return found }
            }
            return nil
        }
        func conforms(_ index: Int, to protocols: Set<Substring>, depth: Int = 0) -> Bool {
            if all[index].inheritedNames.contains(where: { protocols.contains(Substring($0)) }) { return true }
            guard depth < 16, let parent = superclass(of: all[index]) else { return false }
            return conforms(parent, to: protocols, depth: depth + 1)
        }

        var result: [LocalizedErrorType] = []
        for index in all.indices {
            let entity = all[index]
            let isLocalized = conforms(index, to: localizedErrorProtocols)
            let ownMembers = (entity.declaration?.members ?? []) + entity.extensions.flatMap(\.members)
            if !isLocalized {
                guard conforms(index, to: errorProtocols),
                    ownMembers.contains(where: { $0.name == MemberNames.localizedDescription })
                else { continue }
            }
            var members = ownMembers.map { ResolvedMember(declaration: $0) }
            var parent = superclass(of: entity)
            var depth = 0
            while let current = parent, depth < 16 {
                let inherited = (all[current].declaration?.members ?? []) + all[current].extensions.flatMap(\.members)
                members += inherited.map { ResolvedMember(declaration: $0, isInherited: true) }
                parent = superclass(of: all[current])
                depth += 1
            }
            members += protocolExtensionMembers(for: entity, inheritedFrom: all, superclass: superclass)
            let location = entity.declaration?.location ?? entity.extensions[0].location
            let cases: [ErrorCase] =
                entity.declaration?.kind == .enum
                ? entity.declaration!.cases
                : [ErrorCase(name: String(Self.simpleName(entity.name)), location: location)]
            result.append(
                LocalizedErrorType(
                    name: entity.name, kind: entity.declaration?.kind, location: location,
                    isLocalizedError: isLocalized, cases: cases, members: members))
        }
        return result.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
    }

    /// Members that extensions of the type's protocols (and the protocols they refine) provide.
    private func protocolExtensionMembers(
        for entity: Entity, inheritedFrom all: [Entity], superclass: (Entity) -> Int?
    ) -> [ResolvedMember] {
        var protocols: [Substring] = []
        var pending = entity.inheritedNames.map { Substring($0) }
        var current = entity
        var depth = 0
        while let parent = superclass(current), depth < 16 {
            pending += all[parent].inheritedNames.map { Substring($0) }
            current = all[parent]
            depth += 1
        }
        while let name = pending.popLast() {
            guard !protocols.contains(name),
                let declarations = protocolsBySimpleName[name] ?? (name == "LocalizedError" ? [] : nil)
            else { continue }
            protocols.append(name)
            pending += declarations.flatMap(\.inheritedNames).map { Substring($0) }
        }
        let package = SourceScope.package(of: entity.scope)
        var members: [ResolvedMember] = []
        for name in protocols {
            let declaringPackages = Set((protocolsBySimpleName[name] ?? []).map { SourceScope.package(of: $0.scope) })
            for extensionDeclaration in extensionsBySimpleName[name] ?? []
            where isProtocolExtension(extensionDeclaration) {
                let extensionPackage = SourceScope.package(of: extensionDeclaration.scope)
                guard extensionPackage == package || declaringPackages.contains(extensionPackage) else { continue }
                members += extensionDeclaration.members.map {
                    ResolvedMember(declaration: $0, providingProtocol: String(name))
                }
            }
        }
        return members
    }
}
