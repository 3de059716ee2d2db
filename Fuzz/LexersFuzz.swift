// Fuzz target `lexers`: the comment lexers and the tag finder, through the scanner's own entry
// point. The first byte picks the language; the rest is the source.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let languages = SourceLanguage.allCases
    let language = languages[Int(data[0]) % languages.count]
    let source = UnsafeBufferPointer(start: data + 1, count: size - 1)

    let spans = CommentLexer.comments(in: source, language: language)
    var previousEnd = 0
    for span in spans {
        precondition(span.start >= previousEnd, "comments overlap or are out of order: \(spans)")
        precondition(span.start <= span.end && span.end <= source.count, "span out of bounds: \(span)")
        previousEnd = span.end
    }

    for syntax in [TagSyntax(), TagSyntax(isCaseSensitive: false, allowsMissingColon: true)] {
        let found = TodoScanner(syntax: syntax).occurrences(in: source, language: language)
        var previous = (line: 1, column: 1)
        for occurrence in found {
            precondition(occurrence.line >= 1 && occurrence.column >= 1, "bad position: \(occurrence)")
            precondition(
                (occurrence.line, occurrence.column) > previous || found.first == occurrence,
                "tags out of order: \(found)")
            previous = (occurrence.line, occurrence.column)
        }
        // Lexing stops after the last tag word; that must find what lexing the whole file finds.
        let finder = TagFinder(syntax: syntax)
        let candidates = finder.candidates(in: source)
        let everything = finder.occurrences(in: source, spans: spans, candidates: candidates)
        precondition(candidates?.isEmpty == true || everything == found, "stopping early changed the tags")
        // Looking only at the candidate offsets must find what looking at every byte finds.
        if candidates != nil {
            precondition(
                everything == finder.occurrences(in: source, spans: spans, candidates: nil),
                "the candidate offsets missed a tag")
        }
    }
    return 0
}
