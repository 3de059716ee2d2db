#!/usr/bin/env bash
# The time a push saves with affected-test selection, on a package with many test targets:
# pushes that each change one module, each checked side by side with every test in one
# `swift test` (--all-tests) and with only the affected test targets (--affected-tests), in
# alternating order. Prints one row per push and the ratio of the totals (target <= 0.5).
#
#   scripts/bench/affected-ratio.sh REPOSITORY [MODULE...]
#
# REPOSITORY is swift-collections with history (e.g. /work/.mirror/apple+swift-collections/repo
# from the tool library's `fetch`); MODULEs are folders under Sources/ (default: DequeModule
# HeapModule OrderedCollections BitCollections HashTreeCollections). Each push adds one public
# function to the module's first Swift file and commits it. The two kinds of check run in two
# clones with their own .build, so each pays the same incremental build. Before the pushes, each
# clone is built and checked once (the affected one records its baseline: every test target on
# its own); that is reported apart. todoscan, errorlint and the verified-tree cache are off.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 REPOSITORY [MODULE...]" >&2; exit 2; }
repository=$1
shift
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(DequeModule HeapModule OrderedCollections BitCollections HashTreeCollections)
here=$(cd "$(dirname "$0")/../.." && pwd)
prepush=${PREPUSH:-$here/.build/debug/prepush}
[ -x "$prepush" ] || { echo "error: no prepush at $prepush; swift build first (or set PREPUSH)" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/affected-ratio.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
for kind in full affected; do
    git clone -q "$repository" "$scratch/$kind"
    git -C "$scratch/$kind" config user.email bench@example.com
    git -C "$scratch/$kind" config user.name bench
done
common=(--no-cache --no-todoscan --no-errorlint --no-color)

# timed NAME ARGS…: runs prepush in the clone NAME; sets seconds and status, keeps the log.
timed() {
    local log=$scratch/$1.log
    local clone=$scratch/$1
    shift
    local start end
    start=$(date +%s.%N)
    set +e
    (cd "$clone" && "$prepush" "${common[@]}" "$@") >"$log" 2>&1
    status=$?
    set -e
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
}

echo "== $(git -C "$scratch/full" log -1 --format='%h %s' | cut -c1-60)"
timed full --all-tests
echo "first build and every test in one run: ${seconds%.*} s (exit $status)"
timed affected --affected-tests
echo "first build and every test target on its own (the baseline, recorded): ${seconds%.*} s (exit $status)"
printf '%-22s | %-40s | %8s | %8s | %s\n' module "affected run" "full s" "aff. s" ratio
full_sum=0
affected_sum=0
round=0
for module in "${modules[@]}"; do
    for kind in full affected; do
        clone=$scratch/$kind
        file=$(cd "$clone" && find "Sources/$module" -name '*.swift' | sort | head -n 1)
        printf '\nextension Int {\n    public static func _benchmark%s() -> Int { %d }\n}\n' "$round" "$round" >>"$clone/$file"
        git -C "$clone" commit -q -am "bench: change $module"
    done
    timed full --all-tests
    f=$seconds f_status=$status
    timed affected --affected-tests
    a=$seconds a_status=$status
    line=$(sed -n 's/^prepush: \(running [^;]*\);.*/\1/p' "$scratch/affected.log" | cut -c1-40)
    [ "$a_status" = "$f_status" ] || line="VERDICTS DIFFER ($f_status/$a_status)"
    full_sum=$(echo "$full_sum + $f" | bc)
    affected_sum=$(echo "$affected_sum + $a" | bc)
    printf '%-22s | %-40s | %8.1f | %8.1f | %.2f\n' "$module" "${line:-?}" "$f" "$a" "$(echo "scale=4; $a / $f" | bc)"
    round=$((round + 1))
done
printf 'total: full %.1f s, affected %.1f s, ratio %.2f (target <= 0.5)\n' "$full_sum" "$affected_sum" \
    "$(echo "scale=4; $affected_sum / $full_sum" | bc)"
