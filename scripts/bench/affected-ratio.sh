#!/usr/bin/env bash
# The time a push saves with affected-test selection, on a package with many test targets:
# pushes that each change one module, each checked side by side with every test in one
# `swift test` (--all-tests) and with only the affected test targets (--affected-tests).
# Prints one row per push and the ratio of the totals (target <= 0.5).
#
#   scripts/bench/affected-ratio.sh REPOSITORY [MODULE...]
#
# REPOSITORY is swift-collections with history (e.g. /work/.mirror/apple+swift-collections/repo
# from the tool library's `fetch`); MODULEs are folders under Sources/ (default: DequeModule
# HeapModule OrderedCollections BitCollections HashTreeCollections). Each push adds one public
# function to the module's first Swift file and commits it. Both checks pay the same incremental
# build: before each, the file's previous content is built (untimed), then the change is put back, so
# each check recompiles the module and what depends on it as a push would; the order alternates. Before the pushes, the package is built
# and checked once, and the affected baseline recorded (every test target on its own); that is
# reported apart. Only the root package is checked (--package .: swift-collections' Benchmarks
# package needs a package the mirrors do not have); todoscan, errorlint and the verified-tree
# cache are off.
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
clone=$scratch/package
git clone -q "$repository" "$clone"
git -C "$clone" config user.email bench@example.com
git -C "$clone" config user.name bench
common=(--package . --no-cache --no-todoscan --no-errorlint --no-color)

# shellcheck source=prepush-timing.sh
. "$here/scripts/bench/prepush-timing.sh"

# timed NAME ARGS…: runs prepush in the clone; sets seconds and status, keeps the log as NAME.log.
timed() {
    local name=$1
    shift
    timed_prepush "$scratch/$name.log" "$@"
}

echo "== $(git -C "$clone" log -1 --format='%h %s' | cut -c1-60)"
timed first --all-tests
echo "first build and every test in one run: ${seconds%.*} s (exit $status)"
timed baseline --affected-tests
echo "the affected baseline (every test target on its own, recorded): ${seconds%.*} s (exit $status)"
printf '%-22s | %-44s | %8s | %8s | %s\n' module "affected run" "full s" "aff. s" ratio
full_sum=0
affected_sum=0
round=0
for module in "${modules[@]}"; do
    file=$(cd "$clone" && find "Sources/$module" -name '*.swift' | sort | head -n 1)
    printf '\nextension Int {\n    public static func _benchmark%s() -> Int { %d }\n}\n' "$round" "$round" >>"$clone/$file"
    git -C "$clone" commit -q -am "bench: change $module"
    if [ $((round % 2)) -eq 0 ]; then order="full affected"; else order="affected full"; fi
    for kind in $order; do
        git -C "$clone" show "HEAD~1:$file" >"$clone/$file"
        (cd "$clone" && swift build --build-tests --enable-code-coverage >/dev/null 2>&1) || true
        git -C "$clone" checkout -q -- "$file"
        if [ "$kind" = full ]; then
            timed full --all-tests
            f=$seconds f_status=$status
        else
            timed affected --affected-tests
            a=$seconds a_status=$status
        fi
    done
    line=$(sed -n 's/^prepush: \(running [^;]*\);.*/\1/p' "$scratch/affected.log" | cut -c1-44)
    [ "$a_status" = "$f_status" ] || line="VERDICTS DIFFER ($f_status/$a_status)"
    full_sum=$(echo "$full_sum + $f" | bc)
    affected_sum=$(echo "$affected_sum + $a" | bc)
    printf '%-22s | %-44s | %8.1f | %8.1f | %.2f\n' "$module" "${line:-?}" "$f" "$a" "$(echo "scale=4; $a / $f" | bc)"
    round=$((round + 1))
done
printf 'total: full %.1f s, affected %.1f s, ratio %.2f (target <= 0.5)\n' "$full_sum" "$affected_sum" \
    "$(echo "scale=4; $affected_sum / $full_sum" | bc)"
