import Foundation
import ProcessKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `errorlint` given files that are not plain UTF-8 text: `.strings` files in UTF-16
/// and UTF-32 with a syntax error (the message shows no raw NUL byte), and named pipes and
/// `/dev/zero` under the names of the files it reads (a clear message, never "permission", and no
/// hang: each run has a time limit that fails the test instead of hanging the suite).
@Suite("errorlint special files end to end")
struct ErrorLintSpecialFilesEndToEndTests {
    private static let errorlint = ToolCommandTests.productsDirectory + "/errorlint"

    private static func run(_ arguments: [String], in folder: String) async throws -> ProcessResult {
        var command = Command(Self.errorlint, arguments, workingDirectory: folder)
        command.timeout = .seconds(300)
        return try await command.run()
    }

    private static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "errorlint-special-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `text` as UTF-16 or UTF-32, with a byte order mark.
    private static func encoded(_ text: String, _ encoding: String.Encoding) throws -> Data {
        try #require(text.data(using: encoding))
    }

    @Test(
        "A .strings file in UTF-16 or UTF-32 with a syntax error: exit 2, a message without raw NUL bytes",
        arguments: [
            ("UTF-16 LE", String.Encoding.utf16LittleEndian), ("UTF-16 BE", .utf16BigEndian), ("UTF-16", .utf16),
            ("UTF-32", .utf32), ("UTF-32 LE", .utf32LittleEndian),
        ])
    func wideStrings(label: String, encoding: String.Encoding) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "\"greeting\" = \"Hello\";\n\"broken\" = ;\n"
        try Self.encoded(text, encoding).write(to: URL(fileURLWithPath: folder + "/Localizable.strings"))
        let result = try await Self.run(["Localizable.strings"], in: folder)
        #expect(result.termination == .exited(2), "\(label): \(result.errorText)")
        #expect(result.errorText.contains("Localizable.strings:"), "\(label): \(result.errorText)")
        #expect(result.errorText.contains("catalog syntax error"), "\(label): \(result.errorText)")
        let bytes = (result.standardError?.bytes ?? []) + (result.standardOutput?.bytes ?? [])
        #expect(!bytes.contains(0), "\(label): a raw NUL byte in the output")
    }

    @Test(
        "A FIFO or /dev/zero named as a Swift file or a catalog: a clear error (exit 2), no hang, never 'permission'",
        arguments: ["Pipe.swift", "Pipe.strings", "Pipe.xcstrings", "Pipe.stringsdict", "Zero.swift", "Zero.xcstrings"])
    func notRegularFiles(name: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if name.hasPrefix("Pipe") {
            #expect(mkfifo(folder + "/" + name, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: "/dev/zero")
        }
        try "public func one() -> Int { 1 }\n".write(toFile: folder + "/Good.swift", atomically: true, encoding: .utf8)
        let result = try await Self.run([name, "Good.swift"], in: folder)
        #expect(result.termination == .exited(2), "\(name): \(result.errorText)")
        let kind =
            name.hasPrefix("Pipe") ? "It is a FIFO (named pipe), not a regular file." : "It is a character device"
        #expect(result.errorText.contains(name), "\(name): \(result.errorText)")
        #expect(result.errorText.contains(kind), "\(name): \(result.errorText)")
        #expect(!result.errorText.lowercased().contains("permission"), "\(name): \(result.errorText)")
        // The good file beside it is still read.
        #expect(result.errorText.contains("parsed)"), "\(name): \(result.errorText)")
    }

    @Test("/dev/zero itself is not a file errorlint reads (no Swift or catalog name): skipped, no hang")
    func deviceByItsName() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Self.run(["/dev/zero"], in: folder)
        #expect(result.termination == .exited(0), "\(result.errorText)")
        #expect(result.errorText.contains("no findings in 0 files"), "\(result.errorText)")
    }
}
