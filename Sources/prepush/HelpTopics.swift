/// `prepush help TOPIC`: what `prepush --help` leaves out to fit a screen, one subject at a time.
/// A subcommand's name (`prepush help check`) is ArgumentParser's own help of it; these are the
/// other subjects, each pointing to the page of the docs that says everything.
enum HelpTopic: String, CaseIterable {
    case steps, config, coverage, ci, xcode, hooks
    case sharedVerification = "shared-verification"
    case output

    /// One line for the list under `prepush --help`.
    var summary: String {
        switch self {
        case .steps: "what a check runs, where, and what is not checked"
        case .config: "settings: .preflight.json, flags, environment"
        case .coverage: "coverage gates, reports and affected tests"
        case .ci: "in CI: reports, annotations, summaries, exit status"
        case .xcode: "Xcode apps, packages for Apple platforms"
        case .hooks: "install, uninstall, pre-commit, skipping a check"
        case .sharedVerification: "CI's passes shared with the team (git notes)"
        case .output: "what prepush prints, colours, Ctrl-C"
        }
    }

    /// The topic named by `prepush help NAME`, if `arguments` (the command line less the
    /// executable) are that.
    static func requested(_ arguments: [String]) -> HelpTopic? {
        guard arguments.count == 2, arguments[0] == "help" else { return nil }
        return HelpTopic(rawValue: arguments[1])
    }

    /// The lines `prepush --help` ends with: the topics and where the rest is.
    static var index: String {
        let width = allCases.map(\.rawValue.count).max() ?? 0
        let lines = allCases.map { topic in
            "  " + topic.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + topic.summary
        }
        return "MORE: prepush help TOPIC; every option of a check: prepush help check\n"
            + lines.joined(separator: "\n")
            + "\nEverything, with real output: docs/prepush.md and docs/configuration.md."
    }

    /// What `prepush --help` says before its usage: one screen, the rest in the topics.
    static let discussion = """
        Run by hand in a package's folder, or by git before each push once prepush install put the \
        hook in place. It checks exactly what is pushed: todoscan and errorlint, then swift build, the \
        tests (in a hook, only the test targets the change can break) and coverage with its gates, \
        then the configured steps; the first failure stops the push. Exit status: 0 passed or nothing \
        to check, 1 a step failed, 2 usage or configuration error, 130 interrupted.
        """

    /// The options people type, for `prepush --help` (every one: `prepush help check`).
    static let commonOptions = """
        COMMON OPTIONS (of a check: prepush [check], and prepush hook, which git runs):
          --dry-run               steps, commands, affected tests per unit; runs nothing
          --print-config          the settings in effect and where each came from
          --package <path>        check only this package or app (repeatable)
          --keep-going            after a failure, check the other packages too
          --isolated              check the commit in prepush's own worktree
          --work-tree             check the disk as it is (labelled, never cached)
          --affected-tests        only the test targets the change can break
          --all-tests             every test, in one swift test (by hand: the default)
          --min-coverage <percent>
                                  fail below this line coverage (or TARGET=, GLOB=)
          --min-diff-coverage <percent>
                                  fail when the push's added lines are covered less
          --no-todoscan, --no-errorlint
                                  leave a scanner out
          --no-cache              check even a tree verified before
          -q, --quiet / -v, --verbose
                                  only failures and the verdict / every line
          --config <path>         read this file, not the nearest .preflight.json
        """

    /// The topic's text, its paragraphs wrapped at 80 columns.
    var text: String {
        Self.wrapped(body, width: 80)
    }

