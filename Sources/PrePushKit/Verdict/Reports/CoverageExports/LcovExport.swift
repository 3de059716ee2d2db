/// lcov's tracefile: per file `SF:` (the path from the repository's root), `FNF:`/`FNH:`, one
/// `DA:line,count` per coverable line, `LF:`/`LH:` (the table's figures) and `end_of_record`.
/// Codecov and Coveralls read it.
enum LcovExport {
    static func render(_ report: CoverageReport) -> String {
        var text = ""
        for package in report.packages {
            for file in package.summary.files {
                text += "TN:\nSF:\(package.repositoryPath(file.path))\n"
                text += "FNF:\(file.functions.count)\nFNH:\(file.functions.covered)\n"
                for (line, count) in (package.lines[file.path] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    text += "DA:\(line),\(count)\n"
                }
                text += "LF:\(file.lines.count)\nLH:\(file.lines.covered)\nend_of_record\n"
            }
        }
        return text
    }
}
