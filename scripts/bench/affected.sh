#!/usr/bin/env bash
# Replays real history through prepush's affected-test selection, each commit checked twice, side
# by side: every test in one `swift test` (--all-tests) and only the affected test targets
# (--affected-tests, each on its own, coverage merged with the recorded profiles of the others).
#
#   scripts/bench/affected.sh [-n COMMITS] [-p PACKAGE] REPOSITORY...
#
# Each REPOSITORY is a git repository of a Swift package with history (e.g. fetched with the tool
# library's `fetch`: /work/.mirror/apple+swift-numerics/repo); it is cloned into a temporary folder
# and its last COMMITS (default 20) consecutive first-parent commits are checked out one after the
# other, as a developer's checks would go. -p checks only the package at PACKAGE (`--package`; e.g.
# `-p .` where a Benchmarks package needs a package the mirrors do not have). For each commit:
#   - both runs' verdicts and total coverage, which must be equal (to 0.01 %);
#   - the test targets the affected run ran and skipped, and both runs' times;
#   - a planted failure: the first function body of a changed source file (not a test) starts with
#     fatalError(); wherever the full run fails, the affected run must fail too.
# Both runs pay the same incremental build: before each, the previous commit is checked out and
# built (untimed), then the commit is checked out again. Prints one row per commit and the totals; exits 1 when any row disagrees. todoscan and errorlint
# are off (they are not what is measured); the verified-tree cache is off (--no-cache).
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

commits=20
package=()
package_path=()
while [ $# -gt 0 ]; do
    case $1 in
    -n) commits=$2; shift 2 ;;
    -p) package=(--package "$2") package_path=(--package-path "$2"); shift 2 ;;
    *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: $0 [-n COMMITS] [-p PACKAGE] REPOSITORY..." >&2; exit 2; }
