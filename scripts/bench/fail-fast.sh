#!/usr/bin/env bash
# Fail fast (issue 38, item 3), side by side in one run, on a fresh copy of a real package
# (../shared/bin/trial-repo, Yams by default) with the hook of the prepush built in this checkout:
#
#   green   a one-line push (a comment appended to a source file): the scanners, then the build,
#           the tests and coverage, incremental after push 0
#   error   the same push with an ERROR-tagged comment line instead: stopped by todoscan, before
#           any build (the commit is dropped again afterwards)
#   first   the scanners (todoscan, errorlint when built) then `swift build`, as prepush runs them
#   beside  the scanners and `swift build` started together (what running them beside the build
#           would cost; nothing of prepush, the same commands)
#
# first and beside build in their own scratch folder (.build/bench, built once before round 1),
# so they and the hook's builds do not undo each other's settings; their order alternates.
#
# Each round makes a new one-line change and runs all four, interleaved; prints each time, the
# medians, error/green (target <= 0.25) and beside/first, and the output lines of the last green
# push. ROUNDS (default 3), REPO (owner/name), PREPUSH (default .build/debug/prepush), KEEP=1
# leaves the copy.
#
#   scripts/bench/fail-fast.sh
#   ROUNDS=5 REPO=apple/swift-algorithms scripts/bench/fail-fast.sh
set -euo pipefail
source "$(dirname "$0")/../lib/portable.sh"

repo=$(cd "$(dirname "$0")/../.." && pwd)
package=${REPO:-jpsim/Yams}
rounds=${ROUNDS:-3}
prepush=${PREPUSH:-$repo/.build/debug/prepush}
bin=$(dirname "$prepush")
[ -x "$prepush" ] || { echo "no prepush at $prepush (swift build first, or set PREPUSH)" >&2; exit 2; }
[ -x "$bin/todoscan" ] || { echo "no todoscan beside $prepush (swift build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/fail-fast-bench.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench
export GIT_COMMITTER_EMAIL=bench@example.com
unset CI PREPUSH_WARM_WORKTREE PREPUSH_SKIP
export PREPUSH_WARM_WORKTREE=0

"$repo/../shared/bin/trial-repo" "$package" "$work/trial" >/dev/null
cd "$work/trial/work"
"$prepush" install >/dev/null
file=$(git ls-files 'Sources/*.swift' | awk 'NR == 1')
scanners=("$bin/todoscan" .)
errorlint=()
[ -x "$bin/errorlint" ] && errorlint=("$bin/errorlint" .)

timed() { # timed LOG COMMAND…: sets seconds and status
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
scan_then_build() {
    "${scanners[@]}" || true
    if [ ${#errorlint[@]} -gt 0 ]; then "${errorlint[@]}" || true; fi
    swift build --build-tests --scratch-path .build/bench
}
scan_beside_build() {
    ("${scanners[@]}" || true) &
    if [ ${#errorlint[@]} -gt 0 ]; then ("${errorlint[@]}" || true) & fi
    swift build --build-tests --scratch-path .build/bench
    wait
}
change() { printf '// bench %s\n' "$1" >>"$file"; }

echo "fail fast: $package, $rounds rounds, $(cpu_count) CPUs, load $(load_average)"
change "push 0" && git commit -qam "push 0"
timed "$work/push0.log" git push -q origin main
echo "push 0 (build from nothing): ${seconds} s, exit $status"

swift build --build-tests --scratch-path .build/bench >"$work/bench0.log" 2>&1
greens=() errors=() firsts=() besides=()
for round in $(seq 1 "$rounds"); do
    change "green $round" && git commit -qam "green $round"
    timed "$work/green.log" git push origin main
    [ "$status" -eq 0 ] || { echo "green push failed:" >&2; tail -30 "$work/green.log" >&2; exit 1; }
    greens+=("$seconds")
    green=$seconds

    printf '// ERROR: bench %s\n' "$round" >>"$file" && git commit -qam "error $round"
    timed "$work/error.log" git push origin main
    [ "$status" -ne 0 ] || { echo "the ERROR push went through" >&2; exit 1; }
    errors+=("$seconds")
    error=$seconds
    git reset -q --hard HEAD~1

    for way in $( ((round % 2)) && echo first beside || echo beside first); do
        change "$way $round"
        if [ "$way" = first ]; then
            timed "$work/first.log" scan_then_build
            firsts+=("$seconds")
            first=$seconds
        else
            timed "$work/beside.log" scan_beside_build
            besides+=("$seconds")
            beside=$seconds
        fi
    done
    echo "round $round: green ${green} s, error ${error} s, scanners then build ${first} s, beside ${beside} s"
    git checkout -q -- "$file"
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
g=$(median "${greens[@]}") e=$(median "${errors[@]}") f=$(median "${firsts[@]}") b=$(median "${besides[@]}")
echo "median: green $g s, error $e s, scanners then build $f s, beside $b s"
echo "error/green: $(echo "scale=3; $e / $g" | bc) (target <= 0.25)"
echo "beside/first: $(echo "scale=3; $b / $f" | bc)"
echo "green push output: $(wc -l <"$work/green.log") lines; error push output: $(wc -l <"$work/error.log") lines"
echo "load after: $(load_average)"
