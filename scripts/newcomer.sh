#!/bin/sh
# newcomer.sh: walks README's "Install on your repository" path as a new user would, in a temporary
# directory that is removed at the end (also on failure): clone this repository (a plain clone, as
# README's), install the hooks into a small package with a local bare remote (install-hooks.sh
# builds prepush and todoscan, saying how far it is every 10 s and no linker warning, installs the
# pre-push and pre-commit hooks and checks the package once: green, coverage table), push what
# that check verified (not checked again), push a failing test (rejected), commit an ERROR comment
# (the pre-commit hook stops the commit; committed with --no-verify, the push is rejected with the
# diagnostic), fix, push again (green). Then a team: a committed
# .preflight.json (requiredVersion, the errorlint step decided, an extra step), a teammate's second
# clone with the same install-hooks.sh running the same steps, and a requiredVersion this Preflight
# does not satisfy stopping the push and the install. Last, install-hooks.sh --uninstall: no hook,
# no worktree in git's list, no .git/preflight. Exits 1 with a message at the first deviation.
#
# It clones what is committed in the repository it lives in (not uncommitted edits), runs with
# its own HOME, git identity and SwiftPM caches, and reads nothing from stdin (CI=true is fine).
# POSIX sh (dash, macOS's bash 3.2 as sh).
set -eu

source_repository=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/preflight-newcomer.XXXXXX")
# A push that passed in place leaves prepush's worktree warming up in the background (docs/prepush.md,
# "A warm worktree"): it is stopped, and gone, before its folder is removed.
cleanup() {
    pkill -f "warm-worktree $work" 2>/dev/null || true
    tries=0
    while pgrep -f "warm-worktree $work" >/dev/null 2>&1 && [ "$tries" -lt 100 ]; do
        sleep 0.2
        tries=$((tries + 1))
    done
    rm -rf "$work"
}
trap cleanup EXIT

# Nothing from this machine's user: a fresh HOME (no ~/.gitconfig, no SwiftPM caches), a git
# identity of our own, no git variables from a calling hook, no prepush bypass.
export HOME="$work/home"
mkdir -p "$HOME"
export GIT_AUTHOR_NAME="Newcomer" GIT_AUTHOR_EMAIL="newcomer@example.com"
export GIT_COMMITTER_NAME="Newcomer" GIT_COMMITTER_EMAIL="newcomer@example.com"
export GIT_TERMINAL_PROMPT=0
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_COMMON_DIR PREPUSH_SKIP
# A newcomer at a terminal: prepush's plain output, which README shows (CI=true would switch its
# findings to GitHub annotations).
unset CI
exec </dev/null

step_number=0
step() {
    step_number=$((step_number + 1))
    printf '\n=== newcomer step %d: %s\n' "$step_number" "$*"
}

fail() {
    printf '\nnewcomer.sh: FAILED at step %d: %s\n' "$step_number" "$*" >&2
    exit 1
}

# Runs a command, shows its output as it comes, keeps it in $output and its exit status in $status.
run() {
    printf '$ %s\n' "$*"
    set +e
    { "$@" 2>&1; echo $? >"$work/step.status"; } | tee "$work/step.log"
    set -e
    status=$(cat "$work/step.status")
    output=$(cat "$work/step.log")
}

expect_output() {
    printf '%s\n' "$output" | grep -qF -- "$1" || fail "expected the output to contain '$1'"
}

remote_head() {
    git -C "$work/MyPackage.git" rev-parse --verify -q main || true
}

step "clone Preflight (git clone $source_repository)"
run git clone -q "$source_repository" "$work/Preflight"
[ "$status" -eq 0 ] || fail "git clone failed"
[ -x "$work/Preflight/scripts/install-hooks.sh" ] || fail "the clone has no scripts/install-hooks.sh"

step "make a small package: a library and a test target, a local bare remote"
package="$work/MyPackage"
mkdir -p "$package/Sources/MyLibrary" "$package/Tests/MyLibraryTests"
cat >"$package/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyPackage",
    targets: [
        .target(name: "MyLibrary"),
        .testTarget(name: "MyLibraryTests", dependencies: ["MyLibrary"]),
    ]
)
EOF
library_source='public func add(_ a: Int, _ b: Int) -> Int { a + b }
'
printf '%s' "$library_source" >"$package/Sources/MyLibrary/MyLibrary.swift"
passing_tests='import MyLibrary
import Testing

