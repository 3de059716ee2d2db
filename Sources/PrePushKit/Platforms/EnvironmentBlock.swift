/// A process's environment as the system hands it over: `NAME=value` strings, each ended by a
/// NUL byte. Parsing is the same on every platform; only reading the bytes is not
/// (``ProcessEnvironments``).
struct EnvironmentBlock: Sendable, Equatable {
    /// The `NAME=value` strings, in order, as bytes (an environment need not be UTF-8).
    var variables: [[UInt8]]

    init(variables: [[UInt8]]) {
        self.variables = variables
    }

    /// A block of NUL-terminated strings, as Linux's `/proc/<pid>/environ` gives it.
    init(nulSeparated bytes: some Collection<UInt8>) {
        variables = bytes.split(separator: 0, omittingEmptySubsequences: true).map { Array($0) }
    }

    /// The environment in what Darwin's `sysctl` `KERN_PROCARGS2` returns, or `nil` when the
    /// bytes are too short for what they claim. The layout: `argc` (a 32-bit integer in the
    /// machine's byte order), the executable's path, NUL padding, `argc` arguments, then the
    /// environment. Darwin's `apple[]` strings (`executable_path=…`, `ptr_munge=…`) may follow
    /// the environment and are kept: no run's `TMPDIR=…` can look like one. Arguments are never
    /// taken for variables, so `env TMPDIR=… tool` started by someone else does not match.
    init?(processArguments bytes: [UInt8]) {
        let countSize = MemoryLayout<Int32>.size
        guard bytes.count >= countSize else { return nil }
        let argumentCount = bytes.withUnsafeBytes { Int($0.loadUnaligned(as: Int32.self)) }
        guard argumentCount >= 0 else { return nil }
        // The executable's path, then the NUL bytes that pad it.
        guard var index = bytes[countSize...].firstIndex(of: 0) else { return nil }
        while index < bytes.count, bytes[index] == 0 { index += 1 }
        for _ in 0..<argumentCount {
            guard let end = bytes[index...].firstIndex(of: 0) else { return nil }
            index = end + 1
        }
        self.init(nulSeparated: bytes[index...])
    }

    /// Whether one of the variables is exactly `assignment` (`NAME=value`).
    func contains(_ assignment: String) -> Bool {
        let wanted = Array(assignment.utf8)
        return variables.contains(wanted)
    }
}
