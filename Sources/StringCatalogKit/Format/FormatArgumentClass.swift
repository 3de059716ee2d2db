/// What kind of value a format specifier reads from the argument list.
///
/// Length modifiers are ignored within a class: `%d`, `%ld`, `%lld`, `%i`, `%u`, `%x` are all
/// `integer`. Translators routinely write `%d` where the source has `%lld` (and Xcode's own
/// extraction switches between them), while the crash that matters — reading a number as an
/// object or a C string — is a difference of class. So `%@` vs `%d` is a mismatch, `%d` vs `%lld`
/// is not.
enum FormatArgumentClass: String, Sendable, Hashable, Codable {
    /// `%@`: an object.
    case object
    /// `%d %i %u %o %x %X %D %U %O`, any length modifier.
    case integer
    /// `%f %F %e %E %g %G %a %A`.
    case floatingPoint = "floating-point"
    /// `%c %C`.
    case character
    /// `%s %S`: a C string pointer.
    case cString = "C string"
    /// `%p`, `%n`.
    case pointer

    /// The class of a conversion as written after `%` and any flags (`lld`, `@`, `.2f`), from its
    /// last character; `nil` when that is not a conversion.
    init?(conversion: String) {
        guard let last = conversion.utf8.last else { return nil }
        self.init(conversionCharacter: last)
    }

    init?(conversionCharacter byte: UInt8) {
        switch byte {
        case UInt8(ascii: "@"): self = .object
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "o"), UInt8(ascii: "x"),
            UInt8(ascii: "X"), UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "O"):
            self = .integer
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            self = .floatingPoint
        case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
        case UInt8(ascii: "s"), UInt8(ascii: "S"): self = .cString
        case UInt8(ascii: "p"), UInt8(ascii: "n"): self = .pointer
        default: return nil
        }
    }
}
