import Foundation
import Testing

@testable import PrePushKit

/// The running executable's path as the system reports it.
@Suite("Executable path")
struct ExecutablePathTests {
    @Test("The path is absolute, real, and names this very executable, the same from every source")
    func current() throws {
        let path = ExecutablePath.current()
        #expect(path.hasPrefix("/"))
        #expect(ExecutablePath.realPath(path) == path)
        #expect(FileManager.default.isExecutableFile(atPath: path))
        // The portable fallback agrees with the platform's own answer.
        let bundle = try #require(Bundle.main.executablePath)
        #expect(ExecutablePath.realPath(bundle) == path)
        if let proc = ExecutablePath.procSelfExecutable() { #expect(ExecutablePath.realPath(proc) == path) }
        if let system = SystemExecutablePath.reported() { #expect(ExecutablePath.realPath(system) == path) }
    }

    @Test("Relative or missing paths are refused, never made absolute against the current folder")
    func realPathRefuses() {
        #expect(ExecutablePath.realPath("prepush") == nil)
        #expect(ExecutablePath.realPath("./prepush") == nil)
        #expect(ExecutablePath.realPath("/nonexistent/prepush") == nil)
        #expect(ExecutablePath.realPath("/bin/../bin/sh") != nil)
    }
}
