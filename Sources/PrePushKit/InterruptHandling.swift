import Foundation
import ProcessKit

extension PrePushRun {
    /// Ctrl-C (SIGINT, SIGTERM, SIGHUP) while a step runs stops the step's process group and the
    /// run unwinds, removing its temporary folder. This covers the moments between commands
    /// (todoscan runs in process): the run's folders are removed, one line says why, and the tool
    /// exits 128 + the signal. Call it after the tool's own `SignalForwarding.install()`.
    package static func handleInterrupts() {
        SignalForwarding.install { signal in
            RunTemporaryDirectory.removeAll()
            FileHandle.standardError.write(Data("prepush: interrupted by \(SignalName.of(signal))\n".utf8))
            exit(128 + signal)
        }
    }
}
