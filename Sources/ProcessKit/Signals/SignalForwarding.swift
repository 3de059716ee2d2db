import CProcessKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Passes the signals a tool receives on to the commands it is running.
///
/// Foundation starts every child in a process group of its own, so a terminal's Ctrl-C reaches
/// only the tool, never `swift build` or its `swift-frontend` children. A tool calls
/// ``install(onIdleSignal:)`` once at start; from then on `SIGINT`, `SIGTERM` and `SIGHUP` are
/// sent to the process group of every running command, which is killed (`SIGKILL`) if it is still
/// there after its grace period, or at once on a second signal. The interrupted runs throw
/// ``ProcessError/interrupted(signal:command:partial:)`` so the tool unwinds and cleans up; later
/// runs throw the same without starting anything.
///
/// The handlers are real handlers, not `SIG_IGN`: dispositions set to ignore survive `exec`, so
/// ignoring would leave children deaf to Ctrl-C. `SIGPIPE` gets a no-op handler for the same
/// reason: writes to a closed pipe fail with `EPIPE` instead of killing the tool, and children
/// still start with `SIGPIPE` at its default.
public enum SignalForwarding {
    /// The signals forwarded by ``install(onIdleSignal:)``.
    public static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let state = State()

    /// Starts forwarding. `onIdleSignal` runs (on a background thread) when a signal arrives while
    /// no command is running; the default exits with the shell's status, 128 + the signal.
    public static func install(onIdleSignal: @escaping @Sendable (Int32) -> Void = { exit(128 + $0) }) {
        prepareProcess()
        state.install(onIdleSignal: onIdleSignal)
    }

    /// The first forwarded signal received since ``install(onIdleSignal:)``, if any.
    public static var receivedSignal: Int32? { state.receivedSignal }

    /// Makes writes to closed pipes fail with `EPIPE` instead of killing the process. Idempotent;
    /// every run calls it.
    static func prepareProcess() {
        state.preparePipeSignal()
    }

    static func register(_ execution: Execution) { state.register(execution) }
    static func unregister(_ execution: Execution) { state.unregister(execution) }

    private final class State: Sendable {
        private struct Fields {
            var running: [ObjectIdentifier: Execution] = [:]
            var signalReceived: Int32?
            var installed = false
            var pipePrepared = false
            var onIdleSignal: (@Sendable (Int32) -> Void)?
        }

        private let fields = Locked(Fields())

        var receivedSignal: Int32? { fields.withLock { $0.signalReceived } }

        func preparePipeSignal() {
            fields.withLock { fields in
                guard !fields.pipePrepared else { return }
                fields.pipePrepared = true
                _ = pk_install_noop_handler(SIGPIPE)
            }
        }

        func register(_ execution: Execution) {
            let signal = fields.withLock { fields in
                fields.running[ObjectIdentifier(execution)] = execution
                return fields.signalReceived
            }
            if let signal { execution.requestStop(.interrupted(signal)) }
        }

        func unregister(_ execution: Execution) {
            fields.withLock { $0.running[ObjectIdentifier(execution)] = nil }
        }

        func install(onIdleSignal: @escaping @Sendable (Int32) -> Void) {
            let first = fields.withLock { fields in
                fields.onIdleSignal = onIdleSignal
                defer { fields.installed = true }
                return !fields.installed
            }
            guard first else { return }
            guard let ends = try? POSIX.makePipe() else { return }
            POSIX.setNonBlocking(ends.write)
            for signal in SignalForwarding.forwardedSignals {
                _ = pk_route_signal_to_fd(signal, ends.write)
            }
            SignalMask.unblock(SignalForwarding.forwardedSignals)
            DetachedThread.start { [self] in
                var byte: UInt8 = 0
                while true {
                    let count = read(ends.read, &byte, 1)
                    if count == 1 {
                        deliver(Int32(byte))
                    } else if count < 0, errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }

        private func deliver(_ signal: Int32) {
            let (targets, idleHandler) = fields.withLock { fields in
                if fields.signalReceived == nil { fields.signalReceived = signal }
                return (Array(fields.running.values), fields.onIdleSignal)
            }
            if targets.isEmpty {
                idleHandler?(signal)
            } else {
                for execution in targets { execution.requestStop(.interrupted(signal)) }
            }
        }
    }
}
