// Fuzz target `hookfilter`: the pre-filter of hooks/pre-push (run by /bin/sh, as git runs it)
// against prepush's contract parser. The hook may answer "only deletes" itself only for input
// prepush reads as deletions; it may hand anything to prepush. For input in git's exact shape it
// answers itself whenever prepush would.
//
// Inputs holding a NUL byte are not compared: sh's `read` drops NUL bytes, and git's ref lines
// hold none (neither ref names nor object names can).

import Foundation

/// The hook, its prepush a stand-in that reads the input and exits 3, in a folder of the run's
/// own (`FUZZ_TARGET_DIR`, which fuzz.sh removes; else the temporary folder).
private let folder =
    ProcessInfo.processInfo.environment["FUZZ_TARGET_DIR"] ?? NSTemporaryDirectory() + "preflight-fuzz-hook-\(getpid())"
private let hook: String = {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let standIn = folder + "/prepush-stand-in"
    let script = "#!/bin/sh\ncat >/dev/null\nexit 3\n"
    guard
        FileManager.default.createFile(
            atPath: standIn, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]),
        let template = try? String(contentsOfFile: "hooks/pre-push", encoding: .utf8)
    else { preconditionFailure("run from the repository's root: hooks/pre-push is read") }
    let path = folder + "/pre-push"
    let text = template.replacingOccurrences(of: "@PREPUSH_BINARY@", with: standIn)
    precondition(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    return path
}()
private let input = folder + "/input"

/// The hook's exit status for `bytes` on its standard input: 0 when it answered itself, 3 when
/// it handed the input to prepush.
private func runHook(_ bytes: [UInt8]) -> Int32 {
    let hook = hook  // made first: it makes the folder
    precondition(FileManager.default.createFile(atPath: input, contents: Data(bytes)))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [hook, "origin", "https://example.com/repo.git"]
    process.environment = ["PATH": "/usr/bin:/bin"]
    process.standardInput = FileHandle(forReadingAtPath: input)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { preconditionFailure("cannot run sh: \(error)") }
    process.waitUntilExit()
    return process.terminationStatus
}

/// Every line is four fields separated by single spaces, nothing else: the shape git writes.
private func hasGitsShape(_ text: String) -> Bool {
    text.split(separator: "\n", omittingEmptySubsequences: true).allSatisfy { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        return fields.count == 4 && fields.allSatisfy { !$0.isEmpty && !$0.contains { $0.isWhitespace } }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.contains(0) { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    let request = try? PushRequest.parse(arguments: ["origin", "https://example.com/repo.git"], input: text)
    let status = runHook(bytes)
    precondition(status == 0 || status == 3, "the hook failed with \(status)")
    if status == 0 {
        precondition(request?.deletesOnly == true, "the hook skipped input prepush does not read as deletions only")
    } else if request?.deletesOnly == true, hasGitsShape(text), String(validating: bytes, as: UTF8.self) != nil {
        preconditionFailure("the hook handed on a push of deletions in git's own shape")
    }
    return 0
}
