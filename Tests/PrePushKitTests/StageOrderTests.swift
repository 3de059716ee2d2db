import Foundation
import Testing

/// A push goes through four stages, each a folder of PrePushKit: Decide, Plan, Run, Verdict. A stage
/// may use what an earlier stage or a shared folder (Records, WorkTree, RunFolder, ReportPaths,
/// Platforms, Settings, Output…) defines, never what a later stage defines: the pipeline reads
/// forward. This reads PrePushKit's sources and names each place an earlier stage's file names a
/// top-level type of a later stage's folder.
@Suite("prepush's stages only look forward")
struct StageOrderTests {
    static let stages = ["Decide", "Plan", "Run", "Verdict"]

    struct Reference: CustomStringConvertible, Equatable {
        var file: String
        var type: String
        var stage: String
        var description: String { "\(file) names \(type) (\(stage))" }
    }

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PrePushKit")
    }

    /// Every Swift file under `folder`, by its path relative to it, with its text.
    static func files(in folder: URL) throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The names a file declares at its top level (a declaration starting its line).
    static func topLevelTypes(_ text: String) -> [String] {
        let kinds = ["struct", "enum", "class", "actor", "protocol", "typealias"]
        let modifiers: Set = ["public", "package", "internal", "private", "fileprivate", "final", "indirect"]
        return text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
            while let first = words.first, modifiers.contains(String(first)) { words = words.dropFirst() }
            guard let kind = words.first, kinds.contains(String(kind)), words.count > 1 else { return nil }
            let name = words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// Whether `code` names `identifier` as a whole word.
    static func names(_ code: String, _ identifier: String) -> Bool {
        var rest = code[...]
        while let range = rest.range(of: identifier) {
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            let after = range.upperBound == code.endIndex ? nil : code[range.upperBound]
            func isWord(_ character: Character?) -> Bool {
                character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            }
            if !isWord(before) && !isWord(after) { return true }
            rest = code[range.upperBound...]
        }
        return false
    }

    /// Every place an earlier stage names a later stage's type; comments do not count.
    static func backwardReferences(in folder: URL) throws -> [Reference] {
        let files = try files(in: folder)
        func stage(_ path: String) -> Int? { stages.firstIndex(of: String(path.prefix { $0 != "/" })) }
        var defined: [String: Int] = [:]
        for file in files {
            guard let index = stage(file.path) else { continue }
            for name in topLevelTypes(file.text) { defined[name] = index }
        }
        var references: [Reference] = []
        for file in files {
            guard let index = stage(file.path) else { continue }
            let code = file.text.split(separator: "\n").map { line in
                line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
            }.joined(separator: "\n")
            for (name, later) in defined.sorted(by: { $0.key < $1.key }) where later > index && names(code, name) {
                references.append(Reference(file: file.path, type: name, stage: stages[later]))
            }
        }
        return references
    }

    @Test("No file of an earlier stage names a type defined in a later stage's folder")
    func forwardOnly() throws {
        let references = try Self.backwardReferences(in: Self.sources)
        #expect(references.isEmpty, "\(references.map(\.description).joined(separator: "\n"))")
    }

    @Test("The reader finds a backward reference, and not one in a comment or inside a longer name")
    func readerFindsReferences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-order-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in [
            "Plan/A.swift": "struct Planned { var run: RunThing }\n",
            "Plan/B.swift": "// RunThing in a comment\nstruct B { var x: [RunThings] }\n",
            "Run/C.swift": "struct RunThing {}\nextension Planned {}\n",
            "Shared/D.swift": "struct D { var r: RunThing }\n",
        ] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let references = try Self.backwardReferences(in: folder)
        #expect(references == [Reference(file: "Plan/A.swift", type: "RunThing", stage: "Run")])
    }
}
