#if canImport(Darwin)
import Darwin
import MachO
#endif

/// The path the system recorded for the running executable where only a system call knows it
/// (Darwin's `_NSGetExecutablePath`). Elsewhere `nil`: Linux's answer, `/proc/self/exe`, is read
/// at run time by ``ExecutablePath`` on every platform that has it.
enum SystemExecutablePath {
    static func reported() -> String? {
        #if canImport(Darwin)
        // First call: the size needed (it returns -1 and sets `size`); second call: the path.
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return nil
        #endif
    }
}
