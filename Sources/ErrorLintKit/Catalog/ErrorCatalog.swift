import ErrorLintSettings
import PreflightCore

/// The error catalog: every user-facing error of a project, its cases, and what each member says
/// in each language. The page support staff and translators need (`errorlint catalog`).
package struct ErrorCatalog: Sendable {
    /// One error type.
    struct ErrorEntry: Sendable, Hashable {
        var type: String
        var location: SourceLocation
        var cases: [CaseEntry]
    }

    /// One case of an error type and its members' texts.
    struct CaseEntry: Sendable, Hashable {
        var name: String
        /// In ``ErrorMember`` order; members the type does not implement are left out.
        var members: [MemberText]
    }

    /// What one member says for one case.
    struct MemberText: Sendable, Hashable {
        var member: ErrorMember
        /// `localized`, `literal`, `interpolated`, `computed` or `none`.
        var kind: String
        /// The key and table, for localized text.
        var key: String?
        var table: String?
        /// The text per language; for text that is not localized, one entry under `""`.
        var texts: [String: String]
    }

    /// The project's languages, source language first when known.
    var languages: [String]
    var errors: [ErrorEntry]
    /// What could not be read.
    package var problems: [DiscoveryProblem]

    package init(_ analysis: ErrorLintAnalysis) {
        let catalogs = { (reference: LocalizedStringReference) in
            CatalogContext.lookingUp(reference, own: analysis.catalogs, mainBundle: analysis.mainBundleCatalogs)
        }
        languages = (analysis.catalogs ?? analysis.mainBundleCatalogs)?.languages ?? []
        problems = analysis.problems
        errors = analysis.errorTypes.filter(\.isLocalizedError).map { type in
            ErrorEntry(
                type: type.name, location: type.location,
                cases: type.cases.map { errorCase in
                    CaseEntry(
                        name: errorCase.displayName(in: type),
                        members: ErrorMember.allCases.compactMap { member in
                            type.value(of: member, for: errorCase).map {
                                Self.text(member: member, value: $0, catalogs: catalogs)
                            }
                        })
                })
        }
    }

    private static func text(
        member: ErrorMember, value: TextValue, catalogs: (LocalizedStringReference) -> CatalogContext?
    ) -> MemberText {
        let leaves = value.leaves
        if leaves.count == 1 {
            switch leaves[0] {
            case .localized(let reference):
                var texts = catalogs(reference)?.texts(for: reference) ?? [:]
                if texts.isEmpty {
                    texts[""] = reference.defaultValue ?? reference.displayKey ?? "(key computed at run time)"
                }
                return MemberText(
                    member: member, kind: "localized", key: reference.key, table: reference.tableName, texts: texts)
            case .literal(let text, _):
                return MemberText(member: member, kind: "literal", texts: ["": text])
            case .interpolated(let text, _):
                return MemberText(member: member, kind: "interpolated", texts: ["": text.displayText])
            case .absent:
                return MemberText(member: member, kind: "none", texts: [:])
            case .opaque(let description, _), .forward(let description, _):
                return MemberText(member: member, kind: "computed", texts: ["": description])
            case .combination:
                break
            }
        }
        let parts = leaves.map { leaf -> String in
            switch leaf {
            case .localized(let reference): reference.defaultValue ?? reference.displayKey ?? "(localized)"
            case .literal(let text, _): text
            case .interpolated(let text, _): text.displayText
            case .absent: "nil"
            case .opaque(let description, _), .forward(let description, _): description
            case .combination: ""
            }
        }
        return MemberText(member: member, kind: "computed", texts: ["": parts.joined(separator: " | ")])
    }
}
