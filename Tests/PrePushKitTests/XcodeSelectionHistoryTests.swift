import Foundation
import PreflightCore
import ProcessKit
import TestSupport
import Testing

@testable import PrePushKit

/// The test targets each of a real app's last commits selects, against the scheme's total, and
/// each selection against a derivation written by hand from reading the project (which folders
/// reach which test target). Opt-in: `PREFLIGHT_XCODE_HISTORY` names `GITDIR|PROJECT|SCHEME`
/// entries separated by `;` (a clone or a bare repository); `PREFLIGHT_XCODE_HISTORY_COMMITS` how
/// many first-parent commits (50); `PREFLIGHT_XCODE_HISTORY_OUT` a file the distribution is
/// appended to. scripts/bench/xcode-selection.sh runs it.
@Suite("Xcode affected tests on real histories", .serialized)
struct XcodeSelectionHistoryTests {
    static let entries: [[String]] = (ProcessInfo.processInfo.environment["PREFLIGHT_XCODE_HISTORY"] ?? "")
        .split(separator: ";").map { $0.split(separator: "|").map(String.init) }.filter { $0.count == 3 }

    /// Written by hand from each project (its targets' folders, the scheme's tests, the hosts and
    /// the local packages the hosts link), independently of ``XcodeAffectedTests``: for a changed
    /// path, `nil` for "every test target", else the test targets it reaches.
    static let byHand: [String: @Sendable (String) -> [String]?] = [
        // CotEditor's scheme tests `Tests` (folder Tests/), hosted by the app (folder CotEditor/),
        // which links the packages of Packages/ (held as a synchronized folder).
        "CotEditor.xcodeproj": { path in
            if path.hasPrefix("CotEditor.xcodeproj/") || path.hasSuffix(".xcconfig") { return nil }
            return ["CotEditor/", "Tests/", "Packages/"].contains { path.hasPrefix($0) } ? ["Tests"] : []
        },
        // element-x-ios's UnitTests scheme runs the UnitTests plan: the UnitTests target (folder
        // UnitTests/), hosted by ElementX (ElementX/), which embeds NSE (NSE/) and ShareExtension
        // (ShareExtension/) and links compound-ios and BuildExtensions (local package references).
        "ElementX.xcodeproj": { path in
            if path.hasPrefix("ElementX.xcodeproj/") || path.hasSuffix(".xcconfig")
                || path == "UnitTests/SupportingFiles/UnitTests.xctestplan"
            {
                return nil
            }
            let reaching = ["UnitTests/", "ElementX/", "NSE/", "ShareExtension/", "compound-ios/", "BuildExtensions/"]
            return reaching.contains { path.hasPrefix($0) } ? ["UnitTests"] : []
        },
        // IceCubesApp's scheme tests nothing (its tests are its packages', run by SwiftPM).
        "IceCubesApp.xcodeproj": { _ in [] },
        // NetNewsWire's NetNewsWire scheme runs the NetNewsWire.xctestplan plan: NetNewsWireTests
        // (folder Tests/), hosted by the Mac app (Mac/, Shared/), which links the packages of
        // Modules/ (held as a synchronized folder) and through Account and Images reaches all 17; and ten
        // package test targets named by container:Modules/X, each reaching its package and the
        // packages its manifest names by path (read from each Modules/*/Package.swift).
        "NetNewsWire.xcodeproj": { path in
            if path.hasPrefix("NetNewsWire.xcodeproj/") || path.hasSuffix(".xcconfig")
                || path == "NetNewsWire.xctestplan"
            {
                return nil
            }
            let account = [
                "Account", "ActivityLog", "Articles", "ArticlesDatabase", "CloudKitSync", "FeedFinder", "Secrets",
                "ErrorLog", "SyncDatabase", "RSWeb", "RSParser", "RSCore", "RSDatabase", "NewsBlur",
            ]
            let reaches: [String: [String]] = [
                "RSWebTests": ["RSWeb", "RSParser", "RSCore"], "RSCoreTests": ["RSCore"],
                "ErrorLogTests": ["ErrorLog", "RSCore", "RSDatabase"], "AccountTests": account,
                "RSDatabaseTests": ["RSDatabase"], "ActivityLogTests": ["ActivityLog"],
                "RSParserTests": ["RSParser", "RSCore"], "ArticlesTests": ["Articles", "RSCore"],
                "ArticlesDatabaseTests": ["ArticlesDatabase", "Articles", "RSCore", "RSParser", "RSDatabase"],
                "FeedFinderTests": ["FeedFinder", "RSWeb", "RSParser", "RSCore", "ActivityLog"],
            ]
            var names = reaches.filter { _, modules in modules.contains { path.hasPrefix("Modules/\($0)/") } }.map(
                \.key)
            let linked = account + ["HTMLMetadata", "Images", "RSTree"]
            if ["Tests/", "Mac/", "Shared/"].contains(where: { path.hasPrefix($0) })
                || linked.contains(where: { path.hasPrefix("Modules/\($0)/") })
            {
                names.append("NetNewsWireTests")
            }
            return names
        },
    ]

