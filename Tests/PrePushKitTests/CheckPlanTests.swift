import PreflightCore
import Testing

@testable import PrePushKit

private let commitA = String(repeating: "a", count: 40)
private let commitB = String(repeating: "b", count: 40)
private let treeA = String(repeating: "1", count: 40)
private let treeB = String(repeating: "2", count: 40)
private let dirtyTree = String(repeating: "3", count: 40)
private let zero = String(repeating: "0", count: 40)

/// The decide and plan stages on values alone: every situation of the exact-push pipeline,
/// without a process.
@Suite("prepush's decide and plan stages")
struct CheckPlanTests {
    private func facts(
        hook: Bool = true, commits: [(PushedCommit, String)], head: String? = commitA, workTree: String = treeA,
        clean: Bool = true, content: CheckedContent = .pushed, verified: Set<String>? = [],
        differences: [String: [TreeChange]] = [:]
    ) -> PlanFacts {
        var isVerified: (@Sendable (String) -> Bool)?
        if let verified { isVerified = { verified.contains($0) } }
        let pairs: [(commit: PushedCommit, tree: String)] = commits.map { (commit: $0.0, tree: $0.1) }
        return PlanFacts(
            isHook: hook, commits: pairs, workTree: WorkTreeState(head: head, tree: workTree, isClean: clean),
            differences: differences, content: content, fingerprint: "toolchain+options", isVerified: isVerified)
    }

    @Test("A clean push of HEAD: in place, cached under tree + toolchain + options")
    func cleanPush() {
        let plan = CheckPlan.make(
            facts(commits: [(PushedCommit(commit: commitA, refs: ["refs/heads/main"], remoteBase: commitB), treeA)]))
        #expect(plan.checks.count == 1)
        let check = plan.checks[0]
        #expect(check.place == .inPlace)
        #expect(check.reason == nil)
        #expect(check.tree == treeA)
        #expect(check.cacheKey == VerificationCache.key(tree: treeA, fingerprint: "toolchain+options"))
        #expect(check.remoteBase == commitB)
        #expect(check.verifiesContentAfterwards)
    }

    @Test("An edit in the work tree (or an untracked file the build would compile): the commit in the worktree")
    func editedWorkTree() {
        let plan = CheckPlan.make(
            facts(
                commits: [(PushedCommit(commit: commitA, refs: ["refs/heads/main"]), treeA)], workTree: dirtyTree,
                clean: false,
                differences: [commitA: [TreeChange(status: "A", path: "Sources/Calc/Helper.swift")]]))
        #expect(plan.checks.count == 1)
        let check = plan.checks[0]
        #expect(check.place == .worktree)
        #expect(check.commit == commitA)
        #expect(check.tree == treeA)
        #expect(check.cacheKey != nil)
        #expect(!check.verifiesContentAfterwards)
        #expect(check.reason?.contains("Sources/Calc/Helper.swift (added)") == true)
        #expect(check.reason?.contains("in its own worktree") == true)
    }

    @Test("A staged, uncommitted change is a difference like any other")
    func stagedChange() {
        let plan = CheckPlan.make(
            facts(
                commits: [(PushedCommit(commit: commitA), treeA)], workTree: dirtyTree, clean: false,
                differences: [commitA: [TreeChange(status: "M", path: "Sources/Calc/Calc.swift")]]))
        #expect(plan.checks.map(\.place) == [.worktree])
    }

    @Test("Pushing a commit other than HEAD from a clean work tree: the worktree, saying where HEAD is")
    func otherCommit() {
        let plan = CheckPlan.make(
            facts(commits: [(PushedCommit(commit: commitB, refs: ["refs/heads/old"]), treeB)], head: commitA))
        #expect(plan.checks.map(\.place) == [.worktree])
        #expect(plan.checks[0].reason?.contains("(HEAD), not at the pushed commit") == true)
    }

