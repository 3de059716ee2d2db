import Foundation

/// One self-contained HTML page (its style inline, no script, nothing fetched): the total, a
/// table per package with each target and its files, then each file's source with every
/// coverable line marked covered (green, with its count) or not (red).
enum CoverageHTMLExport {
    /// `source` gives a file's text (package, package-relative path), `nil` when it cannot be read.
    static func render(
        _ report: CoverageReport, title: String, source: (PackageCoverage, String) -> String?
    ) -> String {
        let total = report.total
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Coverage: \(escape(title))</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <h1>Coverage of \(escape(title))</h1>
            <p class="total">Total: <strong>\(percent(total))</strong> of \(total.count) lines \
            (\(total.covered) covered, \(total.count - total.covered) not), measured by \(escape(report.backend)).</p>

            """
        for package in report.packages {
            html += table(package)
        }
        for package in report.packages {
            for file in package.summary.files {
                html += listing(file, package: package, text: source(package, file.path))
            }
        }
        html += "</body>\n</html>\n"
        return html
    }

    private static func table(_ package: PackageCoverage) -> String {
        let summary = package.summary
        var html = """
            <h2>\(package.path == "." ? "The package at the repository's root" : "Package " + escape(package.path))</h2>
            <table class="summary">
            <thead><tr><th>Target / file</th><th>Covered</th><th>Lines</th><th>Coverage</th><th></th>\
            <th>Minimum</th></tr></thead>
            <tbody>

            """
        for target in summary.targets {
            html += row(
                name: escape(target.name), lines: target.lines, minimum: package.gates.targetMinimums[target.name],
                kind: "target")
            for file in summary.files where file.target == target.name {
                let path = package.repositoryPath(file.path)
                html += row(
                    name: "<a href=\"#\(anchor(path))\">\(escape(path))</a>", lines: file.lines,
                    minimum: package.gates.fileMinimums[file.path], kind: "file")
            }
        }
        html += row(name: "Total", lines: summary.total, minimum: package.gates.totalMinimum, kind: "total")
        html += "</tbody>\n</table>\n"
        return html
    }

    private static func row(name: String, lines: CoverageCount, minimum: Double?, kind: String) -> String {
        let below = minimum.map { lines.percent < $0 } ?? false
        let width = String(format: "%.1f", lines.percent)
        return """
            <tr class="\(kind)\(below ? " below" : "")"><td>\(name)</td><td>\(lines.covered)</td><td>\(lines.count)</td>\
            <td>\(percent(lines))</td><td><div class="bar"><div style="width:\(width)%"></div></div></td>\
            <td>\(minimum.map { CoverageShortfall.format($0) + " %" } ?? "")</td></tr>

            """
    }

    private static func listing(_ file: FileCoverage, package: PackageCoverage, text: String?) -> String {
        let path = package.repositoryPath(file.path)
        var html = """
            <h3 id="\(anchor(path))">\(escape(path)) <span class="figure">\(percent(file.lines)) \
            (\(file.lines.covered) of \(file.lines.count) lines)</span></h3>

            """
        guard let text else {
            return html + "<p class=\"missing\">The source could not be read.</p>\n"
        }
        let counts = package.lines[file.path] ?? [:]
        html += "<table class=\"source\">\n"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let count = counts[number]
            let kind = count.map { $0 > 0 ? "covered" : "uncovered" } ?? "plain"
            html +=
                "<tr class=\"\(kind)\"><td class=\"number\">\(number)</td><td class=\"count\">\(count.map(String.init) ?? "")"
                + "</td><td class=\"code\">\(escape(String(line)))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    private static func percent(_ count: CoverageCount) -> String {
        String(format: "%.2f %%", count.percent)
    }

    /// An id for a file's section: `file-` and its path with everything but letters and digits as `-`.
    static func anchor(_ path: String) -> String {
        "file-" + String(path.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    static func escape(_ text: String) -> String {
        XMLText.escape(text)
    }

    private static let style = """
        body { font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em; color: #1f2328; }
        h1 { font-size: 1.6em; margin-bottom: 0.2em; }
        h2 { font-size: 1.25em; margin-top: 1.5em; }
        h3 { font-size: 1.05em; margin: 2em 0 0.4em; font-family: ui-monospace, Menlo, monospace; }
        .figure { font-weight: normal; color: #57606a; }
        table.summary { border-collapse: collapse; min-width: 40em; }
        table.summary th, table.summary td { padding: 0.25em 0.8em; border-bottom: 1px solid #d0d7de; text-align: right; }
        table.summary th:first-child, table.summary td:first-child { text-align: left; }
        tr.target td { font-weight: 600; background: #f6f8fa; }
        tr.file td:first-child { padding-left: 2em; font-family: ui-monospace, Menlo, monospace; }
        tr.total td { font-weight: 700; border-top: 2px solid #1f2328; }
        tr.below td { color: #cf222e; }
        .bar { width: 8em; height: 0.7em; background: #ffd7d5; border-radius: 2px; }
        .bar div { height: 100%; background: #2da44e; border-radius: 2px; }
        table.source { border-collapse: collapse; width: 100%; font: 12px/1.45 ui-monospace, Menlo, monospace; }
        table.source td { padding: 0 0.6em; white-space: pre; vertical-align: top; }
        td.number, td.count { text-align: right; color: #57606a; width: 1%; user-select: none; }
        tr.covered td.code { background: #dafbe1; }
        tr.covered td.count { background: #aceebb; }
        tr.uncovered td.code { background: #ffebe9; }
        tr.uncovered td.count { background: #ffcecb; }
        p.missing { color: #57606a; font-style: italic; }
        """
}
