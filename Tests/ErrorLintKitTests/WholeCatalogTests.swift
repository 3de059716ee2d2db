import Testing

@testable import ErrorLintKit

/// `--whole-catalog` on a small app's catalogs in every format (fixture `whole-catalog`, from
/// IceCubesApp and NetNewsWire; see its `.source`).
@Suite struct WholeCatalogTests {
    @Test func everyKeyOfEveryTableAndFormat() throws {
        let project = try TemporaryProject(fixture: "whole-catalog")
        let findings = project.lint {
            $0.wholeCatalog = true
            $0.minimumTranslated = 90
        }
        #expect(
            findings == [
                "IceCubesApp/Resources/Localization/Localizable.xcstrings:61: [format-mismatch] ko value of "
                    + "\"account.label.followers %lld %@\" drops argument 1 (%#@followers@ in the en value)",
                "Shared/de.lproj/Status.stringsdict:16: [format-mismatch] de value of \"%d unread articles\": "
                    + "argument 1 is read as %#@articles@ (integer) and as %@ (object)",
                "IceCubesApp/Resources/Localization/Localizable.xcstrings:68: [unused-key] key "
                    + "\"instance.info.domains\" of table Localizable is not used by any code (Xcode marks it stale)",
                "Shared/en.lproj/Status.strings:4: [unused-key] key \"Refreshing…\" of table Status is not used "
                    + "by any code",
                "IceCubesApp/Resources/Localization/Localizable.xcstrings:1: [translation-coverage] de is 87.5% "
                    + "translated (7 of 8 keys), below --min-translated 90%",
                "IceCubesApp/Resources/Localization/Localizable.xcstrings:1: [translation-coverage] ko is 37.5% "
                    + "translated (3 of 8 keys), below --min-translated 90%",
                "IceCubesApp/Resources/Localization/Localizable.xcstrings:1: [translation-coverage] nb is 12.5% "
                    + "translated (1 of 8 keys), below --min-translated 90%",
            ])
    }

    @Test func summaryGivesEachLanguagesFigure() throws {
        let project = try TemporaryProject(fixture: "whole-catalog")
        let run = project.run { $0.wholeCatalog = true }
        #expect(
            run.errors.last
                == "errorlint: whole catalog: 10 keys in 3 tables; 2 unused, 1 possibly used (built at run time, "
                + "not reported); translated: de 87.5% (7 of 8), ko 37.5% (3 of 8), nb 12.5% (1 of 8)")
    }

    @Test func withoutTheFlagOnlyUsedKeysAreChecked() throws {
        let project = try TemporaryProject(fixture: "whole-catalog")
        #expect(project.lint().isEmpty)
    }

    @Test func literalsAsKeysSee() {
        let source = #"""
            // Text("commented.out")
            let a = NSLocalizedString("plain", comment: "a \"quoted\" comment")
            let b = String(localized: "Hi \(user.name(in: "nested")), \(count) left")
            let c = "error." + code
            let d = #"raw \(not) "interpolated""#
            let e = """
                multi
                  line
                """
            /* a /* nested */ "block comment" */
            """#
        let literals = CodeLiterals.swift(Array(source.utf8))
        #expect(
            literals.complete == [
                "plain", "a \"quoted\" comment", "nested", "Hi %@, %@ left", "error.%@", #"raw \(not) "interpolated""#,
                "multi\n  line",
            ])
        #expect(literals.partial == [["Hi ", ", ", " left"], ["error.", ""]])
    }

    @Test func referencesUsedPossiblyUsedAndUnused() {
        let index = KeyReferenceIndex([
            CodeLiterals(
                complete: ["Hi %@, %@ left", "error.%@"], partial: [["Hi ", ", ", " left"], ["error.", ""]])
        ])
        #expect(index.reference(of: "Hi %@, %lld left") == .used)
        #expect(index.reference(of: "error.network") == .possiblyUsed)
        #expect(index.reference(of: "Hi Ann, 3 left") == .possiblyUsed)
        #expect(index.reference(of: "warning.network") == .unused)
    }
}
