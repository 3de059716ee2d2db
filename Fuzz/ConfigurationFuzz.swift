// Fuzz target `configuration`: a `.preflight.json`, read from disk through the bounded reader as
// the tools read it, then every kind of value asked of every section.

import Foundation

private let scratch = ScratchFile(target: "configuration")
private let keys = ["tags", "format", "maxFileSize", "exclude", "steps", "coverage", "strict", "", "a"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    scratch.write(data, size)
    do {
        let file = try ConfigurationFile(contentsOf: scratch.path)
        for name in ConfigurationFile.sectionNames.sorted() + ["unknown"] {
            let section = file.section(name)
            for key in keys {
                check { () throws(ConfigurationError) in _ = try section.bool(key) }
                check { () throws(ConfigurationError) in _ = try section.int(key) }
                check { () throws(ConfigurationError) in _ = try section.number(key) }
                check { () throws(ConfigurationError) in _ = try section.string(key) }
                check { () throws(ConfigurationError) in _ = try section.strings(key) }
                check { () throws(ConfigurationError) in _ = try section.stringMap(key) }
                check { () throws(ConfigurationError) in _ = try section.numberMap(key) }
                check { () throws(ConfigurationError) in _ = try section.diagnosticFormat(key) }
                check { () throws(ConfigurationError) in
                    for nested in try section.sections(key) ?? [] { _ = try nested.strings("run") }
                }
            }
            check { () throws(ConfigurationError) in try section.checkKeys(Set(keys)) }
        }
    } catch {
        if case .unreadable = error { preconditionFailure("a regular file of \(size) bytes was refused: \(error)") }
        described(error)
    }
    return 0
}

/// Runs `body`; an error it throws must be described.
private func check(_ body: () throws(ConfigurationError) -> Void) {
    do { try body() } catch { described(error) }
}

private func described(_ error: ConfigurationError) {
    precondition(error.errorDescription != nil && error.failureReason != nil && error.recoverySuggestion != nil)
}
