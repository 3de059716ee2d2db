/// Text helpers for values and messages, on UTF-8 bytes.
extension String {
    /// Plain substring replacement on UTF-8 bytes (Foundation's is locale-aware and slow).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let pattern = Array(target.utf8)
        guard let first = pattern.first, source.count >= pattern.count else { return self }
        var output: [UInt8] = []
        var index = 0
        var changed = false
        while index < source.count {
            if source[index] == first, index + pattern.count <= source.count,
                source[index..<(index + pattern.count)].elementsEqual(pattern)
            {
                if !changed {
                    output.reserveCapacity(source.count)
                    output += source[..<index]
                    changed = true
                }
                output += replacement.utf8
                index += pattern.count
                continue
            }
            if changed { output.append(source[index]) }
            index += 1
        }
        return changed ? String(decoding: output, as: UTF8.self) : self
    }

    /// The key quoted for a one-line message, shortened when long and with line breaks escaped.
    var quotedForMessage: String {
        var text = utf8.contains(0x0A) ? replacingAll("\n", with: "\\n") : self
        if text.utf8.count > 60 && text.count > 60 { text = String(text.prefix(57)) + "…" }
        return "\"\(text)\""
    }
}
