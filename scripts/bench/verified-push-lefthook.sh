#!/usr/bin/env bash
# What a push of a tree prepush already verified costs, against lefthook 2.2.2's pre-push hook
# running `true` (issue 37): interleaved `git push --dry-run` rounds (git runs the pre-push hook for
# a dry run too) of the same unpushed Swift commit, on a small package (Calc: one source file, one
# test) with a bare remote; and the same push with no hook for scale. prepush checked the commit's
# tree once by hand first (`prepush`), so its hook finds it verified and checks nothing.
#
#   scripts/bench/verified-push-lefthook.sh                 # builds prepush in release first
#   PREPUSH=.build-release/release/prepush ROUNDS=40 scripts/bench/verified-push-lefthook.sh
#
# lefthook runs as its Go binary (LEFTHOOK_BIN), the fastest it can be. Prints each push's median
# and the ratio to lefthook's. Installs lefthook (PyPI) when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/lib/portable.sh"
rounds=${ROUNDS:-30}
if [ -z "${PREPUSH:-}" ]; then
    (cd "$here" && swift build -c release --static-swift-stdlib --product prepush --scratch-path .build-release >&2)
    PREPUSH=$here/.build-release/release/prepush
fi
PREPUSH=$(cd "$(dirname "$PREPUSH")" && pwd)/$(basename "$PREPUSH")
command -v lefthook >/dev/null || python3 -m pip install --quiet lefthook==2.2.2 >&2
lefthook_go=$(python3 -c 'import lefthook, os, glob; print(next(iter(glob.glob(os.path.join(os.path.dirname(lefthook.__file__), "bin", "*", "lefthook"))), ""))')
[ -x "$lefthook_go" ] || { echo "lefthook's Go binary not found" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/verified-push-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=b@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=b@example.com
export LEFTHOOK_BIN=$lefthook_go
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE PREPUSH_SKIP

git init -q --bare -b main "$work/remote.git"
seed=$work/seed
mkdir -p "$seed/Sources/Calc" "$seed/Tests/CalcTests"
cat >"$seed/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
EOF
printf 'public func add(_ a: Int, _ b: Int) -> Int { a + b }\n' >"$seed/Sources/Calc/Calc.swift"
printf 'import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n' \
    >"$seed/Tests/CalcTests/CalcTests.swift"
printf '.build/\n' >"$seed/.gitignore"
git -C "$seed" init -q -b main
git -C "$seed" add -A
git -C "$seed" commit -q -m initial
git -C "$seed" push -q "$work/remote.git" main

# Each clone holds the same unpushed Swift commit.
for name in prepush lefthook none; do
    git clone -q "$work/remote.git" "$work/$name"
    printf 'public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func one() -> Int { 1 }\n' \
        >"$work/$name/Sources/Calc/Calc.swift"
    git -C "$work/$name" commit -q -am "a Swift change"
done
(cd "$work/prepush" && "$PREPUSH" install >/dev/null 2>&1)
(cd "$work/prepush" && "$PREPUSH" >/dev/null 2>&1) || { echo "prepush's check of the commit failed" >&2; exit 2; }
printf 'pre-push:\n  commands:\n    nothing:\n      run: "true"\n' >"$work/lefthook/lefthook.yml"
(cd "$work/lefthook" && "$lefthook_go" install >/dev/null)
verified=$(git -C "$work/prepush" push --dry-run origin main 2>&1 | grep "already verified" || true)
[ -n "$verified" ] || { echo "prepush's hook did not find the tree verified" >&2; exit 2; }

echo "prepush: $PREPUSH ($("$PREPUSH" --version)); lefthook $("$lefthook_go" version); $(cpu_count) cores, load $(load_average); $rounds rounds"
echo "$verified"
push() { printf 'git -C %s push --dry-run -q origin main' "$work/$1"; }
python3 "$here/scripts/bench/interleaved.py" "$rounds" \
    "prepush (tree already verified)=$(push prepush)" \
    "no hook (--no-verify)=$(push none) --no-verify" \
    "lefthook: true=$(push lefthook)"
