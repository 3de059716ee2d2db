#!/usr/bin/env bash
# A Mac-like run on Linux (issue 24): the suites whose paths and permissions differ on macOS run
# once more, after the full `swift test` has built everything:
#   1. with TMPDIR (and so every fixture repository) reached through a link into /private, as
#      macOS lays out /var/folders/…: /var/folders -> /private/var/folders. git and the compilers
#      record /private/… paths; a root prefix not compared on physical paths measures nothing here.
#   2. the permission-sensitive suites as an unprivileged user (root reads every file), in the
#      same /private layout.
# Needs root on Linux (CI's container) to make the layout and the user; elsewhere it says why it
# does nothing. Portable to bash 3.2.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != Linux ]; then
    echo "mac-like-run: not Linux; on macOS the ordinary run is the Mac run"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "mac-like-run: needs root to make /private/var/folders and a test user; skipped" >&2
    exit 0
fi

suites='PrivatePathTests|PhysicalRootTests|CoverageEndToEndTests|CoverageReportsEndToEndTests|PrePushEndToEndTests|AffectedTestsEndToEndTests|XcodeBackendEndToEndTests|ExecutablePathEndToEndTests|ScriptTests|WorkTreeSnapshotTests|ToolchainToolTests|ToolchainIdentityTests'
unprivileged_suites='WorkTreeSnapshotTests|PrivatePathTests|NastyInputEndToEndTests'

mkdir -p /private/var/folders
if [ ! -e /var/folders ]; then ln -s /private/var/folders /var/folders; fi
[ "$(cd /var/folders && pwd -P)" = /private/var/folders ] || {
    echo "mac-like-run: /var/folders is not a link to /private/var/folders" >&2
    exit 2
}
run_id="pf$$"
tmp="/var/folders/$run_id/T"
mkdir -p "/private/var/folders/$run_id/T"
trap 'rm -rf "/private/var/folders/$run_id"' EXIT

start=$(date +%s)
echo "== Mac-like run 1: TMPDIR=$tmp (physically /private/var/folders/$run_id/T)"
TMPDIR="$tmp/" swift test --skip-build --filter "$suites"
echo "== Mac-like run 1 took $(($(date +%s) - start)) s"

user=preflight-ci
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/sh "$user"
user_tmp="/var/folders/$run_id/U"
mkdir -p "/private/var/folders/$run_id/U"
chown "$user" "/private/var/folders/$run_id/U"
bin_path=$(swift build --show-bin-path)
tests="$bin_path/PreflightPackageTests.xctest"
start=$(date +%s)
echo "== Mac-like run 2: as $user (uid $(id -u "$user")), TMPDIR=$user_tmp"
# The test executable directly (SwiftPM would write .build's lock, which is root's): Swift Testing's
# entry point, the same filter.
runuser -u "$user" -- env -i HOME="$(getent passwd "$user" | cut -d: -f6)" PATH="$PATH" TMPDIR="$user_tmp/" \
    LANG=C.UTF-8 "$tests" --testing-library swift-testing --filter "$unprivileged_suites"
echo "== Mac-like run 2 took $(($(date +%s) - start)) s"
