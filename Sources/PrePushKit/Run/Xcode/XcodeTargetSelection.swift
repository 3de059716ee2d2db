import Foundation
import PreflightCore

/// Affected-test selection for an Xcode app's scheme, as ``AffectedTests`` is for a package: each
/// test target of the scheme's test plan (or test action) has a content key, and runs unless a
/// pass is recorded at that key. The key holds the check's settings, the shared part (the project
/// or workspace, the test plan, every `.xcconfig`) and the objects of what the target reaches
/// (``XcodeAffectedTests``: its files, its dependencies', its host's, the local packages any of
/// them link and theirs). So a change selects the test targets it can reach, a change to the
/// shared part selects every one, and the first run at new settings runs every one.
///
/// A test target of a local package that the plan names by `container:` is left to that package's
/// own check (SwiftPM's, or xcodebuild's for a package for iOS alone), so it runs once per push.
struct XcodeTargetSelection: Sendable {
    /// A test target to run and its key.
    struct Target: Sendable, Equatable {
        var name: String
        var key: String
    }

    /// The test targets to run, in the plan's order.
    var run: [Target]
    /// The test targets skipped, each with its key and recorded pass.
    var skipped: [(name: String, key: String, record: TestRecords.Record)]
    /// Test targets of local packages the plan names, with the package whose check runs them.
    var elsewhere: [(name: String, package: String)]
    /// The shared part of the content (what every key holds), saved to say next time what changed.
    var shared: [String: String]
    /// The line said before running.
    var line: String

    /// The names `--dry-run` lists after `affected test targets:`.
    var affectedLine: String {
        "affected test targets: " + (run.isEmpty ? "none" : run.map(\.name).joined(separator: ", "))
    }

    /// What the project says, or why it cannot select (then every test runs in one go).
    enum Reading {
        case affected(XcodeAffectedTests)
        case unreadable(String)
    }

