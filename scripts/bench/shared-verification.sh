#!/usr/bin/env bash
# Verification shared through git (issue 28): what a push costs from a fresh clone once CI has
# published its records, side by side with the full check it replaces, on a real package.
#
#   scripts/bench/shared-verification.sh [OWNER/NAME] [MODULE] [OTHER_MODULE]
#
# Defaults: apple/swift-collections, DequeModule (the change CI verifies on a branch), HeapModule
# (the change a developer pushes that no one verified). Laid out by ../shared/bin/trial-repo with a
# bare remote; an ed25519 key plays CI's; `.preflight/allowed_signers` and `trustedVerifiers` are
# committed. Steps:
#   1. CI (a clone) publishes main, then the branch `feature` (one public function added to MODULE).
#   2. A fresh clone with the notes fetched squashes `feature` onto main (a new commit, CI's tree)
#      and pushes it through the hook, RUNS times to new branches: (a) the verified push's time.
#   3. Another fresh clone with the notes fetched, built once at main (untimed: `swift build
#      --build-tests --enable-code-coverage`, the build prepush runs), commits one function added to
#      OTHER_MODULE and pushes it through the hook: affected test targets only, CI's passes the
#      baseline (b). Then the same commit's full check as a fresh clone's first push runs it today:
#      every test target on its own, no record of any kind (`--affected-tests --no-cache`, the
#      clone's records moved aside), after building the previous content again so that both pay
#      the same incremental build. Prints both, the ratios and the two coverage totals.
# Only the root package is checked (`packages: ["."]`: swift-collections' Benchmarks package needs a
# package the mirrors do not have). Takes 30–60 minutes on 2 cores.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/lib/portable.sh"
package=${1:-apple/swift-collections}
module=${2:-DequeModule}
other=${3:-HeapModule}
runs=${RUNS:-5}
prepush=${PREPUSH:-$here/.build/debug/prepush}
[ -x "$prepush" ] || { echo "error: no prepush at $prepush; swift build first (or set PREPUSH)" >&2; exit 2; }
shared=${SHARED:-$here/../shared}
scratch=${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/shared-verification.XXXXXX")}
mkdir -p "$scratch"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$scratch"' EXIT
add_function() { # FOLDER MODULE: one public function added to MODULE's first file; prints the file
    local file
    file=$(cd "$1" && find "Sources/$2" -name '*.swift' | sort | head -n 1)
    printf '\nextension Int {\n    public static func _shared%s() -> Int { 1 }\n}\n' "$2" >>"$1/$file"
    echo "$file"
}
clone() {
    git clone -q "$remote" "$scratch/$1"
    git -C "$scratch/$1" config user.email dev@example.com
    git -C "$scratch/$1" config user.name Dev
}
took() { # LOG COMMAND…: runs it, its output into LOG; sets seconds, status
    local log=$1 start end
    shift
    start=$(now_seconds)
    set +e
    "$@" >"$log" 2>&1
    status=$?
    set -e
    end=$(now_seconds)
    seconds=$(echo "$end - $start" | bc)
}
run_in() { # DIR COMMAND…: the command run in DIR (env -C is not on macOS)
    local folder=$1
    shift
    (cd "$folder" && "$@")
}
total() { grep -oE '[0-9.]+ % of [0-9]+ lines' "$1" | tail -1; }

cd "$scratch"
remote=$scratch/trial/remote.git
echo "== $package, prepush $(git -C "$here" rev-parse --short HEAD), $(date -u '+%Y-%m-%d %H:%M UTC'), load $(load_average), $(cpu_count) cores"
# KEEP=DIR holding a finished step 1 (a re-run): from step 2 on, with fresh clones.
if [ -n "${KEEP:-}" ] && [ -f "$scratch/published" ]; then
    echo "1. CI's records: published before, in $scratch"
    rm -rf "$scratch/dev" "$scratch/fresh"
else
    "$shared/bin/trial-repo" "$package" "$scratch/trial" >/dev/null
    seed=$scratch/trial/work
    ssh-keygen -q -t ed25519 -N '' -C ci@example.com -f "$scratch/ci_key"
    mkdir -p "$seed/.preflight"
    echo "ci@example.com $(cat "$scratch/ci_key.pub")" >"$seed/.preflight/allowed_signers"
    printf '{"prepush": {"trustedVerifiers": ".preflight/allowed_signers", "packages": ["."]}}\n' \
        >"$seed/.preflight.json"
    git -C "$seed" add -A && git -C "$seed" commit -qm "preflight: shared verification"
    git -C "$seed" push -q origin main
    git -C "$seed" checkout -q -b feature
    add_function "$seed" "$module" >/dev/null
    git -C "$seed" commit -qam "feature: $module"
    git -C "$seed" push -q origin feature
    clone ci
    took "$scratch/ci-main.log" run_in "$scratch/ci" "$prepush" --publish-verification origin --signing-key "$scratch/ci_key" --no-color
    echo "1. CI publishes main: ${seconds} s (exit $status; cold build, every test target on its own)"
    git -C "$scratch/ci" checkout -q -b feature origin/feature
    # Only commits on the trust anchor are published: this CI clone's team trusts the feature's CI.
    git -C "$scratch/ci" config preflight.trustAnchor refs/remotes/origin/feature
    took "$scratch/ci-feature.log" run_in "$scratch/ci" "$prepush" --publish-verification origin --signing-key "$scratch/ci_key" --no-color
    echo "   CI publishes feature: ${seconds} s (exit $status)"
    grep -h "published" "$scratch/ci-main.log" "$scratch/ci-feature.log" | sed 's/^/   /'
    touch "$scratch/published"
fi

clone dev
(cd "$scratch/dev" && "$prepush" install >/dev/null 2>&1 && git fetch -q origin)
git -C "$scratch/dev" checkout -q -b mine
git -C "$scratch/dev" merge -q --squash origin/feature
git -C "$scratch/dev" commit -qm "feature, squashed"
times=()
zero=0000000000000000000000000000000000000000
for i in $(seq 1 "$runs"); do
    # A new commit each time (same tree): one the remote does not have yet, so the hook checks it.
    git -C "$scratch/dev" commit -q --amend -m "feature, squashed ($i)"
    printf 'refs/heads/mine %s refs/heads/verified-%s %s\n' "$(git -C "$scratch/dev" rev-parse HEAD)" "$i" "$zero" \
        >"$scratch/hook-input"
    took "$scratch/verified-$i.log" run_in "$scratch/dev" sh -c '"$0" hook origin "$1" <"$2"' "$prepush" "$remote" \
        "$scratch/hook-input"
    times+=("$seconds")
done
verified=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
echo "2. the hook on a push of the tree CI verified, from a fresh clone (prepush hook with git's input), $runs runs:"
echo "   ${times[*]} s; median ${verified} s"
grep -h "verified by" "$scratch/verified-1.log" | sed 's/^/   /'
if command -v hyperfine >/dev/null 2>&1; then
    # The same hook call again and again (the commit is not pushed, so the remote still lacks it).
    (cd "$scratch/dev" && hyperfine -N --warmup 3 --runs "${HOOK_RUNS:-30}" --export-json "$scratch/hook.json" \
        "sh -c '\"$prepush\" hook origin \"$remote\" <\"$scratch/hook-input\"'" >/dev/null)
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("   hyperfine, %d runs: mean %.1f ms ± %.1f, median %.1f ms, min %.1f ms" % (len(r["times"]), r["mean"]*1000, r["stddev"]*1000, r["median"]*1000, r["min"]*1000))' "$scratch/hook.json"
fi
git -C "$scratch/dev" commit -q --amend -m "feature, squashed"
took "$scratch/push.log" git -C "$scratch/dev" push -q origin "HEAD:refs/heads/verified"
echo "   the same through git push (git's own work included): ${seconds} s (exit $status)"

clone fresh
(cd "$scratch/fresh" && "$prepush" install >/dev/null 2>&1 && git fetch -q origin)
took "$scratch/warm.log" run_in "$scratch/fresh" swift build --build-tests --enable-code-coverage
echo "3. fresh clone built once at main (untimed in the ratio): ${seconds} s"
file=$(add_function "$scratch/fresh" "$other")
git -C "$scratch/fresh" commit -qam "change $other"
took "$scratch/affected.log" git -C "$scratch/fresh" push -q origin "HEAD:refs/heads/change"
affected=$seconds
affected_status=$status
grep -h "running \|test targets run\|no test target" "$scratch/affected.log" | sed 's/^/   /' || true
# The same incremental build for the full check: the previous content built again, then the change.
cp "$scratch/fresh/$file" "$scratch/changed.swift"
git -C "$scratch/fresh" show "HEAD~1:$file" >"$scratch/fresh/$file"
(cd "$scratch/fresh" && swift build --build-tests --enable-code-coverage >/dev/null 2>&1)
cp "$scratch/changed.swift" "$scratch/fresh/$file"
# The full check: what this push costs a fresh clone without CI's records — every test target on
# its own, as a hook's first push runs them (--no-cache: no record of any kind is used; this
# clone's own, from the push above, are moved aside).
mv "$scratch/fresh/.git/preflight/tests" "$scratch/fresh-tests"
took "$scratch/full.log" run_in "$scratch/fresh" "$prepush" --affected-tests --no-cache --no-color
full=$seconds
echo "   the push (affected test targets, CI's passes as the baseline): ${affected} s (exit $affected_status), coverage $(total "$scratch/affected.log")"
echo "   the full check of the same commit (every test target, no record): ${full} s (exit $status), coverage $(total "$scratch/full.log")"
echo
echo "(a) verified push: median ${verified} s = $(echo "scale=4; $verified / $full" | bc)× the full check it skips (${full} s)"
echo "(b) one-module change from a fresh clone: $(echo "scale=3; $affected / $full" | bc)× the full check"
