/// One `%` directive of a printf/NSString format string.
struct FormatSpecifier: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// Reads one argument of that class.
        case argument(FormatArgumentClass)
        /// `%#@name@`: replaced by a substitution's (or `.stringsdict` variable's) form, chosen by
        /// an argument.
        case substitution(name: String)
        /// `%arg` inside an xcstrings substitution form: the substitution's own argument.
        case substitutionArgument
        /// Not a valid directive that reads an argument (`%0$@`, `%1$` followed by no conversion).
        case invalid(reason: String)
    }

    /// The directive as written (`%2$lld`, `%#@files@`, `*` for a `*` width or precision).
    var text: String
    /// The explicit 1-based position (`%2$@` → 2); `nil` when it takes the next argument.
    var position: Int?
    var kind: Kind
    /// The directive's offset in the string's UTF-8 bytes.
    var offset: Int

    /// Every directive of `format` that reads an argument or is invalid, in order.
    ///
    /// `%%` is a literal percent. A `%` that does not start a directive (`100%`, `50% off`) is
    /// literal too: the space flag is not accepted, because "50% off" means a percent sign in
    /// every real catalog, never `% o`. Flags `-+#0'`, a width and precision (digits or `*`,
    /// which reads an integer argument), length modifiers `hh h l ll q L z t j` and the conversions
    /// `@ d i u o x X D U O f F e E g G a A c C s S p n` are recognized.
    static func parse(_ format: String) -> [FormatSpecifier] {
        var result: [FormatSpecifier] = []
        let bytes = Array(format.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if let (specifiers, end) = directive(bytes, at: index) {
                result += specifiers
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// The directive starting at the `%` at `start` and the index after it, or `nil` when that `%`
    /// is literal text. A `*` width or precision comes before its directive.
    private static func directive(_ bytes: [UInt8], at start: Int) -> ([FormatSpecifier], Int)? {
        var index = start + 1
        func text(_ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }
        func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        func isLetter(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }

        guard let first = at(index) else { return nil }
        if first == UInt8(ascii: "%") { return ([], index + 1) }
        if first == UInt8(ascii: "a"), at(index + 1) == UInt8(ascii: "r"), at(index + 2) == UInt8(ascii: "g"),
            !isLetter(at(index + 3))
        {
            return (
                [FormatSpecifier(text: "%arg", position: nil, kind: .substitutionArgument, offset: start)], index + 3
            )
        }

        var position: Int?
        var digitsEnd = index
        while isDigit(at(digitsEnd)) { digitsEnd += 1 }
        if digitsEnd > index, at(digitsEnd) == UInt8(ascii: "$") {
            let number = Int(String(decoding: bytes[index..<digitsEnd], as: UTF8.self)) ?? Int.max
            index = digitsEnd + 1
            if number == 0 {
                let end = conversionEnd(bytes, from: index) ?? index
                let invalid = FormatSpecifier(
                    text: text(end), position: 0, kind: .invalid(reason: "argument positions start at 1"),
                    offset: start)
                return ([invalid], end)
            }
            position = number
        }

        if at(index) == UInt8(ascii: "#"), at(index + 1) == UInt8(ascii: "@") {
            var end = index + 2
            while let byte = at(end), byte != UInt8(ascii: "@") { end += 1 }
            guard end < bytes.count, end > index + 2 else {
                let invalid = FormatSpecifier(
                    text: text(min(end, bytes.count)), position: position,
                    kind: .invalid(reason: "'%#@' without a closing '@'"), offset: start)
                return ([invalid], min(end, bytes.count))
            }
            let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            return (
                [
                    FormatSpecifier(
                        text: text(end + 1), position: position, kind: .substitution(name: name), offset: start)
                ], end + 1
            )
        }

        var stars: [FormatSpecifier] = []
        while let byte = at(index), "-+#0'".utf8.contains(byte) { index += 1 }
        if at(index) == UInt8(ascii: "*") {
            stars.append(FormatSpecifier(text: "*", position: nil, kind: .argument(.integer), offset: index))
            index += 1
        } else {
            while isDigit(at(index)) { index += 1 }
        }
        if at(index) == UInt8(ascii: ".") {
            index += 1
            if at(index) == UInt8(ascii: "*") {
                stars.append(FormatSpecifier(text: "*", position: nil, kind: .argument(.integer), offset: index))
                index += 1
            } else {
                while isDigit(at(index)) { index += 1 }
            }
        }
        while let byte = at(index), "hlqLztj".utf8.contains(byte) { index += 1 }
        guard let conversion = at(index), let argumentClass = FormatArgumentClass(conversionCharacter: conversion)
        else {
            guard position != nil else { return nil }
            let invalid = FormatSpecifier(
                text: text(min(index + 1, bytes.count)), position: position,
                kind: .invalid(reason: "no conversion character after the position"), offset: start)
            return ([invalid], min(index + 1, bytes.count))
        }
        let specifier = FormatSpecifier(
            text: text(index + 1), position: position, kind: .argument(argumentClass), offset: start)
        return (stars + [specifier], index + 1)
    }

    /// Where a directive after `%0$` would end, to quote it whole.
    private static func conversionEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "@") {
            index += 2
            while index < bytes.count && bytes[index] != UInt8(ascii: "@") { index += 1 }
            return index < bytes.count ? index + 1 : nil
        }
        while index < bytes.count, "-+#0'.*123456789hlqLztj".utf8.contains(bytes[index]) { index += 1 }
        guard index < bytes.count, FormatArgumentClass(conversionCharacter: bytes[index]) != nil else { return nil }
        return index + 1
    }
}