    @Test(.enabled(if: !entries.isEmpty, "set PREFLIGHT_XCODE_HISTORY"))
    func distribution() async throws {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["PREFLIGHT_XCODE_HISTORY_COMMITS"] ?? "") ?? 50
        let scratch = TemporaryFolder("prepush-xcode-history")
        var report = ""
        for entry in Self.entries {
            let (gitDirectory, projectPath, schemeName) = (entry[0], entry[1], entry[2])
            let repository = GitRepository(root: gitDirectory)
            let commits = try await repository.output(["log", "--first-parent", "--format=%H", "-\(count)", "HEAD"])
                .split(separator: "\n").map(String.init)
            let manifests = ManifestDependencies(
                gitDirectory: scratch.path, scratchDirectory: scratch.path,
                environment: Environment.inherit.removing(GitRepository.clearedVariables))
            var tally = ["none": 0, "some": 0, "all": 0]
            var byProject = 0
            var selectedSum = 0
            var totalSum = 0
            for commit in commits {
                let parents = try await repository.output(["rev-list", "--parents", "-n", "1", commit])
                    .split(separator: " ").dropFirst()
                guard let parent = parents.first else { continue }
                let changed = try await repository.output([
                    "diff-tree", "-r", "--no-renames", "--name-only", String(parent), commit,
                ]).split(separator: "\n").map(String.init)
                let listing = try await TreeListing.read(try await repository.tree(of: commit), in: repository)
                let layout = try RepositoryLayout.discover(listing, settings: LayoutSettings())
                let packages = Set(layout.units.filter { $0.kind == .package }.map(\.path))
                let dependencies = try await manifests.read(layout, in: listing, repository: repository).dependencies
                func blob(_ path: String) async throws -> Data? {
                    guard let object = listing.objects[path] else { return nil }
                    return try await repository.blobs([object]).first.flatMap { $0.map { Data($0) } }
                }
                guard let projectData = try await blob(projectPath + "/project.pbxproj"),
                    let project = XcodeProjectFile(data: projectData, projectFolder: ""),
                    let schemeData = try await blob(projectPath + "/xcshareddata/xcschemes/\(schemeName).xcscheme")
                else { continue }
                let scheme = XcodeScheme(name: schemeName, text: String(decoding: schemeData, as: UTF8.self))
                var plans: [String: Data] = [:]
                for plan in scheme.testPlans {
                    let path = RepositoryPath.normalized(plan)
                    plans[path] = try await blob(path)
                }
                let affected = XcodeAffectedTests.make(
                    projectPath: projectPath, project: project, scheme: scheme, packages: packages,
                    packageDependencies: dependencies, readPlan: { plans[$0] })
                let total = affected.targets.map(\.name)
                let selection = affected.select(changed)
                let selected = selection.names(of: total)
                if case .all = selection, !total.isEmpty { byProject += 1 }
                // The derivation by hand, path by path.
                let rule = try #require(Self.byHand[projectPath], "no derivation by hand for \(projectPath)")
                var expected: Set<String> = []
                var everything = false
                for path in changed {
                    if let names = rule(path) { expected.formUnion(names) } else { everything = true }
                }
                let byHand = everything ? total : total.filter(expected.contains)
                #expect(selected == byHand, "\(projectPath) \(commit): \(changed)")
                tally[selected.isEmpty ? "none" : selected.count == total.count ? "all" : "some", default: 0] += 1
                selectedSum += selected.count
                totalSum += total.count
            }
            let name = (projectPath as NSString).deletingPathExtension
            let head = try await repository.output(["rev-parse", "--short=12", "HEAD"])
            report +=
                "| \(name) (\(schemeName)) at \(head) | \(commits.count) | \(totalSum / max(commits.count, 1)) "
                + "| \(tally["none"]!) | \(tally["some"]!) | \(tally["all"]!) (\(byProject)) | \(selectedSum) of \(totalSum) |\n"
        }
        print(report, terminator: "")
        if let out = environment["PREFLIGHT_XCODE_HISTORY_OUT"] {
            try report.write(toFile: out, atomically: true, encoding: .utf8)
        }
    }
}
