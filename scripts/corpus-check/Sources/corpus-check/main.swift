// corpus-check [--tag WORD]... [--no-default-tags] [--allow-no-colon] ROOT
//
// Every tag in the comments of every .swift file under ROOT, read with swift-syntax, as JSON
// lines {"path","line","column","message"} (paths relative to ROOT). The options mean what
// todoscan's options of the same names mean. The walk skips the folders todoscan's tree walk
// skips and never enters linked folders.
import Dispatch
import Foundation

func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: corpus-check [--tag WORD]... [--no-default-tags] [--allow-no-colon] ROOT\n".utf8))
    exit(2)
}

var extraTags: [String] = []
var defaultTags = true
var allowsMissingColon = false
var positional: [String] = []
var argumentList = CommandLine.arguments.dropFirst()
while let argument = argumentList.popFirst() {
    switch argument {
    case "--tag":
        guard let word = argumentList.popFirst(), !word.isEmpty else { usage() }
        extraTags.append(word)
    case "--no-default-tags": defaultTags = false
    case "--allow-no-colon": allowsMissingColon = true
    case _ where argument.hasPrefix("-"): usage()
    default: positional.append(argument)
    }
}
guard positional.count == 1, let root = positional.first else { usage() }
let matcher = TagMatcher(
    words: (defaultTags ? TagMatcher.defaultWords : []) + extraTags, allowsMissingColon: allowsMissingColon)

let skipped: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"]

/// Regular `.swift` files under `root`, relative to it, sorted.
func swiftFiles(under root: String) -> [String] {
    let manager = FileManager.default
    var found: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
        let directory = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            let path = root + "/" + child
            guard let type = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType else {
                continue
            }
            switch type {
            case .typeDirectory:
                if !skipped.contains(name) { pending.append(child) }
            case .typeRegular:
                if name.hasSuffix(".swift") { found.append(child) }
            case .typeSymbolicLink:
                var isDirectory: ObjCBool = false
                if name.hasSuffix(".swift"), manager.fileExists(atPath: path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    found.append(child)
                }
            default:
                continue
            }
        }
    }
    return found.sorted()
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [FileResult?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: FileResult) { lock.withLock { slots[index] = result } }
    var all: [FileResult?] { lock.withLock { slots } }
}

let started = Date()
let files = swiftFiles(under: root)
let results = Results(count: files.count)
DispatchQueue.concurrentPerform(iterations: files.count) { index in
    let path = root + "/" + files[index]
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("corpus-check: cannot read \(path)\n".utf8))
        return
    }
    // todoscan skips files with a NUL byte in the first 8 KiB; so does this reading.
    if data.prefix(8192).contains(0) { return }
    let result = data.withUnsafeBytes { raw in
        CommentReader.read(raw.bindMemory(to: UInt8.self), fileName: files[index], matcher: matcher)
    }
    results.set(index, result)
}

struct Record: Encodable {
    var path: String
    var line: Int
    var column: Int
    var message: String
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var output = Data()
var tags = 0
var comments = 0
var misplaced = 0
for (path, result) in zip(files, results.all) {
    guard let result else { continue }
    comments += result.comments
    misplaced += result.misplacedPieces
    for finding in result.findings {
        tags += 1
        output += try encoder.encode(
            Record(path: path, line: finding.line, column: finding.column, message: finding.message))
        output.append(UInt8(ascii: "\n"))
    }
}
FileHandle.standardOutput.write(output)
let seconds = Date().timeIntervalSince(started)
FileHandle.standardError.write(
    Data(
        ("corpus-check: \(files.count) .swift files, \(comments) comments, \(tags) tags"
            + (misplaced > 0 ? ", \(misplaced) misplaced comment pieces" : "")
            + String(format: " (%.1f s)\n", seconds)).utf8))