here=$(cd "$(dirname "$0")/../.." && pwd)
prepush=${PREPUSH:-$here/.build/debug/prepush}
[ -x "$prepush" ] || { echo "error: no prepush at $prepush; swift build first (or set PREPUSH)" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/affected-bench.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# A suite whose code paths depend on Swift's per-process hash seed covers a line more or less from one
# run to the next, selected or not (swift-http-types at fd0c5215e3: 63.49 % in 5 of 6 full runs,
# 63.53 % in the other): the two runs are compared with the seed fixed.
export SWIFT_DETERMINISTIC_HASHING=1
common=(--no-cache --no-todoscan --no-errorlint --no-color ${package[@]+"${package[@]}"})
disagreements=0

# shellcheck source=prepush-timing.sh
. "$here/scripts/bench/prepush-timing.sh"

# run NAME ARGS…: runs prepush in the clone; sets status, seconds, total, line.
run() {
    local log=$scratch/$1.log
    shift
    timed_prepush "$log" "$@"
    total=$(grep -aoE '[0-9.]+ % of [0-9]+ lines' "$log" | tail -n 1 | cut -d' ' -f1 || true)
    total=${total:--}
    # sed -E: alternation in a basic expression (\|) is GNU's alone.
    line=$(sed -En 's/^prepush: (running .*|all [0-9]* test targets run.*|the one test target.*|no test target is affected.*)$/\1/p' "$log" | tail -n 1 || true)
}

# prepare PREVIOUS COMMIT: builds PREVIOUS (untimed), then checks out COMMIT, so that the next run
# pays COMMIT's incremental build as a push of it would.
prepare() {
    git -C "$clone" checkout -q --detach "$1"
    (cd "$clone" && swift build --build-tests --enable-code-coverage ${package_path[@]+"${package_path[@]}"} >/dev/null 2>&1) || true
    git -C "$clone" checkout -q --detach "$2"
}

# plant FILE: makes the first function body of FILE start with fatalError(); 0 when one was found.
plant() {
    python3 - "$1" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
match = re.search(r'\bfunc\s+[^{};]*?\)[^{};]*\{', text)
if not match or "protocol" in text[max(0, match.start() - 200):match.start()].split("\n")[-1]:
    sys.exit(1)
text = text[:match.end()] + ' fatalError("planted by scripts/bench/affected.sh"); ' + text[match.end():]
open(path, "w", encoding="utf-8").write(text)
PY
}

for repository in "$@"; do
    name=$(basename "$(dirname "$(cd "$repository" && pwd)")")
    clone=$scratch/$name
    git clone -q "$repository" "$clone"
    list=$(git -C "$clone" rev-list --first-parent -n "$((commits + 1))" HEAD | reverse_lines)
    base=$(echo "$list" | head -n 1)
    echo "== $name: $commits commits after ${base:0:10}, each checked with every test and with the affected ones"
    git -C "$clone" checkout -q --detach "$base"
    run warmup --affected-tests
    echo "   (baseline at ${base:0:10}: ${seconds%.*} s, exit $status)"
    printf '%-10s | %-28s | %-34s | %8s | %8s | %-15s | %s\n' commit "targets changed" "test targets run / skipped" \
        "full s" "aff. s" "coverage f/a" "planted failure"
    previous=$base
    full_sum=0
    affected_sum=0
    for commit in $(echo "$list" | tail -n +2); do
        prepare "$previous" "$commit"
        changed=$(git -C "$clone" diff --name-only "$previous" "$commit" -- Sources Tests \
            | awk -F/ 'NF > 2 { print $2 }' | sort -u | tr '\n' ' ' || true)
        run affected --affected-tests
        a_status=$status a_seconds=$seconds a_total=$total a_line=$line
        # The same incremental build for the full run.
        prepare "$previous" "$commit"
        run full --all-tests
        f_status=$status f_seconds=$seconds f_total=$total
        full_sum=$(echo "$full_sum + $f_seconds" | bc)
        affected_sum=$(echo "$affected_sum + $a_seconds" | bc)
        verdict=ok
        [ "$a_status" = "$f_status" ] || verdict="VERDICTS DIFFER ($f_status/$a_status)"
        if [ "$a_total" != "$f_total" ]; then
            difference=$(python3 -c "import sys; a, b = sys.argv[1:]; print(abs(float(a) - float(b)) if '-' not in (a, b) else 1)" "$a_total" "$f_total")
            if [ "$(echo "$difference > 0.01" | bc)" = 1 ]; then verdict="COVERAGE DIFFERS"; fi
        fi
        selection=$(echo "$a_line" | sed 's/ (affected by the change)//; s/ (unaffected: passed at this content before)//' | cut -c1-34)
        # The planted failure, in the first changed source file that has a function body.
        planted="no changed source function"
        for file in $(git -C "$clone" diff --name-only "$previous" "$commit" -- 'Sources/*.swift'); do
            [ -f "$clone/$file" ] || continue
            if plant "$clone/$file"; then
                run planted-affected --affected-tests
                p_affected=$status
                if [ "$p_affected" = 1 ]; then
                    planted="caught (affected fails)"
                else
                    run planted-full --all-tests
                    if [ "$status" = 1 ]; then
                        planted="MISSED: full fails, affected passes"
                        verdict="PLANTED FAILURE MISSED"
                    else
                        planted="no test runs it (both pass)"
                    fi
                fi
                git -C "$clone" checkout -q -- "$file"
                break
            fi
        done
        [ "$verdict" = ok ] || disagreements=$((disagreements + 1))
        printf '%-10s | %-28s | %-34s | %8.1f | %8.1f | %-15s | %s%s\n' "${commit:0:10}" "${changed:0:28}" \
            "${selection:-"(no tests)"}" "$f_seconds" "$a_seconds" "$f_total/$a_total" "$planted" \
            "$([ "$verdict" = ok ] || echo " — $verdict")"
        previous=$commit
    done
    printf 'total: full %.1f s, affected %.1f s, ratio %.2f\n' "$full_sum" "$affected_sum" \
        "$(echo "scale=4; $affected_sum / $full_sum" | bc)"
done
[ "$disagreements" -eq 0 ] || { echo "$disagreements row(s) disagree" >&2; exit 1; }