    /// `text`'s paragraphs (separated by an empty line) each joined and wrapped at `width`.
    static func wrapped(_ text: String, width: Int) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(line) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    private var body: String {
        switch self {
        case .steps:
            """
            WHAT A CHECK RUNS (prepush help steps)

            For each package the push changes (and each package depending on it by local path), in
            its folder and in dependency order: todoscan (ERROR tags fail) and errorlint (when built
            beside prepush or on PATH; its errors fail), which need no build; then swift build
            --build-tests --enable-code-coverage, swift test --skip-build --enable-code-coverage
            (in a hook run, only the test targets the change can reach), the coverage table and its
            gates, then the configuration's extra steps. An Xcode app is built and tested with
            xcodebuild. The first failing step stops the run and the push (--keep-going checks the
            other packages too). --dry-run prints each unit's steps with their commands, its
            affected test targets and what this machine cannot run, and runs nothing.

            What is checked is the pushed commit's content: in place when the work tree holds
            exactly it, otherwise in a worktree kept at .build/prepush-worktree (scratch path
            .build/prepush-isolated, so later runs are incremental), one line saying why. A change
            to the work tree while an in-place check runs voids it: the commit is checked again in
            the worktree. --isolated always uses the worktree; --work-tree checks the disk as it
            is, labelled, never cached. By hand, HEAD is checked, or the work tree as it is when it
            has uncommitted changes (not cached). Nothing of yours (files, index, stash) is touched.

            Not checked: a push that only deletes refs or changes no source, resource, manifest,
            string catalog, Xcode project or configuration file (relevantPaths; documentation
            alone), and a tree already verified with the same toolchain and options (--no-cache
            checks it again). More: docs/prepush.md.
            """
        case .config:
            """
            SETTINGS (prepush help config)

            Defaults, then the "prepush" section of the nearest .preflight.json (the checked
            commit's own, never a file above the repository; --config PATH names another), then
            the flags. In the section: minCoverage (a number, or {"total", target names, file
            globs}), minDiffCoverage, coverageExclude, coverageReports, testReport,
            retryFailedTests, flakyTests, report, summary, githubSummary, since, relevantPaths,
            testArguments, configuration, todoscan, errorlint, isolated, content, allFindings,
            packages, excludePackages, keepGoing, warmWorktree, affectedTests, cacheKeyEnvironment,
            trustedVerifiers, stepTimeout, steps: [{"name", "run": [argv], "timeout": seconds}],
            backend, and for xcodebuild workspace, project, scheme, destination, testPlan,
            onlyTesting, skipTesting. A wrong key or value stops prepush (exit 2) naming it.

            The environment: CI=true turns on --ci; NO_COLOR turns colour off; PREPUSH_SKIP skips a
            check or some steps; PREPUSH_WARM_WORKTREE=0 turns the worktree's warm-up off on this
            machine; PREFLIGHT_SIGNING_KEY is --signing-key. git config: preflight.trustAnchor and
            preflight.trustedVerifiers (prepush help shared-verification).

            prepush --print-config prints a table of every setting in effect and where it came
            from (default, the file, a flag, the environment, git config); --print-config --json
            prints the settings as the file would spell them, with the packages found. Every key:
            docs/configuration.md.
            """
        case .coverage:
            """
            COVERAGE AND TESTS (prepush help coverage)

            The coverage of the package's own sources (not .build, not Tests) is measured from the
            tests' profile with the toolchain's llvm-cov. Gates: --min-coverage 80 (or TARGET=80,
            GLOB=80; minCoverage in .preflight.json), --min-diff-coverage for the lines the push
            adds. --coverage-exclude GLOB leaves files out; --coverage-files shows each file.
            Reports: --coverage-report lcov=PATH (also cobertura, sonar, json, html).

            Affected tests: in a hook run each test target runs on its own, and only those with no
            recorded pass at their content (their code, what they depend on, the manifests) run;
            the others' recorded profiles are merged into the coverage, so the figure is the one a
            full run gives. --affected-tests does the same by hand, --all-tests runs everything in
            one swift test. --dry-run prints "affected test targets: …" and which run and why.
            --retry-failed-tests N runs failed tests again and names those that pass as flaky
            (never recorded as verified). More: docs/prepush.md.
            """
        case .ci:
            """
            IN CI (prepush help ci)

            Run prepush in the repository's folder (a check by hand: every test, in one swift
            test). --ci (on when CI=true, or a CI service's own variable) prints plain output and
            GitHub workflow annotations for a failing step, a coverage gate, uncovered added lines
            and new findings. Reports: --test-report junit=PATH (every test, XCTest and Swift
            Testing), --coverage-report FORMAT=PATH, --report json=PATH (the run's record),
            --summary PATH (Markdown; under GitHub Actions appended to $GITHUB_STEP_SUMMARY unless
            --no-summary). --publish-verification REMOTE --signing-key KEY shares a pass with the
            team's hooks (prepush help shared-verification).

            Exit status: 0 passed or nothing to check; 1 a step failed; 2 usage, configuration or
            repository error; 130 interrupted. More: docs/prepush-ci.md.
            """
        case .xcode:
            """
            XCODE (prepush help xcode)

            An .xcodeproj or .xcworkspace with app targets is an app unit: xcodebuild
            build-for-testing and test-without-building with code coverage, then xccov. Options:
            --backend xcodebuild (or --xcode), --workspace, --project, --scheme, --destination
            (default: inferred from the scheme's platform), --test-plan, --only-testing,
            --skip-testing. A package that declares only iOS, tvOS, watchOS or visionOS is built
            with xcodebuild and a simulator. Where there is no xcodebuild (Linux), apps and
            Apple-only packages are not built (their scanners still run) and one line says what a
            Mac would run; --dry-run prints those xcodebuild commands. More: docs/xcode-apps.md.
            """
        case .hooks:
            """
            HOOKS (prepush help hooks)

            prepush install, in a repository, installs the pre-push hook (an existing hook is kept
            and run first; --force replaces it); a hooks folder inside the work tree (husky,
            lefthook, .githooks) is left alone and the line to add is printed. prepush install
            --pre-commit adds a pre-commit hook: todoscan --staged and errorlint --staged check what
            is staged. prepush uninstall removes prepush's hooks and restores what was there.

            Skipping: PREPUSH_SKIP=1 git push skips the check once; PREPUSH_SKIP=todoscan,errorlint
            skips those steps (never recorded as verified); git push --no-verify skips every
            pre-push hook. More: docs/prepush.md#install and docs/pre-commit.md.
            """
        case .sharedVerification:
            """
            SHARED VERIFICATION (prepush help shared-verification)

            CI publishes a signed record of a pass to refs/notes/preflight with
            --publish-verification REMOTE --signing-key KEY (or PREFLIGHT_SIGNING_KEY), only for
            commits on the remote's default branch. A hook whose "trustedVerifiers" file (read from
            the remote's default branch as last fetched, never from what is pushed; git config
            preflight.trustAnchor names another ref) lists the key skips a tree CI verified and
            takes CI's test passes as its baseline. Only a push's hook skips on a record; by hand
            and under CI records are ignored unless --trust-shared-records. --dry-run and
            --print-config say which records were found and why each is or is not used. More:
            docs/shared-verification.md.
            """
        case .output:
            """
            OUTPUT (prepush help output)

            Everything goes to standard error, as git expects of a hook. Colour only on a terminal,
            never with NO_COLOR or --no-color. --quiet: only failures and the verdict. --ci: plain,
            with GitHub annotations. --all-findings lists the todoscan and errorlint findings
            already there, not only those the push adds. Ctrl-C stops the running step's whole
            process tree and exits 130. Steps get TMPDIR in a folder of the repository's own in the
            system's temporary folder, removed when the run ends.
            """
        }
    }
}
