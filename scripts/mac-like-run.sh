#!/usr/bin/env bash
# A Mac-like run on Linux (issue 24): the suites whose paths and permissions differ on macOS run
# once more, after `swift test` has built everything:
#   1. as this user (root in CI), with TMPDIR (and so every fixture repository) reached through a
#      link into /private, as macOS lays out /var/folders/…: /var/folders -> /private/var/folders.
#      git and the compilers record /private/… paths; a root prefix or a path compared other than
#      on physical paths fails here, as it would on a Mac.
#   2. as an unprivileged user (root reads every file whatever its mode; a developer on a Mac does
#      not), in the same /private layout: every unit suite and the permission-sensitive end-to-end
#      suite, the test executable run directly from a copy of the products it can read, with a HOME
#      and TMPDIR of its own. Where the user cannot read this checkout (tests read fixtures by
#      #filePath), only the permission-sensitive suites, which read none, and a line saying so.
#
#   scripts/mac-like-run.sh                  # both runs (after `swift build --build-tests`)
#   scripts/mac-like-run.sh --filter REGEX   # both runs narrowed to the tests REGEX matches
#
# Needs Linux and root (CI's container) to make the layout; run 2 needs runuser and useradd too.
# Where it cannot run it says so in one line and exits 0. Exits 1 when a run failed.
# Portable to bash 3.2 (it only does something on Linux, but reads like the other scripts).
set -euo pipefail
cd "$(dirname "$0")/.."

# The end-to-end suites, and the unit suites that compare paths or read the toolchain's layout.
suites='PrivatePathTests|PhysicalRootTests|CoverageEndToEndTests|CoverageReportsEndToEndTests|PrePushEndToEndTests'
suites="$suites|AffectedTestsEndToEndTests|XcodeBackendEndToEndTests|ExecutablePathEndToEndTests|ScriptTests"
suites="$suites|WorkTreeSnapshotTests|ToolchainToolTests|ToolchainIdentityTests|LayoutEndToEndTests"
suites="$suites|NothingMeasuredEndToEndTests|ExactPushEndToEndTests|SharedHooksEndToEndTests|HookInstallerTests"
suites="$suites|RunTemporaryDirectoryTests|ReportDestinationTests|IntroducedFindingsEndToEndTests|PrePushInterruptEndToEndTests"
suites="$suites|TestReportEndToEndTests|TestReportTests"
# What a user's permissions change: unreadable files and folders, the run's temporary folder and
# its mode, report files, the /private layout made without root. None reads this checkout's files.
unprivileged_suites='WorkTreeSnapshotTests|PrivatePathTests|PhysicalRootTests|NastyInputEndToEndTests'
unprivileged_suites="$unprivileged_suites|RunTemporaryDirectoryTests|ReportDestinationTests|FileDiscoveryTests"
unprivileged_end_to_end='NastyInputEndToEndTests'
filtered=no

case ${1:-} in
--filter)
    [ $# -eq 2 ] || { echo "usage: scripts/mac-like-run.sh [--filter REGEX]" >&2; exit 2; }
    suites=$2
    unprivileged_suites=$2
    filtered=yes
    ;;
'') ;;
*) echo "usage: scripts/mac-like-run.sh [--filter REGEX]" >&2; exit 2 ;;
esac

if [ "$(uname -s)" != Linux ]; then
    echo "mac-like-run: skipped: not Linux (on macOS the ordinary swift test is the Mac run)"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "mac-like-run: skipped: needs root to make /private/var/folders and a test user (uid $(id -u))"
    exit 0
fi

