import ErrorLintSettings
import Foundation
import PreflightCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the Swift files errorlint needs into a ``DeclarationIndex``, on every core.
///
/// Parsing every file of a big tree with swift-syntax is the slow part, and few files hold an
/// error type; so by default a file is parsed only when it can matter: it mentions
/// `LocalizedError` or `localizedDescription`, or a declaration header in it (see
/// ``DeclarationMentions``) names a type or protocol that an already parsed file showed to be
/// relevant (an error type, its protocols and superclasses, types with error members). That repeats
/// until no new file qualifies, so the result equals parsing everything.
package struct SwiftSourceReader: Sendable {
    /// Parse every file instead (the reference the prefilter is measured and checked against).
    package var parsesEveryFile: Bool

    package init(parsesEveryFile: Bool = false) {
        self.parsesEveryFile = parsesEveryFile
    }

    /// What reading found.
    package struct Result: Sendable {
        package var index: DeclarationIndex
        /// How many files were parsed (for the summary and the benchmark).
        package var parsedFiles: Int
        /// Files that could not be read, with the reason.
        package var problems: [DiscoveryProblem]
        /// Files with `errorlint:` suppression comments, by path, with them.
        package var directives: [String: SuppressionComments.Parsed] = [:]
    }

    fileprivate struct Source: Sendable {
        var path: String
        /// The package part of its scope (see ``SourceScope``).
        var package = ""
        var text: String?
        var problem: String?
        var isSeed = false
        var mentions: Set<String> = []
    }

    package func read(paths: [String]) -> Result {
        let sources: [Source] = paths.parallelMap(chunkSize: 32) { path in
            Self.load(path, withMentions: !parsesEveryFile)
        }
        let problems = sources.compactMap { source in
            source.problem.map { DiscoveryProblem(path: source.path, reason: $0) }
        }
        let readable = sources.indices.filter { sources[$0].text != nil }
        let directives = Self.directives(in: sources)

        if parsesEveryFile {
            let files = readable.parallelMap(chunkSize: 4) { index in
                DeclarationCollector.collect(path: sources[index].path, source: sources[index].text!)
            }
            return Result(
                index: DeclarationIndex(files), parsedFiles: files.count, problems: problems, directives: directives)
        }

        var parsed: [FileDeclarations] = []
        var done = Set<Int>()
        var pending = readable.filter { sources[$0].isSeed }
        var searched = Set<Requirement>()
        while !pending.isEmpty {
            done.formUnion(pending)
            parsed += pending.parallelMap(chunkSize: 4) { index in
                DeclarationCollector.collect(path: sources[index].path, source: sources[index].text!)
            }
            let requirements = Self.requirements(in: parsed).subtracting(searched)
            if ProcessInfo.processInfo.environment["ERRORLINT_TRACE"] != nil {
                let described = requirements.map { "\($0.words.joined(separator: "+"))@\($0.package ?? "*")" }.sorted()
                FileHandle.standardError.write(
                    Data("parsed \(pending.count) files; then looking for \(described)\n".utf8))
            }
            searched.formUnion(requirements)
            guard !requirements.isEmpty else { break }
            pending = readable.filter { index in
                !done.contains(index) && requirements.contains { $0.isMet(by: sources[index]) }
            }
        }
        return Result(
            index: DeclarationIndex(parsed), parsedFiles: parsed.count, problems: problems, directives: directives)
    }

    /// The suppression comments of every file whose text mentions one (few do: only those are lexed).
    private static func directives(in sources: [Source]) -> [String: SuppressionComments.Parsed] {
        let candidates = sources.filter { $0.text.map(SuppressionCommentReader.mayContain) ?? false }
        let found: [(String, SuppressionComments.Parsed?)] = candidates.parallelMap(chunkSize: 4) { source in
            (source.path, SuppressionCommentReader.directives(in: source.text!))
        }
        var directives: [String: SuppressionComments.Parsed] = [:]
        for case (let path, let parsed?) in found { directives[path] = parsed }
        return directives
    }

    /// Words a file's declaration headers must all mention for the file to matter, in one package
    /// or (`package == nil`) anywhere.
    struct Requirement: Hashable {
        var words: [String]
        var package: String?

        fileprivate func isMet(by source: Source) -> Bool {
            (package == nil || package == source.package) && words.allSatisfy { source.mentions.contains($0) }
        }
    }

    /// What can change what errorlint reports, found in the files parsed so far:
    /// - protocols refining `LocalizedError`, anywhere (types in other packages adopt them);
    /// - types that conform to one or declare error members: their declaration and extensions, in
    ///   their package (extensions attach to declarations of the same package only). A nested
    ///   type needs every component of its name (`extension OpenAPI.Error` and the `extension
    ///   OpenAPI { struct Error … }` that declares it both mention `OpenAPI` and `Error`);
    /// - the names those types inherit (superclasses, protocols whose extensions provide members),
    ///   anywhere. Standard names (`Error`, `Sendable`, …) are never followed alone.
    static func requirements(in files: [FileDeclarations]) -> Set<Requirement> {
        let protocols = DeclarationIndex(files).localizedErrorProtocols
        var found = Set(
            protocols.filter { $0 != "LocalizedError" }.map { Requirement(words: [String($0)], package: nil) })
        func consider(_ qualifiedName: String, scope: String, inherited: [String], members: [DeclaredMember]) {
            let relevant =
                inherited.contains { protocols.contains(Substring($0)) }
                || members.contains { MemberNames.isOfInterest($0.name) }
            guard relevant else { return }
            let components = qualifiedName.split(separator: ".").map(String.init)
            if components.contains(where: { !standardNames.contains($0) }) {
                found.insert(Requirement(words: components, package: String(SourceScope.package(of: scope))))
            }
            for name in inherited where !standardNames.contains(name) {
                found.insert(Requirement(words: [name], package: nil))
            }
        }
        for file in files {
            for type in file.types {
                consider(type.qualifiedName, scope: type.scope, inherited: type.inheritedNames, members: type.members)
            }
            for extensionDeclaration in file.extensions {
                consider(
                    extensionDeclaration.extendedName, scope: extensionDeclaration.scope,
                    inherited: extensionDeclaration.inheritedNames, members: extensionDeclaration.members)
            }
        }
        return found
    }

    /// Standard library and Foundation protocols and types that error types commonly inherit:
    /// their declarations are not in the sources, and every other file mentions them, so
    /// following them would parse everything for nothing. (`LocalizedError` files are seeds.)
    static let standardNames: Set<String> = [
        "Error", "LocalizedError", "CustomNSError", "RecoverableError", "Sendable", "Equatable", "Hashable",
        "Codable", "Encodable", "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible",
        "CaseIterable", "Identifiable", "Comparable", "RawRepresentable", "String", "Int", "UInt", "Int32",
        "UInt8", "NSObject", "AnyObject", "Swift", "Foundation",
    ]

    /// Words that make a file worth parsing on their own: the protocol, and every member name a
    /// rule reads (a protocol extension of any protocol may provide one).
    static let seedWords = ["LocalizedError", MemberNames.localizedDescription] + ErrorMember.allCases.map(\.rawValue)

    private static func load(_ path: String, withMentions: Bool) -> Source {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            return Source(path: path, problem: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        var source = Source(path: path, text: String(decoding: data, as: UTF8.self))
        source.package = String(SourceScope.package(of: SourceScope.of(path)))
        guard withMentions else { return source }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            source.isSeed = seedWords.contains { ByteSearch.contains(bytes, $0) }
            source.mentions = DeclarationMentions.identifiers(in: bytes)
        }
        return source
    }
}
