#!/usr/bin/env bash
# The first push with an unrelated uncommitted edit (checked in prepush's worktree, since the work
# tree is not the pushed commit) against the same one-line push from a clean work tree (checked in
# place, incrementally), side by side in one run (issue 28: the dirty push <= 1.5x the clean one).
#
# Each way gets a fresh copy of a real package (../shared/bin/trial-repo, Yams by default) with the
# hook installed (the prepush built in this checkout), its .preflight.json committed first:
#
#   cold   "warmWorktree": false: the behaviour before the warm-up; the worktree's scratch folder
#          (.build/prepush-isolated) starts empty
#   copy   "warmWorktree": false, and just before the dirty push the in-place build folder is
#          copied into the worktree's scratch folder (cp -a, --reflink=auto where cp has it): does
#          SwiftPM take the copy as up to date from the worktree's path?
#   seed   the same copy without the clang module caches (`ModuleCache` folders), which name the
#          folder they were built in and fail a build from another one
#   warm   "warmWorktree": true (the default): the hook builds the worktree at the commit it
#          checked in place, in the background; the script waits for that build and prints its time
#
# In each: push 0 (a one-line commit; the in-place build from nothing, as a developer's own builds
# leave .build), push 1 "clean" (a one-line commit, clean work tree), then an edit left uncommitted
# in another file and push 2 "dirty" (a one-line commit). Prints each push's wall time, the number
# of "Compiling" lines its build printed, and dirty/clean.
#
#   scripts/bench/warm-worktree.sh                        # Yams, every way (cold copy seed warm)
#   WAYS="cold warm" REPO=apple/swift-collections scripts/bench/warm-worktree.sh
#   PREPUSH=/path/to/prepush KEEP=1 scripts/bench/warm-worktree.sh   # KEEP: leave the copies
set -euo pipefail
source "$(dirname "$0")/../lib/portable.sh"

repo=$(cd "$(dirname "$0")/../.." && pwd)
package=${REPO:-jpsim/Yams}
ways=${WAYS:-cold copy seed warm}
prepush=${PREPUSH:-$repo/.build/debug/prepush}
[ -x "$prepush" ] || { echo "no prepush at $prepush (swift build first, or set PREPUSH)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/warm-worktree-bench.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench
export GIT_COMMITTER_EMAIL=bench@example.com
unset CI PREPUSH_WARM_WORKTREE PREPUSH_SKIP

# The Swift files a one-line change goes to, and the one left edited: the first and last of the
# package's first target folder.
pick_files() {
    local first
    # awk reads to the end: head would close the pipe early, and pipefail would end the script.
    first=$(git ls-files 'Sources/*.swift' | awk 'NR == 1')
    changed=$first
    edited=$(git ls-files "$(dirname "$first")/*.swift" | awk 'END { print }')
    [ "$edited" != "$changed" ] || edited=$(git ls-files 'Sources/*.swift' | awk 'NR == 2')
}

# push NAME: a one-line commit to $changed, pushed; sets seconds and compiles.
push() {
    local name=$1 log="$work/$way-$1.log" start end status
    printf '// %s %s\n' "$way" "$name" >>"$changed"
    git commit -q -m "$name" -- "$changed"
    start=$(now_seconds)
    set +e
    git push -q origin HEAD:main >"$log" 2>&1
    status=$?
    set -e
    end=$(now_seconds)
    seconds=$(echo "$end - $start" | bc)
    compiles=$(grep -c 'Compiling' "$log" || true)
    failed=
    if [ "$status" != 0 ]; then
        echo "== $way $name: the push failed ($status); $log:" >&2
        grep -m 3 'error:' "$log" >&2 || tail -5 "$log" >&2
        [ "$name" = dirty ] || exit 1
        failed=" failed:$(grep -o '[a-z]* failed; the push is stopped' "$log" | head -1)"
    fi
    echo "== $way $name: ${seconds} s, $compiles Compiling lines ($(grep -o 'in its own worktree' "$log" | head -1 || true))" >&2
}

# wait_warm: waits for the background build the last push started; sets warm_seconds.
wait_warm() {
    local log=.git/preflight/warm-worktree.log
    warm_seconds=-
    grep -q 'in the background' "$work/$way-$1.log" || return 0
    for _ in $(seq 1 3600); do
        if grep -q 'the worktree is warm\|build failed' "$log" 2>/dev/null; then break; fi
        sleep 1
    done
    warm_seconds=$(sed -n 's/.*the worktree is warm at [0-9a-f]* (\([0-9.]*\) s).*/\1/p' "$log" | tail -1)
    echo "== $way: the background build after $1 took ${warm_seconds:-?} s" >&2
}

declare -a rows
for way in $ways; do
    dir="$work/$way"
    "$repo/../shared/bin/trial-repo" "$package" "$dir" >/dev/null
    cd "$dir/work"
    warm=false
    [ "$way" = warm ] && warm=true
    printf '{ "prepush": { "warmWorktree": %s } }\n' "$warm" >.preflight.json
    git add .preflight.json && git commit -q -m "prepush settings" && git push -q --no-verify origin main
    "$prepush" install >/dev/null 2>&1
    pick_files
    echo "== $way: $package, one-line pushes to $changed, uncommitted edit in $edited; load $(load_average)" >&2
    push prime
    wait_warm prime
    push clean
    clean=$seconds clean_compiles=$compiles
    wait_warm clean
    warm_after_clean=$warm_seconds
    printf '// an uncommitted edit\n' >>"$edited"
    if [ "$way" = copy ] || [ "$way" = seed ]; then
        mkdir -p .build/prepush-isolated
        seed_start=$(now_seconds)
        # Everything of the in-place build but prepush's own folders.
        for entry in .build/* .build/.[!.]*; do
            [ -e "$entry" ] || continue
            case $(basename "$entry") in prepush-*) continue ;; esac
            cp -a --reflink=auto "$entry" .build/prepush-isolated/ 2>/dev/null || cp -a "$entry" .build/prepush-isolated/
        done
        [ "$way" = copy ] || find .build/prepush-isolated -type d -name ModuleCache -prune -exec rm -rf {} +
        echo "== $way: copied in $(echo "$(now_seconds) - $seed_start" | bc) s" >&2
    fi
    push dirty
    rows+=("$(printf '| %s | %.1f s (%s) | %.1f s (%s)%s | %.2fx | %s |' "$way" "$clean" "$clean_compiles" \
        "$seconds" "$compiles" "$failed" "$(echo "$seconds / $clean" | bc -l)" "${warm_after_clean:--}")")
    git checkout -q -- "$edited"
    cd "$work"
done

echo
echo "$package, $(cpu_count) cores, load $(load_average); Compiling lines in parentheses"
echo
echo "| way | clean one-line push | first dirty one-line push | dirty / clean | background build after the clean push |"
echo "|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
