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
struct SwiftSourceReader: Sendable {
    /// Parse every file instead (the reference the prefilter is measured and checked against).
    var parsesEveryFile: Bool = false
    /// Files over this many bytes are skipped (and listed), as todoscan does.
    var maximumFileSize: Int = 64 << 20
    /// How long parsing one file may take before it is reported instead (see ``GuardedParse``).
    var parseTimeLimit: Double = GuardedParse.defaultTimeLimit
    /// Where the files are read: the work tree, or git's index (`--staged`). A staged file that
    /// is not loaded yet is loaded when a round must parse it.
    var source: ContentSource = .workTree
    /// What is already known of some files (by path, from ``SourceFactsCache``): they are read
    /// only when they must be parsed.
    var knownFacts: [String: SourceFacts] = [:]

    /// What reading found.
    struct Result: Sendable {
        var index: DeclarationIndex
        /// How many files were parsed (for the summary and the benchmark).
        var parsedFiles: Int
        /// Files that could not be read or parsed, with the reason.
        var problems: [DiscoveryProblem]
        /// Files over ``maximumFileSize``, not read.
        var skipped: [SkippedFile] = []
        /// Files with `errorlint:` suppression comments, by path, with them.
        var directives: [String: SuppressionComments.Parsed] = [:]
        /// What was learned from the bytes of files not in ``knownFacts``, by path, for those
        /// worth keeping (see ``SourceFacts``).
        var learned: [String: SourceFacts] = [:]
    }

    fileprivate struct Source: Sendable {
        var path: String
        /// The text, kept only for files parsed in the first round (seeds, or every file with
        /// ``parsesEveryFile``); the others are read again if a later round needs them, so a
        /// tree's text is not held in memory while only a few files are parsed.
        var text: String?
        var isReadable = false
        var problem: String?
        var skippedSize: Int?
        var isSeed = false
        var mentions: Set<String> = []
        /// The names of a file known from the cache (``SourceFacts/words``), made ``mentions`` only
        /// when a round looks for names.
        var knownWords = ""
        var directives: SuppressionComments.Parsed?
        /// The facts to keep, when read from bytes and worth keeping.
        var learned: SourceFacts?
    }

    func read(paths: [String]) -> Result {
        // A file known from the cache costs one look-up: only those read are spread over the cores.
        var sources: [Source] = []
        sources.reserveCapacity(paths.count)
        var unknown: [Int] = []
        for (index, path) in paths.enumerated() {
            if let facts = knownFacts[path] {
                sources.append(known(path, facts))
            } else {
                sources.append(Source(path: path))
                unknown.append(index)
            }
        }
        for (index, source) in zip(unknown, unknown.parallelMap(chunkSize: 32) { load(paths[$0]) }) {
            sources[index] = source
        }
        var problems = sources.compactMap { source in
            source.problem.map { DiscoveryProblem(path: source.path, reason: $0) }
        }
        let skipped = sources.compactMap { source in
            source.skippedSize.map { SkippedFile(path: source.path, size: $0) }
        }
        let readable = sources.indices.filter { sources[$0].isReadable }
        var directives: [String: SuppressionComments.Parsed] = [:]
        var learned: [String: SourceFacts] = [:]
        for source in sources {
            if let parsed = source.directives { directives[source.path] = parsed }
            if let facts = source.learned { learned[source.path] = facts }
        }
        var content = self.source

        var parsed: [FileDeclarations] = []
        var pending = parsesEveryFile ? readable : readable.filter { sources[$0].isSeed }
        var done = Set<Int>()
        var searched = Set<Requirement>()
        while !pending.isEmpty {
            done.formUnion(pending)
            content = Self.loading(pending.filter { sources[$0].text == nil }.map { sources[$0].path }, into: content)
            let (round, known) = (content, sources)
            let outcomes = pending.parallelMap(chunkSize: 4) { index in collect(known[index], from: round) }
            for outcome in outcomes {
                switch outcome {
                case .parsed(let declarations): parsed.append(declarations)
                case .failed(let problem): problems.append(problem)
                }
            }
            if parsesEveryFile { break }
            let requirements = Self.requirements(in: parsed).subtracting(searched)
            if ProcessInfo.processInfo.environment["ERRORLINT_TRACE"] != nil {
                let described = requirements.map { "\($0.words.joined(separator: "+"))@\($0.package ?? "*")" }.sorted()
                FileHandle.standardError.write(
                    Data("parsed \(pending.count) files; then looking for \(described)\n".utf8))
            }
            searched.formUnion(requirements)
            guard !requirements.isEmpty else { break }
            for index in readable where !sources[index].knownWords.isEmpty {
                sources[index].mentions = SourceFacts(size: 0, isSeed: false, words: sources[index].knownWords).mentions
                sources[index].knownWords = ""
            }
            pending = readable.filter { index in
                !done.contains(index) && requirements.contains { $0.isMet(by: sources[index]) }
            }
        }
        problems.sort { $0.path < $1.path }
        return Result(
            index: DeclarationIndex(parsed), parsedFiles: parsed.count, problems: problems, skipped: skipped,
            directives: directives, learned: learned)
    }