    /// Reads the scheme `scheme` of `container` in `folder` (the unit's folder on disk, its
    /// repository path `unitPath`): its project file, the scheme's shared file and its default test
    /// plan. `packages` are the repository's package folders, `dependencies` their local
    /// dependencies as far as they were read (``XcodeTargetSelection/conservative(_:packages:)``).
    static func read(
        folder: String, unitPath: String, container: XcodeContainer, scheme: String, testPlan: String? = nil,
        packages: Set<String>, dependencies: [String: [String]]
    ) -> Reading {
        let prefix = unitPath.isEmpty ? "" : unitPath + "/"
        var projects: [String]
        switch container {
        case .project(let path): projects = [path]
        case .package: return .unreadable("a package's scheme is selected by the package's own check")
        case .workspace:
            projects =
                ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                    $0.hasSuffix(".xcodeproj")
                }.sorted()
        }
        for project in projects {
            let schemeFile = folder + "/" + project + "/xcshareddata/xcschemes/" + scheme + ".xcscheme"
            guard let schemeData = FileManager.default.contents(atPath: schemeFile) else { continue }
            let projectPath = RepositoryPath.normalized(prefix + project)
            guard let data = FileManager.default.contents(atPath: folder + "/" + project + "/project.pbxproj"),
                let file = XcodeProjectFile(data: data, projectFolder: RepositoryLayout.parent(of: projectPath))
            else { return .unreadable("\(project)/project.pbxproj could not be read as a project") }
            var parsed = XcodeScheme(name: scheme, text: String(decoding: schemeData, as: UTF8.self))
            // `-testPlan NAME` runs that plan of the scheme, not its default one.
            if let testPlan {
                let named = parsed.testPlans.filter {
                    (($0 as NSString).lastPathComponent as NSString).deletingPathExtension == testPlan
                }
                guard !named.isEmpty else {
                    return .unreadable("the scheme \(scheme) has no test plan named \(testPlan) in its file")
                }
                parsed.testPlans = named
            }
            let affected = XcodeAffectedTests.make(
                projectPath: projectPath, project: file, scheme: parsed, packages: packages,
                packageDependencies: conservative(dependencies, packages: packages),
                readPlan: { path in
                    FileManager.default.contents(atPath: folder + "/" + String(path.dropFirst(prefix.count)))
                })
            if var workspace = container.workspacePath {
                workspace = RepositoryPath.normalized(prefix + workspace)
                var withWorkspace = affected
                withWorkspace.everything.append(workspace)
                return .affected(withWorkspace)
            }
            return .affected(affected)
        }
        let names = projects.map { $0 + "/xcshareddata/xcschemes/\(scheme).xcscheme" }
        return .unreadable(
            "the scheme \(scheme) is not shared in a project (\(names.isEmpty ? "no project" : names.joined(separator: ", ")) "
                + "not found), so its test targets are not known without Xcode")
    }

    /// The local dependencies to reach through: as read, or, when no manifest was read (a push
    /// that changed no package), every package depending on every other, so a key never leaves
    /// out a package a target may reach.
    static func conservative(_ dependencies: [String: [String]], packages: Set<String>) -> [String: [String]] {
        guard dependencies.isEmpty, packages.count > 1 else { return dependencies }
        return Dictionary(uniqueKeysWithValues: packages.map { ($0, packages.subtracting([$0]).sorted()) })
    }

    /// Each test target's key in `listing` (the checked tree), with `settings` the check's.
    static func content(
        _ affected: XcodeAffectedTests, listing: TreeListing, settings: String
    ) -> TestTargetContent {
        var shared: [String: String] = [:]
        for path in affected.everything { shared[path] = listing.objects[path] ?? "-" }
        for file in listing.files where file.hasSuffix(".xcconfig") { shared[file] = listing.objects[file] ?? "-" }
        let sharedText = shared.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
        var keys: [String: String] = [:]
        for target in affected.targets {
            let reach = target.reach.sorted().map { "\($0)\t\(listing.objects[$0] ?? "-")" }.joined(separator: "\n")
            let text = ["xcodebuild \(target.name)", settings, sharedText, reach].joined(separator: "\n\u{1E}\n")
            keys[target.name] = StableHash.fnv1a64Hex(text) + StableHash.fnv1a64Hex("\u{1}" + text)
        }
        return TestTargetContent(keys: keys, shared: shared)
    }

    /// The selection of `affected`'s targets: those with a recorded pass (`recorded`, a key's
    /// record) skipped; `lastShared` the shared part at the last recorded run, to say why every
    /// target runs.
    static func make(
        _ affected: XcodeAffectedTests, content: TestTargetContent, recorded: (String) -> TestRecords.Record?,
        lastShared: [String: String]?
    ) -> XcodeTargetSelection {
        var run: [Target] = []
        var skipped: [(name: String, key: String, record: TestRecords.Record)] = []
        var elsewhere: [(name: String, package: String)] = []
        for target in affected.targets {
            if let package = target.package {
                elsewhere.append((target.name, package))
                continue
            }
            let key = content.keys[target.name] ?? ""
            if let record = recorded(key) {
                skipped.append((target.name, key, record))
            } else {
                run.append(Target(name: target.name, key: key))
            }
        }
        var line: String
        if run.isEmpty, skipped.isEmpty {
            line = "no test target of the scheme runs here"
        } else if skipped.isEmpty {
            line = TestSelectionPlan.everyTargetRuns(
                run.map(\.name), sharedChange: lastShared.flatMap { content.sharedChange(since: $0) },
                hasBaseline: lastShared != nil, of: "app")
        } else if run.isEmpty {
            line =
                "no test target is affected; \(TestSelectionPlan.list(skipped.map(\.name))) passed at this content before"
        } else {
            line =
                "running \(TestSelectionPlan.list(run.map(\.name))) (affected by the change); skipping "
                + "\(TestSelectionPlan.list(skipped.map(\.name))) (unaffected: passed at this content before)"
        }
        if !elsewhere.isEmpty {
            line +=
                "; "
                + elsewhere.map { "\($0.name) is run by the check of package \($0.package)" }.joined(separator: ", ")
        }
        return XcodeTargetSelection(
            run: run, skipped: skipped, elsewhere: elsewhere, shared: content.shared, line: line)
    }

    /// A recorded pass of an Xcode test target: a folder of its coverage (``XcodeRecordedCoverage``),
    /// kept by ``TestRecords`` where a package's profile would be.
    static func isXcodeRecord(_ record: TestRecords.Record) -> Bool {
        record.signer == nil && XcodeRecordedCoverage.isFolder(record.profile)
    }
}

extension XcodeContainer {
    /// The workspace's path, when it is one.
    var workspacePath: String? {
        if case .workspace(let path) = self { return path }
        return nil
    }
}
