#!/usr/bin/env bash
# Which test targets an Xcode app's pushes would run with affected-test selection read from the
# project itself (XcodeAffectedTests): for each of the last N first-parent commits of each
# repository, the scheme's test targets the commit's changes reach, against the scheme's total,
# each checked against a derivation written by hand from the project (XcodeSelectionHistoryTests).
# Prints one row per repository: commits, test targets in the plan, how many commits select none,
# some, all (of which the project, plan or build settings changed), and the targets selected in all.
#
#   scripts/bench/xcode-selection.sh [N]
#
# The repositories are CotEditor (scheme CotEditor), element-x-ios (scheme UnitTests, its test
# plan), IceCubesApp (scheme IceCubesApp) and NetNewsWire (scheme NetNewsWire, its test plan of
# eleven test targets, ten of them its local packages'), as the tool library's `fetch` lays them
# out under /work/.mirror (override with COTEDITOR, ELEMENTX, ICECUBES, NETNEWSWIRE: a clone or
# bare repository each).
# Nothing is built or run but the opt-in test, which reads the repositories with git.
set -euo pipefail

count=${1:-50}
here=$(cd "$(dirname "$0")/../.." && pwd)
mirror=${MIRROR:-/work/.mirror}
cot=${COTEDITOR:-$mirror/coteditor+CotEditor/repo}
element=${ELEMENTX:-$mirror/element-hq+element-x-ios/repo}
ice=${ICECUBES:-$mirror/Dimillian+IceCubesApp/repo}
nnw=${NETNEWSWIRE:-$mirror/Ranchero-Software+NetNewsWire/repo}
for repository in "$cot" "$element" "$ice" "$nnw"; do
  git --git-dir="$repository" rev-parse --verify -q HEAD >/dev/null \
    || { echo "error: no repository at $repository" >&2; exit 2; }
done
out=$(mktemp "${TMPDIR:-/tmp}/xcode-selection.XXXXXX")
trap 'rm -f "$out"' EXIT
cd "$here"
swift build --build-tests >/dev/null
PREFLIGHT_XCODE_HISTORY="$cot|CotEditor.xcodeproj|CotEditor;$element|ElementX.xcodeproj|UnitTests;$ice|IceCubesApp.xcodeproj|IceCubesApp;$nnw|NetNewsWire.xcodeproj|NetNewsWire" \
PREFLIGHT_XCODE_HISTORY_COMMITS=$count PREFLIGHT_XCODE_HISTORY_OUT=$out \
  swift test --skip-build --filter XcodeSelectionHistoryTests >/dev/null \
  || { echo "error: a selection differs from the derivation by hand (swift test --filter XcodeSelectionHistoryTests says which)" >&2; exit 1; }
echo "| repository (scheme) | commits | test targets | none | some | all (project) | selected |"
echo "|---|---|---|---|---|---|---|"
cat "$out"
