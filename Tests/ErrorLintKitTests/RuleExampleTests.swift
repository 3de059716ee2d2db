import ErrorLintSettings
import Testing

@testable import ErrorLintKit

/// Every rule's own examples: each triggering example triggers it, no other example does.
@Suite struct RuleExampleTests {
    static let rules = RuleRegistry.all.map { $0.description.id }

    @Test(arguments: rules)
    func triggeringExamplesTrigger(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(withID: id)).description
        #expect(!description.triggeringExamples.isEmpty)
        for example in description.triggeringExamples {
            let findings = try TemporaryProject(files: example.files).lint(rule: id) { options in
                if let members = example.requiredMembers { options.requiredMembers = members }
                options.wholeCatalog = example.wholeCatalog
                options.minimumTranslated = example.minimumTranslated
            }
            #expect(!findings.isEmpty, "no \(id) finding in \(example.files)")
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesDoNot(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(withID: id)).description
        for example in description.nonTriggeringExamples {
            let findings = try TemporaryProject(files: example.files).lint(rule: id) { options in
                if let members = example.requiredMembers { options.requiredMembers = members }
                options.wholeCatalog = example.wholeCatalog
                options.minimumTranslated = example.minimumTranslated
            }
            #expect(findings.isEmpty, "unexpected \(id) findings: \(findings)")
        }
    }
}
