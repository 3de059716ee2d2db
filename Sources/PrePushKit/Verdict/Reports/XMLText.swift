/// Text written into the XML (and HTML) reports: the coverage exports and the JUnit report.
enum XMLText {
    /// `text` with XML's five special characters as entities and without the characters XML 1.0
    /// cannot hold (control characters other than tab, line feed and carriage return, U+FFFE,
    /// U+FFFF). In an attribute (`attribute`), tab and line breaks become character references,
    /// so they survive attribute-value normalization.
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n" where attribute: result += "&#10;"
            case "\r" where attribute: result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