total_start=$(date +%s)
bin_path=$(swift build --show-bin-path)
tests=$(ls -d "$bin_path"/*PackageTests.xctest 2>/dev/null | head -n 1)
[ -n "$tests" ] && [ -f "$tests" ] || {
    echo "mac-like-run: no test executable in $bin_path (run swift build --build-tests first)" >&2
    exit 2
}

# /var/folders -> /private/var/folders, as on a Mac. Made here (and removed after) unless it is
# there already; a real /var/folders is not ours to replace.
made_link=no
mkdir -p /private/var/folders
if [ ! -e /var/folders ] && [ ! -L /var/folders ]; then
    ln -s /private/var/folders /var/folders
    made_link=yes
fi
[ "$(cd /var/folders && pwd -P)" = /private/var/folders ] || {
    echo "mac-like-run: /var/folders exists and is not a link to /private/var/folders; not replaced" >&2
    exit 2
}
run_id="preflight-$$"
run_folder="/var/folders/$run_id"
cleanup() {
    rm -rf "/private/var/folders/$run_id"
    if [ "$made_link" = yes ] && [ -z "$(ls -A /private/var/folders)" ]; then
        rm -f /var/folders
        rmdir /private/var/folders 2>/dev/null || true
    fi
}
trap cleanup EXIT
mkdir -p "/private/var/folders/$run_id/T"

failed=""

# 1. As this user, through SwiftPM, TMPDIR through the link.
start=$(date +%s)
echo "== mac-like run 1: as $(id -un), TMPDIR=$run_folder/T/ (physically /private$run_folder/T)"
TMPDIR="$run_folder/T/" swift test --skip-build --filter "$suites" || failed="$failed run-1"
echo "== mac-like run 1 took $(($(date +%s) - start)) s"

# 2. As an unprivileged user.
user=preflight-ci
if ! command -v runuser >/dev/null 2>&1 || ! command -v useradd >/dev/null 2>&1; then
    echo "mac-like-run: run 2 skipped: no runuser or useradd here to run tests as an unprivileged user"
elif ! id "$user" >/dev/null 2>&1 && ! useradd --create-home --shell /bin/sh "$user"; then
    echo "mac-like-run: run 2 skipped: useradd could not make the user $user"
else
    home=$(getent passwd "$user" | cut -d: -f6)
    if [ -z "$home" ] || [ ! -d "$home" ]; then
        home="/private$run_folder/home"
        mkdir -p "$home"
        chown "$user" "$home"
    fi
    user_folder="$run_folder/U"
    mkdir -p "/private$user_folder/tmp" "/private$user_folder/products"
    # The products the tests run (the test executable, prepush, todoscan, errorlint, the fixture
    # programs, resource bundles), copied where the user can read them: the checkout may be in a
    # folder only root can enter. Sources the tests read by #filePath stay where they are.
    for item in "$bin_path"/*; do
        name=${item##*/}
        if [ -f "$item" ] && [ -x "$item" ]; then
            cp -p "$item" "/private$user_folder/products/$name"
        elif [ -d "$item" ] && case $name in *.resources | *.bundle) true ;; *) false ;; esac; then
            cp -R -p "$item" "/private$user_folder/products/$name"
        fi
    done
    chown -R "$user" "/private$user_folder"
    # Enterable by the user whatever root's umask was when they were made.
    chmod go+rx /private /private/var /private/var/folders "/private$run_folder"
    # The test executable directly: SwiftPM would take .build's lock, which is root's. Swift
    # Testing's entry point (every suite here is Swift Testing).
    as_user() {
        (cd "/private$user_folder/tmp" && runuser -u "$user" -- env -i HOME="$home" PATH="$PATH" \
            TMPDIR="$user_folder/tmp/" LANG=C.UTF-8 USER="$user" LOGNAME="$user" "$@")
    }
    start=$(date +%s)
    echo "== mac-like run 2: as $user (uid $(id -u "$user")), TMPDIR=$user_folder/tmp/, HOME=$home"
    if ! as_user swift --version >/dev/null 2>&1; then
        echo "mac-like-run: run 2 skipped: $user cannot run swift from PATH ($(command -v swift))"
    elif [ "$filtered" = yes ]; then
        as_user "$user_folder/products/${tests##*/}" --testing-library swift-testing --filter "$unprivileged_suites" \
            || failed="$failed run-2"
    elif as_user test -r "$PWD/Package.swift"; then
        # Every unit suite, then the end-to-end suite whose inputs permissions change. The suites
        # named …EndToEnd… are skipped, not the whole EndToEndTests target (its help, flag and script
        # suites run here too): a test's id starts with its target, `EndToEndTests.`.
        as_user "$user_folder/products/${tests##*/}" --testing-library swift-testing --skip '[A-Za-z]EndToEnd' \
            || failed="$failed run-2"
        as_user "$user_folder/products/${tests##*/}" --testing-library swift-testing \
            --filter "$unprivileged_end_to_end" || failed="$failed run-2"
    else
        echo "mac-like-run: $user cannot read $PWD (the tests' fixtures): only $unprivileged_suites"
        as_user "$user_folder/products/${tests##*/}" --testing-library swift-testing --filter "$unprivileged_suites" \
            || failed="$failed run-2"
    fi
    echo "== mac-like run 2 took $(($(date +%s) - start)) s"
fi

echo "== mac-like run: $(($(date +%s) - total_start)) s in all (the fixtures' removal after this not counted)"
if [ -n "$failed" ]; then
    echo "mac-like-run: failed:$failed" >&2
    exit 1
fi
