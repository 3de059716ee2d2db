extension String {
    /// The text quoted for a one-line finding message: in double quotes, line breaks as spaces, at
    /// most 100 characters (longer text ends in `…`). Long enough for a sentence with its
    /// interpolations as written (`"'\(command)' invocation failed with a nonzero exit code: \(code)."`).
    var quotedInMessage: String {
        let single = replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        return "\"" + (single.count > 100 ? String(single.prefix(99)) + "…" : single) + "\""
    }
}
