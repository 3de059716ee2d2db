#!/bin/sh
# newcomer.sh: walks README's "Use it on your package" path as a new user would, in a temporary
# directory that is removed at the end (also on failure): clone this repository, install the hook
# into a small package with a local bare remote (scripts/install-hooks.sh builds prepush), push
# (green, coverage table), push a failing test (rejected), push an ERROR comment (rejected, the
# diagnostic shown), fix, push again (green). Exits 1 with a message at the first deviation.
#
# It clones what is committed in the repository it lives in (not uncommitted edits), runs with
# its own HOME, git identity and SwiftPM caches, and reads nothing from stdin (CI=true is fine).
# POSIX sh (dash, macOS's bash 3.2 as sh).
set -eu

source_repository=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/preflight-newcomer.XXXXXX")
trap 'rm -rf "$work"' EXIT

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

step "install the hook: Preflight/scripts/install-hooks.sh MyPackage (builds prepush in release)"
run "$work/Preflight/scripts/install-hooks.sh" "$package"
[ "$status" -eq 0 ] || fail "install-hooks.sh failed"
[ -x "$package/.git/hooks/pre-push" ] || fail "no executable .git/hooks/pre-push after install-hooks.sh"

cd "$package"

step "push: green, coverage printed"
# The package is new, so its first push names the upstream; later ones are README's plain `git push`.
run git push -u origin main
[ "$status" -eq 0 ] || fail "the first push was rejected"
expect_output "1 test passed"
expect_output "Total"
printf '%s\n' "$output" | grep -qE '[0-9]+\.[0-9]+ %' || fail "no coverage percentage in the push's output"
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
step "fix the test, add an ERROR comment: the push is rejected and shows the diagnostic"
printf '%s\n%s\n' "$passing_tests" '@Test func addsTwoAndTwo() { #expect(add(2, 2) == 4) }' \
    >Tests/MyLibraryTests/MyLibraryTests.swift
tag=ERROR
printf '%s// %s: remove before release\n' "$library_source" "$tag" >Sources/MyLibrary/MyLibrary.swift
git commit -q -am "Fix the test; an $tag comment"
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
expect_output "Total"
[ "$(remote_head)" = "$(git rev-parse HEAD)" ] || fail "the remote did not receive the fixed commits"

printf '\nnewcomer.sh: passed (%d steps)\n' "$step_number"