@Test func adds() { #expect(add(1, 2) == 3) }
'
printf '%s' "$passing_tests" >"$package/Tests/MyLibraryTests/MyLibraryTests.swift"
printf '.build/\n' >"$package/.gitignore"
git init -q -b main "$package"
git -C "$package" add -A
git -C "$package" commit -q -m "MyLibrary"
git init -q --bare "$work/MyPackage.git"
git -C "$package" remote add origin "$work/MyPackage.git"
echo "made $package (remote $work/MyPackage.git)"

step "install the hooks: Preflight/scripts/install-hooks.sh MyPackage (builds prepush and todoscan, installs, a first check)"
run "$work/Preflight/scripts/install-hooks.sh" "$package"
[ "$status" -eq 0 ] || fail "install-hooks.sh failed"
[ -x "$package/.git/hooks/pre-push" ] || fail "no executable .git/hooks/pre-push after install-hooks.sh"
[ -x "$package/.git/hooks/pre-commit" ] || fail "no executable .git/hooks/pre-commit after install-hooks.sh"
expect_output "prepush: installed $package/.git/hooks/pre-push"
expect_output "prepush: installed $package/.git/hooks/pre-commit"
expect_output "install-hooks.sh: building prepush and todoscan"
expect_output "of about 4 to 5 minutes: building prepush"
expect_output "install-hooks.sh: built prepush and todoscan in"
if printf '%s\n' "$output" | grep -q "warning: the use of"; then fail "a linker warning reached the screen"; fi
# Where the build put prepush, as install-hooks.sh says it.
prepush_path=$(printf '%s\n' "$output" | sed -n 's/^install-hooks.sh: README.s `prepush \.\.\.` commands: run \(.*\) (for example `.*/\1/p' | head -1)
[ -x "$prepush_path" ] || fail "install-hooks.sh did not say where prepush is"
expect_output "install-hooks.sh: a first check of $package as it is now"
expect_output "1 test passed"
expect_output "prepush: the full log: "
printf '%s\n' "$output" | grep -qE '[0-9]+\.[0-9]+ %' || fail "no coverage percentage in the first check's output"

cd "$package"

step "push what the first check verified: it goes through without a second check"
# The package is new, so its first push names the upstream; later ones are README's plain `git push`.
run git push -u origin main
[ "$status" -eq 0 ] || fail "the first push was rejected"
expect_output "already verified with this toolchain and these options"
[ "$(remote_head)" = "$(git rev-parse HEAD)" ] || fail "the remote did not receive the push"

step "add a failing test: the push is rejected"
printf '%s\n%s\n' "$passing_tests" '@Test func addsBadly() { #expect(add(2, 2) == 5) }' \
    >Tests/MyLibraryTests/MyLibraryTests.swift
git commit -q -am "A failing test"
before=$(remote_head)
run git push
[ "$status" -ne 0 ] || fail "a push with a failing test went through"
expect_output "test failed; the push is stopped"
[ "$(remote_head)" = "$before" ] || fail "the remote moved although the push was rejected"

# prepush stops at the first failing step, so the test is fixed here for todoscan's step to run.
step "fix the test, add an ERROR comment: the pre-commit hook stops the commit"
printf '%s\n%s\n' "$passing_tests" '@Test func addsTwoAndTwo() { #expect(add(2, 2) == 4) }' \
    >Tests/MyLibraryTests/MyLibraryTests.swift
tag=ERROR
printf '%s// %s: remove before release\n' "$library_source" "$tag" >Sources/MyLibrary/MyLibrary.swift
git add -A
head_before=$(git rev-parse HEAD)
run git commit -q -m "Fix the test; an $tag comment"
[ "$status" -ne 0 ] || fail "the pre-commit hook let a commit with an $tag comment through"
expect_output "Sources/MyLibrary/MyLibrary.swift:2:4: error: $tag: remove before release"
[ "$(git rev-parse HEAD)" = "$head_before" ] || fail "a commit was made although the pre-commit hook failed"

step "commit it anyway (--no-verify): the push is rejected and shows the diagnostic"
git commit -q --no-verify -m "Fix the test; an $tag comment"
run git push
[ "$status" -ne 0 ] || fail "a push with an $tag comment went through"
expect_output "Sources/MyLibrary/MyLibrary.swift:2:4: error: $tag: remove before release"
expect_output "todoscan failed"
[ "$(remote_head)" = "$before" ] || fail "the remote moved although the push was rejected"

step "remove the comment: the push goes through"
printf '%s' "$library_source" >Sources/MyLibrary/MyLibrary.swift
git commit -q -am "Remove the $tag comment"
run git push
[ "$status" -eq 0 ] || fail "the push after the fixes was rejected"
expect_output "2 tests passed"
expect_output "prepush: the full log: "
[ "$(remote_head)" = "$(git rev-parse HEAD)" ] || fail "the remote did not receive the fixed commits"

# The steps of the run in $output: the first column of prepush's summary table.
steps_run() {
    printf '%s\n' "$output" | awk '/^step +status +time +result/ { table = 1; next }
        table && $1 !~ /:$/ && ($2 == "passed" || $2 == "failed" || $2 == "skipped") { print $1; next } { table = 0 }' |
        tr '\n' ' '
}

step "the team commits .preflight.json: requiredVersion, the errorlint step decided, an extra step"
preflight_bin=$(dirname "$prepush_path")
version=$("$preflight_bin/prepush" --version)
printf '{\n  "requiredVersion": ">= %s",\n  "prepush": {\n    "errorlint": false,\n    "minCoverage": 50,\n    "steps": [{ "name": "team-check", "run": ["git", "diff", "--check", "HEAD~1"] }]\n  }\n}\n' \
    "$version" >.preflight.json
git add .preflight.json
git commit -q -m "Team configuration"
run git push
[ "$status" -eq 0 ] || fail "the push of the team's configuration was rejected"
first_steps=$(steps_run)
echo "steps on the first machine: $first_steps"
case $first_steps in *team-check*) ;; *) fail "the committed extra step did not run" ;; esac
case $first_steps in *errorlint*) fail "errorlint ran although the configuration turns it off" ;; esac

