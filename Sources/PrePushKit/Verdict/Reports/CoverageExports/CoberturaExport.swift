import Foundation

/// Cobertura's XML (coverage-04.dtd), which GitLab, Jenkins and Azure Pipelines read: one
/// `<package>` per target, one `<class>` per file (`filename` from the repository's root, which
/// is the one `<source>`), its `<line number hits>`. Rates are the table's figures as fractions;
/// Swift's coverage has no branch data, so branch rates are 0 of 0.
enum CoberturaExport {
    static func render(_ report: CoverageReport, sourceRoot: String, timestamp: Date, version: String) -> String {
        let total = report.total
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">
            <coverage line-rate="\(rate(total))" branch-rate="0" lines-covered="\(total.covered)" \
            lines-valid="\(total.count)" branches-covered="0" branches-valid="0" complexity="0" \
            version="\(escape(version))" timestamp="\(Int64(timestamp.timeIntervalSince1970 * 1000))">
              <sources>
                <source>\(escape(sourceRoot))</source>
              </sources>
              <packages>

            """
        for package in report.packages {
            for target in package.summary.targets {
                let name = package.path == "." ? target.name : package.path + "/" + target.name
                xml += """
                        <package name="\(escape(name))" line-rate="\(rate(target.lines))" branch-rate="0" complexity="0">
                          <classes>

                    """
                for file in package.summary.files where file.target == target.name {
                    let path = package.repositoryPath(file.path)
                    xml += """
                                <class name="\(escape(className(path)))" filename="\(escape(path))" \
                        line-rate="\(rate(file.lines))" branch-rate="0" complexity="0">
                                  <methods/>
                                  <lines>

                        """
                    for (line, count) in (package.lines[file.path] ?? [:]).sorted(by: { $0.key < $1.key }) {
                        xml += "            <line number=\"\(line)\" hits=\"\(count)\" branch=\"false\"/>\n"
                    }
                    xml += "          </lines>\n        </class>\n"
                }
                xml += "      </classes>\n    </package>\n"
            }
        }
        xml += "  </packages>\n</coverage>\n"
        return xml
    }

    /// 0–1 with four decimals; 1 when there is nothing to cover, as the table's 100 %.
    static func rate(_ count: CoverageCount) -> String {
        String(format: "%.4f", count.percent / 100)
    }

    /// `Sources/Calc/Calc.swift` → `Sources.Calc.Calc`, Cobertura's dotted class name.
    static func className(_ path: String) -> String {
        var name = path
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") { name = String(name[..<dot]) }
        return name.replacingOccurrences(of: "/", with: ".")
    }

    static func escape(_ text: String) -> String { XMLText.escape(text, attribute: true) }
}
