import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The processes of this user with their environments, read from the system.
///
/// Decided at run time: where `/proc` lists processes (Linux) each one's `/proc/<pid>/environ`
/// is read; otherwise, on Darwin, `sysctl` lists the user's processes (`KERN_PROC_UID`) and gives
/// each one's arguments and environment (`KERN_PROCARGS2`, parsed by ``EnvironmentBlock``).
/// Processes that end meanwhile, or whose environment may not be read, are left out.
enum ProcessEnvironments {
    static func current() -> [(pid: Int32, environment: EnvironmentBlock)] {
        fromProcFileSystem() ?? DarwinProcesses.environments()
    }

    /// Every process `/proc` shows whose environment this user may read, or `nil` without a
    /// Linux-style `/proc` (`/proc/self/environ` readable).
    static func fromProcFileSystem() -> [(pid: Int32, environment: EnvironmentBlock)]? {
        let files = FileManager.default
        guard files.isReadableFile(atPath: "/proc/self/environ"),
            let names = try? files.contentsOfDirectory(atPath: "/proc")
        else { return nil }
        return names.compactMap { name in
            guard let pid = Int32(name), let bytes = files.contents(atPath: "/proc/\(name)/environ") else { return nil }
            return (pid, EnvironmentBlock(nulSeparated: bytes))
        }
    }
}

#if canImport(Darwin)
/// Darwin's process table through `sysctl(3)`. Never compiled on Linux: keep it small.
private enum DarwinProcesses {
    /// This user's processes with their environments.
    static func environments() -> [(pid: Int32, environment: EnvironmentBlock)] {
        var found: [(pid: Int32, environment: EnvironmentBlock)] = []
        for pid in pids(ofUser: getuid()) {
            guard let bytes = processArguments(of: pid), let environment = EnvironmentBlock(processArguments: bytes)
            else { continue }
            found.append((pid: pid, environment: environment))
        }
        return found
    }

    /// The process ids of user `uid`.
    static func pids(ofUser uid: uid_t) -> [pid_t] {
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_UID, Int32(bitPattern: uid)]
        var size = 0
        guard sysctl(&name, u_int(name.count), nil, &size, nil, 0) == 0 else { return [] }
        let stride = MemoryLayout<kinfo_proc>.stride
        // Room for processes started between the two calls.
        var entries = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 32)
        size = entries.count * stride
        guard sysctl(&name, u_int(name.count), &entries, &size, nil, 0) == 0 else { return [] }
        return entries.prefix(size / stride).map { $0.kp_proc.p_pid }
    }

    /// The `KERN_PROCARGS2` bytes of `pid`, or `nil` when it has ended or is not ours to read.
    static func processArguments(of pid: pid_t) -> [UInt8]? {
        var maximumName: [Int32] = [CTL_KERN, KERN_ARGMAX]
        var maximum: Int32 = 0
        var maximumSize = MemoryLayout<Int32>.size
        guard sysctl(&maximumName, 2, &maximum, &maximumSize, nil, 0) == 0, maximum > 0 else { return nil }
        var name: [Int32] = [CTL_KERN, KERN_PROCARGS2, pid]
        var buffer = [UInt8](repeating: 0, count: Int(maximum))
        var size = buffer.count
        guard sysctl(&name, 3, &buffer, &size, nil, 0) == 0 else { return nil }
        return Array(buffer.prefix(size))
    }
}
#else
/// Elsewhere, without a Linux-style /proc, no process table is read.
private enum DarwinProcesses {
    static func environments() -> [(pid: Int32, environment: EnvironmentBlock)] { [] }
}
#endif