step "a teammate: a second clone of the repository, the same install-hooks.sh, the same steps"
teammate="$work/Teammate"
run git clone -q --branch main "$work/MyPackage.git" "$teammate"
[ "$status" -eq 0 ] || fail "the teammate's clone failed"
run "$work/Preflight/scripts/install-hooks.sh" "$teammate"
[ "$status" -eq 0 ] || fail "install-hooks.sh failed in the teammate's clone"
cd "$teammate"
printf 'public func addAgain(_ a: Int, _ b: Int) -> Int { a + b }\n' >Sources/MyLibrary/Second.swift
git add Sources/MyLibrary/Second.swift
git commit -q -m "The teammate's change"
run git push
[ "$status" -eq 0 ] || fail "the teammate's push was rejected"
teammate_steps=$(steps_run)
echo "steps on the teammate's machine: $teammate_steps"
[ "$teammate_steps" = "$first_steps" ] || fail "the teammate ran '$teammate_steps', the first machine '$first_steps'"

step "the repository requires a newer Preflight: the commit and the push are stopped, prepush and install-hooks.sh refuse"
printf '{ "requiredVersion": ">= 99.0.0", "prepush": { "errorlint": false } }\n' >.preflight.json
git add .preflight.json
run git commit -q -m "Require Preflight 99"
[ "$status" -ne 0 ] || fail "the pre-commit hook let a commit through although the repository requires Preflight >= 99.0.0"
expect_output "This repository requires Preflight >= 99.0.0"
git commit -q --no-verify -m "Require Preflight 99"
before=$(remote_head)
run git push
[ "$status" -ne 0 ] || fail "a push went through although the repository requires Preflight >= 99.0.0"
expect_output "This repository requires Preflight >= 99.0.0"
expect_output "the installed Preflight is $version"
[ "$(remote_head)" = "$before" ] || fail "the remote moved although the push was refused"
run "$preflight_bin/prepush" --print-config
[ "$status" -eq 2 ] || fail "prepush ran (status $status) although the repository requires Preflight >= 99.0.0"
run "$work/Preflight/scripts/install-hooks.sh" "$teammate"
[ "$status" -eq 2 ] || fail "install-hooks.sh went on (status $status) although the repository requires Preflight >= 99.0.0"
expect_output "This repository requires Preflight >= 99.0.0"

step "uninstall: install-hooks.sh --uninstall leaves no hook, no worktree and no .git/preflight"
cd "$package"
run "$work/Preflight/scripts/install-hooks.sh" --uninstall "$package"
[ "$status" -eq 0 ] || fail "install-hooks.sh --uninstall failed"
[ ! -e .git/hooks/pre-push ] || fail "the pre-push hook is still there"
[ ! -e .git/hooks/pre-commit ] || fail "the pre-commit hook is still there"
[ ! -e .git/preflight ] || fail ".git/preflight is still there"
worktrees=$(git worktree list --porcelain | grep -c '^worktree ')
[ "$worktrees" -eq 1 ] || fail "git worktree list still lists $worktrees worktrees: $(git worktree list)"

printf '\nnewcomer.sh: passed (%d steps)\n' "$step_number"
