/// The comment syntaxes todoscan understands, chosen by file extension.
enum SourceLanguage: String, Sendable, CaseIterable {
    /// Swift: `//`, `///`, nesting `/* */`; every kind of string literal, regex literals.
    case swift
    /// C, C++, Objective-C, Objective-C++ and their headers: `//` (with `\` continuation),
    /// `/* */`; string, character and C++ raw string literals.
    case cFamily
    /// Python: `#` outside strings (including triple-quoted ones).
    case python
    /// Shell, Ruby, YAML, TOML and the like: `#` starting a word, outside quotes.
    case hashComments

    /// The language of a file by its extension, or `nil` when todoscan does not read it.
    init?(path: String) {
        var path = path
        guard let fileExtension = path.withUTF8(Self.lowercasedExtension) else { return nil }
        switch fileExtension {
        case "swift": self = .swift
        case "c", "h", "m", "mm", "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "h++", "inl", "ipp":
            self = .cFamily
        case "py", "pyi": self = .python
        case "sh", "bash", "zsh", "ksh", "rb", "yml", "yaml", "toml", "pl", "pm", "cmake": self = .hashComments
        default: return nil
        }
    }

    /// The text after the file name's last `.` in lower case, if it is short enough to be one
    /// todoscan knows (a small string: no allocation); `nil` without one, or for `.name` files.
    private static func lowercasedExtension(_ path: UnsafeBufferPointer<UInt8>) -> String? {
        var dot = path.count
        while dot > 0 && path[dot - 1] != UInt8(ascii: ".") {
            if path[dot - 1] == UInt8(ascii: "/") { return nil }
            dot -= 1
        }
        guard dot > 1, path[dot - 2] != UInt8(ascii: "/"), path.count - dot <= 5 else { return nil }
        return String(
            decoding: path[dot...].lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