    @Test("Several refs: each distinct tree once, the one the work tree holds in place and first")
    func severalRefs() {
        let plan = CheckPlan.make(
            facts(commits: [
                (PushedCommit(commit: commitB, refs: ["refs/heads/old"]), treeB),
                (PushedCommit(commit: commitA, refs: ["refs/heads/main"]), treeA),
                (PushedCommit(commit: commitA, refs: ["refs/heads/copy"]), treeA),
            ]))
        #expect(plan.checks.map(\.place) == [.inPlace, .worktree])
        #expect(plan.checks.map(\.commit) == [commitA, commitB])
    }

    @Test("A verified tree is not checked again; all verified means nothing to check")
    func verified() {
        let key = VerificationCache.key(tree: treeA, fingerprint: "toolchain+options")
        let all = CheckPlan.make(facts(commits: [(PushedCommit(commit: commitA), treeA)], verified: [key]))
        #expect(all.checks.isEmpty)
        #expect(all.notes.first?.contains("already verified") == true)
        let some = CheckPlan.make(
            facts(
                commits: [(PushedCommit(commit: commitA), treeA), (PushedCommit(commit: commitB), treeB)],
                verified: [key]))
        #expect(some.checks.map(\.commit) == [commitB])
        let noCache = CheckPlan.make(facts(commits: [(PushedCommit(commit: commitA), treeA)], verified: nil))
        #expect(noCache.checks.first?.cacheKey == nil)
    }

    @Test("--isolated: always the worktree; --work-tree: the disk, labelled, never cached")
    func contentChoices() {
        let isolated = CheckPlan.make(
            facts(commits: [(PushedCommit(commit: commitA), treeA)], content: .isolated))
        #expect(isolated.checks.map(\.place) == [.worktree])
        #expect(isolated.checks[0].reason?.contains("--isolated") == true)
        let onDisk = CheckPlan.make(
            facts(
                commits: [(PushedCommit(commit: commitA), treeA)], workTree: dirtyTree, clean: false,
                content: .workTree, verified: [VerificationCache.key(tree: treeA, fingerprint: "toolchain+options")]))
        #expect(onDisk.checks.map(\.place) == [.onDisk])
        #expect(onDisk.checks[0].cacheKey == nil)
        #expect(onDisk.checks[0].commit == nil)
        #expect(onDisk.checks[0].reason?.contains("as it is on disk (--work-tree)") == true)
    }

    @Test("By hand: HEAD in place when clean; uncommitted changes checked on disk, not cached, cache not consulted")
    func byHand() {
        let key = VerificationCache.key(tree: treeA, fingerprint: "toolchain+options")
        let clean = CheckPlan.make(facts(hook: false, commits: [(PushedCommit(commit: commitA), treeA)]))
        #expect(clean.checks.map(\.place) == [.inPlace])
        #expect(clean.checks[0].cacheKey != nil)
        let dirty = CheckPlan.make(
            facts(
                hook: false, commits: [(PushedCommit(commit: commitA), treeA)], workTree: dirtyTree, clean: false,
                verified: [key], differences: [commitA: [TreeChange(status: "M", path: "a.swift")]]))
        #expect(dirty.checks.map(\.place) == [.onDisk])
        #expect(dirty.checks[0].cacheKey == nil)
        #expect(dirty.checks[0].reason?.contains("uncommitted changes (a.swift (modified))") == true)
    }

