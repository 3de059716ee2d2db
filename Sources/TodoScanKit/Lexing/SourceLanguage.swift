/// The comment syntaxes todoscan understands, chosen by file extension.
public enum SourceLanguage: String, Sendable, CaseIterable {
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
    public init?(path: String) {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path[...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return nil
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "swift": self = .swift
        case "c", "h", "m", "mm", "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "h++", "inl", "ipp":
            self = .cFamily
        case "py", "pyi": self = .python
        case "sh", "bash", "zsh", "ksh", "rb", "yml", "yaml", "toml", "pl", "pm", "cmake": self = .hashComments
        default: return nil
        }
    }
}
