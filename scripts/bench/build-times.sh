#!/bin/sh
# build-times.sh: how long the builds a user waits for take, each from nothing (a fresh scratch
# path; the package's dependencies already resolved into it), measured once per run:
#
#   (1) prepush, release, --static-swift-stdlib: what scripts/install-hooks.sh builds;
#   (2) errorlint, release, --static-swift-stdlib: install-hooks.sh --with-errorlint (swift-syntax);
#   (3) every product and the tests, debug: `swift build --build-tests` of a clone (development).
#
#   scripts/bench/build-times.sh            # all three
#   scripts/bench/build-times.sh prepush    # one of prepush, errorlint, tests
#
# Prints one line per build with the seconds, and the machine's core count and load averages
# before and after (other work on the machine lengthens every build: say it with the number).
# Nothing of the work tree is touched: each build has its own scratch path under $TMPDIR, removed
# at the end. POSIX sh.
set -eu

repository=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/preflight-build-times.XXXXXX")
trap 'rm -rf "$work"' EXIT
builds=${*:-prepush errorlint tests}

load() {
    if [ -r /proc/loadavg ]; then cut -d' ' -f1-3 /proc/loadavg; else sysctl -n vm.loadavg | tr -d '{}'; fi
}

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)
echo "build times of $(git -C "$repository" rev-parse --short HEAD), $(swift --version 2>&1 | head -1)"
echo "$cores cores; load average before: $(load)"
for build in $builds; do
    scratch="$work/$build"
    case $build in
    prepush) arguments="-c release --static-swift-stdlib --product prepush" ;;
    errorlint) arguments="-c release --static-swift-stdlib --product errorlint" ;;
    tests) arguments="--build-tests" ;;
    *) echo "build-times.sh: unknown build '$build' (prepush, errorlint, tests)" >&2; exit 2 ;;
    esac
    # Dependencies resolved first, so the time is the build's alone (no clone of the mirrors).
    swift package --package-path "$repository" --scratch-path "$scratch" resolve >/dev/null 2>&1
    start=$(date +%s)
    # shellcheck disable=SC2086
    swift build --package-path "$repository" --scratch-path "$scratch" $arguments >"$work/$build.log" 2>&1 || {
        tail -20 "$work/$build.log" >&2
        exit 1
    }
    end=$(date +%s)
    printf '%-10s swift build %s: %d s (load average after: %s)\n' "$build" "$arguments" $((end - start)) "$(load)"
    rm -rf "$scratch"
done
