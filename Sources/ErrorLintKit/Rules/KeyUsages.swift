import ErrorLintSettings
import PreflightCore
import StringCatalogKit

/// A localization call an error member makes, and where.
struct KeyUsageSite: Hashable {
    var reference: LocalizedStringReference
    var typeName: String
    var member: ErrorMember

    /// `errorDescription of 'LoginError'`, the key as written when it has interpolations (the
    /// key `Hi %@` reads `"Hi \(name)"` in the source), and the `#if` branch the call is in.
    var usedBy: String {
        var user = "\(member.rawValue) of '\(typeName)'"
        if reference.keyHasInterpolations, let written = reference.displayKey {
            user += ", written \(written.quotedInMessage)"
        }
        if let branch = reference.branch { user += " (in \(branch))" }
        return user
    }
}

extension RuleContext {
    /// Every localization call with a literal key in the error types' text members, each once.
    var keyUsageSites: [KeyUsageSite] {
        var seen = Set<LocalizedStringReference>()
        var sites: [KeyUsageSite] = []
        for type in localizedErrorTypes {
            for member in textMembers {
                for errorCase in type.cases {
                    for case .localized(let reference) in type.writtenValue(of: member, for: errorCase)?.leaves ?? []
                    where reference.key != nil && seen.insert(reference).inserted {
                        sites.append(KeyUsageSite(reference: reference, typeName: type.name, member: member))
                    }
                }
            }
        }
        return sites
    }

    /// The catalog checks' findings of `kind` for every used key, at the catalog line when the
    /// catalog has the key, else at the Swift line that uses it.
    func keyFindings(_ kind: CatalogFindingKind) -> [RuleFinding] {
        keyFindingsByKind[kind] ?? []
    }

    /// Runs the catalog checks once for every used key.
    func checkKeys() -> [CatalogFindingKind: [RuleFinding]] {
        guard catalogs != nil || mainBundleCatalogs != nil else { return [:] }
        var findings: [CatalogFindingKind: [RuleFinding]] = [:]
        for site in keyUsageSites {
            for finding in catalogs(for: site.reference)?.findings(for: site.reference) ?? [] {
                findings[finding.kind, default: []].append(
                    RuleFinding(
                        location: finding.location ?? site.reference.location,
                        message: "\(finding.message); used by \(site.usedBy)",
                        related: finding.location == nil ? [] : [site.reference.location]))
            }
        }
        return findings
    }
}