    @Test("Decide: deletions, nothing pushed, PREPUSH_SKIP, irrelevant pushes are skipped; commits once each")
    func decide() throws {
        let deletion = try PushRequest.parse(
            arguments: ["origin", "url"], input: "(delete) \(zero) refs/heads/x \(commitA)\n")
        #expect(PushDecision.early(deletion, environment: [:]) == .skip("the push only deletes refs; nothing to check"))
        let empty = try PushRequest.parse(arguments: ["o", "u"], input: "")
        #expect(PushDecision.early(empty, environment: [:]) == .skip("nothing is pushed; nothing to check"))
        #expect(PushDecision.early(nil, environment: ["PREPUSH_SKIP": "1"]) == .skip("skipped (PREPUSH_SKIP=1)"))
        #expect(PushDecision.early(nil, environment: ["PREPUSH_SKIP": "0"]) == nil)

        let updates = [
            RefUpdate(
                localRef: "refs/heads/main", localObject: commitA, remoteRef: "refs/heads/main", remoteObject: commitB),
            RefUpdate(
                localRef: "refs/heads/copy", localObject: commitA, remoteRef: "refs/heads/copy", remoteObject: zero),
            RefUpdate(
                localRef: "refs/heads/docs", localObject: commitB, remoteRef: "refs/heads/docs", remoteObject: zero),
        ]
        let decision = PushDecision.relevant(
            updates,
            changedPaths: [
                PushDecision.key(updates[0]): ["Sources/A.swift"], PushDecision.key(updates[1]): ["Sources/A.swift"],
                PushDecision.key(updates[2]): ["README.md"],
            ],
            relevantPaths: ["*.swift", "Package.swift"])
        #expect(
            decision
                == .check([
                    PushedCommit(
                        commit: commitA, refs: ["refs/heads/main", "refs/heads/copy"], remoteBase: commitB,
                        changedPaths: ["Sources/A.swift"])
                ]))
        // One commit pushed to two refs: irrelevant over the first ref's base, relevant over the
        // second's. It is checked.
        let twice = [
            RefUpdate(
                localRef: "refs/heads/main", localObject: commitA, remoteRef: "refs/heads/main", remoteObject: commitA),
            RefUpdate(
                localRef: "refs/heads/main", localObject: commitA, remoteRef: "refs/heads/release",
                remoteObject: commitB),
        ]
        let both = PushDecision.relevant(
            twice,
            changedPaths: [PushDecision.key(twice[0]): ["README.md"], PushDecision.key(twice[1]): ["Sources/A.swift"]],
            relevantPaths: ["*.swift"])
        #expect(
            both
                == .check([
                    PushedCommit(
                        commit: commitA, refs: ["refs/heads/main"], remoteBase: commitB,
                        changedPaths: ["Sources/A.swift"])
                ]))
        #expect(
            PushDecision.relevant(updates, changedPaths: [:], relevantPaths: ["*.swift"])
                == .skip("this push changes no *.swift; nothing to check"))
    }

    @Test(
        "Relevance by default: what the steps read (catalogs, Xcode projects, test plans, resources, configuration); docs alone skip",
        arguments: [
            ("Sources/App/Localizable.xcstrings", true), ("App.xcodeproj/project.pbxproj", true),
            ("App.xctestplan", true), ("Tests/CalcTests/Resources/fixture.json", true), (".preflight.json", true),
            ("Packages/Core/Sources/Core/Resources/logo.png", true), ("App/Info.plist", true),
            ("Package@swift-6.0.swift", true), ("Sources/CYaml/src/scanner.c", true), ("README.md", false),
            ("docs/guide.md", false), ("LICENSE", false), (".github/workflows/ci.yml", false),
        ])
    func defaultRelevance(path: String, relevant: Bool) {
        let update = RefUpdate(
            localRef: "refs/heads/main", localObject: commitA, remoteRef: "refs/heads/main", remoteObject: commitB)
        let decision = PushDecision.relevant(
            [update], changedPaths: [PushDecision.key(update): [path]], relevantPaths: PrePushOptions().relevantPaths)
        if relevant {
            #expect(
                decision
                    == .check([
                        PushedCommit(
                            commit: commitA, refs: ["refs/heads/main"], remoteBase: commitB, changedPaths: [path])
                    ]))
        } else {
            #expect(
                decision
                    == .skip(
                        "this push changes no source, resource, manifest, string catalog, Xcode project or configuration "
                            + "file (relevantPaths); nothing to check"))
        }
    }
}