    /// `content` with the staged bytes of `paths` read (one `git cat-file --batch`); the work tree
    /// as it is. When git fails they stay unread, and reading them reports why.
    private static func loading(_ paths: [String], into content: ContentSource) -> ContentSource {
        guard case .index(let staged) = content else { return content }
        let missing = paths.filter { !staged.isLoaded($0) }
        guard !missing.isEmpty, let loaded = try? staged.loading(missing) else { return content }
        return .index(loaded)
    }

    /// The declarations of one file: its text as read, or read again; parsed within bounds.
    private func collect(_ source: Source, from content: ContentSource) -> ParseOutcome {
        let text: String
        if let kept = source.text {
            text = kept
        } else {
            do {
                text = String(decoding: try content.read(source.path, limit: maximumFileSize), as: UTF8.self)
            } catch {
                return .failed(DiscoveryProblem(path: source.path, reason: error.reason))
            }
        }
        return GuardedParse.collect(path: source.path, source: text, timeLimit: parseTimeLimit)
    }

    /// Words a file's declaration headers must all mention for the file to matter, in one package
    /// or (`package == nil`) anywhere.
    struct Requirement: Hashable {
        var words: [String]
        var package: String?

        fileprivate func isMet(by source: Source) -> Bool {
            words.allSatisfy { source.mentions.contains($0) }
                && (package.map { $0 == SourceScope.package(of: SourceScope.of(source.path)) } ?? true)
        }
    }

    /// What can change what errorlint reports, found in the files parsed so far:
    /// - protocols refining `LocalizedError`, anywhere (types in other packages adopt them);
    /// - types that conform to one or declare error members: their declaration and extensions,
    ///   anywhere (an extension may name an imported module's type). A nested type needs every
    ///   component of its name (`extension OpenAPI.Error` and the `extension OpenAPI { struct
    ///   Error … }` that declares it both mention `OpenAPI` and `Error`), or all but the first (a
    ///   module-qualified `extension Kit.Failure`);
    /// - the `typealias` a name may be (its header mentions the name), then what it aliases;
    /// - the names those types inherit (superclasses, protocols whose extensions provide members),
    ///   anywhere. Standard names (`Error`, `Sendable`, …) are never followed alone.
    static func requirements(in files: [FileDeclarations]) -> Set<Requirement> {
        let protocols = DeclarationIndex(files).localizedErrorProtocols
        var found = Set(
            protocols.filter { $0 != "LocalizedError" }.map { Requirement(words: [String($0)], package: nil) })
        let aliases = files.flatMap(\.typealiases)
        func require(_ components: [String]) {
            if !components.isEmpty, components.contains(where: { !standardNames.contains($0) }) {
                found.insert(Requirement(words: components, package: nil))
            }
        }
        func consider(_ qualifiedName: String, scope: String, inherited: [String], members: [DeclaredMember]) {
            let relevant =
                inherited.contains { protocols.contains(Substring($0)) }
                || members.contains { MemberNames.isOfInterest($0.name) }
            guard relevant else { return }
            let components = qualifiedName.split(separator: ".").map(String.init)
            require(components)
            require(Array(components.dropFirst()))
            let resolved = DeclarationIndex.resolvingAliases(qualifiedName, scope: scope, aliases: aliases)
            if resolved != qualifiedName { require(resolved.split(separator: ".").map(String.init)) }
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

    /// A file known from the cache, by its facts: nothing is read.
    private func known(_ path: String, _ facts: SourceFacts) -> Source {
        guard facts.size <= maximumFileSize else { return Source(path: path, skippedSize: facts.size) }
        return Source(path: path, isReadable: true, isSeed: facts.isSeed, knownWords: facts.words)
    }

    /// Reads one file for the prefilter (the work tree's bytes, or the index's): whether it is a
    /// seed, the names its declaration headers mention, its suppression comments. Its text is kept
    /// only when the first round parses it.
    private func load(_ path: String) -> Source {
        let bytes: [UInt8]
        do {
            bytes = try self.source.read(path, limit: maximumFileSize)
        } catch {
            if case .tooLarge(_, let size, _) = error { return Source(path: path, skippedSize: size) }
            return Source(path: path, problem: error.reason)
        }
        var source = Source(path: path, isReadable: true)
        if let depth = NestingDepth.exceeded(in: bytes, limit: NestingDepth.limit) {
            source.isReadable = false
            source.problem = depth.reason
            return source
        }
        bytes.withUnsafeBufferPointer { bytes in
            source.isSeed = Self.seedWords.contains { ByteSearch.contains(bytes, $0) }
            if !parsesEveryFile { source.mentions = DeclarationMentions.identifiers(in: bytes) }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if SuppressionCommentReader.mayContain(text) {
            source.directives = SuppressionCommentReader.directives(in: text)
        } else if !parsesEveryFile {
            source.learned = SourceFacts(size: bytes.count, isSeed: source.isSeed, mentions: source.mentions)
        }
        if parsesEveryFile || source.isSeed { source.text = text }
        return source
    }
}
