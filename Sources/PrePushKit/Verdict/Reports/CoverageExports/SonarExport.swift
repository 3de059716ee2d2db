/// SonarQube's generic coverage XML (`sonar.coverageReportPaths`, sonar-generic-coverage.xsd): one
/// `<file path>` per file, paths from the repository's root (SonarQube resolves them from the
/// project's base folder), one `<lineToCover lineNumber covered>` per executable line — the lines
/// the table counts, so SonarQube's figure is the table's. Swift's coverage has no branch data, so
/// no branch attributes are written.
enum SonarExport {
    static func render(_ report: CoverageReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<coverage version=\"1\">\n"
        for package in report.packages {
            for file in package.summary.files {
                let path = XMLText.escape(package.repositoryPath(file.path))
                let lines = (package.lines[file.path] ?? [:]).sorted { $0.key < $1.key }
                guard !lines.isEmpty else {
                    xml += "  <file path=\"\(path)\"/>\n"
                    continue
                }
                xml += "  <file path=\"\(path)\">\n"
                for (line, count) in lines {
                    xml += "    <lineToCover lineNumber=\"\(line)\" covered=\"\(count > 0)\"/>\n"
                }
                xml += "  </file>\n"
            }
        }
        return xml + "</coverage>\n"
    }
}
