#!/bin/sh
# install-ways.sh: fresh clone -> usable hooks, for each way of building the tools the hooks run.
# Each way gets a fresh clone of this repository's committed HEAD and its own scratch folder
# (nothing shared but git's and SwiftPM's download caches), resolved first (timed apart), then
# prepush, then todoscan (a usable pre-push and pre-commit hook), then, with ERRORLINT=1, errorlint
# in the same scratch folder (what install-hooks.sh builds after the hook is usable). Ways run one
# after another (never side by side: two cores); the load average is printed with each figure,
# since the machine may be shared.
#
#   scripts/bench/install-ways.sh                         # release-static debug-static
#   ERRORLINT=1 scripts/bench/install-ways.sh debug-static release-static
#
# Ways: release-static (-c release --static-swift-stdlib), release (-c release), debug-static
# (-c debug --static-swift-stdlib), debug (-c debug), osize-static (release, -Osize),
# batch-static (release without whole-module optimization: each module's files in batches, on
# every core).
# Prints one line per build, then a table with the ratios to the first way. Linker warnings are
# counted (they stay in the logs). Removes what it made. POSIX sh.
set -eu

repository=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/preflight-install-ways.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
ways=${*:-release-static debug-static}

load() {
    if [ -r /proc/loadavg ]; then cut -d' ' -f1-3 /proc/loadavg; else sysctl -n vm.loadavg | tr -d '{}'; fi
}

seconds() { date +%s; }
# Milliseconds where date knows %N (GNU), else whole seconds times 1000.
milliseconds() {
    now=$(date +%s%N)
    case $now in *N) echo $(($(date +%s) * 1000)) ;; *) echo $((now / 1000000)) ;; esac
}

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu)
echo "install ways at $(git -C "$repository" rev-parse --short HEAD), $(swift --version 2>&1 | head -1)"
echo "$cores cores; load average before: $(load)"
: >"$work/table"
for way in $ways; do
    case $way in
    release-static) arguments="-c release --static-swift-stdlib" ;;
    release) arguments="-c release" ;;
    debug-static) arguments="-c debug --static-swift-stdlib" ;;
    debug) arguments="-c debug" ;;
    osize-static) arguments="-c release --static-swift-stdlib -Xswiftc -Osize" ;;
    # Optimized, but each module compiled in batches across the cores, not whole-module on one.
    batch-static) arguments="-c release --static-swift-stdlib -Xswiftc -no-whole-module-optimization" ;;
    *) echo "install-ways.sh: unknown way '$way'" >&2; exit 2 ;;
    esac
    clone="$work/$way/Preflight"
    scratch="$work/$way/scratch"
    log="$work/$way.log"
    start=$(seconds)
    git clone -q "$repository" "$clone"
    swift package --package-path "$clone" --scratch-path "$scratch" resolve >"$log" 2>&1
    resolved=$(seconds)
    load_start=$(load)
    row="$way"
    for product in prepush todoscan ${ERRORLINT:+errorlint}; do
        before=$(seconds)
        # shellcheck disable=SC2086
        if ! swift build --package-path "$clone" --scratch-path "$scratch" $arguments --product "$product" \
            >>"$log" 2>&1; then
            tail -20 "$log" >&2
            exit 1
        fi
        after=$(seconds)
        printf '%-15s %-9s %4d s  (load %s)\n' "$way" "$product" $((after - before)) "$(load)"
        row="$row $((after - before))"
        if [ "$product" = todoscan ]; then usable=$((after - start)); fi
    done
    bin=$(swift build --package-path "$clone" --scratch-path "$scratch" $arguments --show-bin-path)
    size=$(($(wc -c <"$bin/prepush") / 1048576))
    # The start time of the hook's binary: prepush --version, 20 runs.
    first=$(milliseconds)
    i=0
    while [ "$i" -lt 20 ]; do "$bin/prepush" --version >/dev/null; i=$((i + 1)); done
    startup=$((($(milliseconds) - first) / 20))
    warnings=$(grep -c 'warning: the use of' "$log" || true)
    echo "$row $((resolved - start)) $usable $size $startup $warnings|$arguments|$load_start" >>"$work/table"
    rm -rf "$work/$way"
done
echo "load average after: $(load)"
echo
echo "| way | swift build | prepush s | todoscan s | ${ERRORLINT:+errorlint s | }clone+resolve s | clone to usable hooks s | prepush MB | --version ms (20 runs) | mktemp warnings | load at start |"
echo "| --- | --- | --- | --- | ${ERRORLINT:+--- | }--- | --- | --- | --- | --- | --- |"
first_usable=
while IFS='|' read -r figures arguments load_start; do
    # shellcheck disable=SC2086
    set -- $figures
    way=$1
    shift
    if [ -n "${ERRORLINT:-}" ]; then
        builds="$1 | $2 | $3"
        shift 3
    else
        builds="$1 | $2"
        shift 2
    fi
    [ -n "$first_usable" ] || first_usable=$2
    ratio=$(awk -v a="$2" -v b="$first_usable" 'BEGIN { printf "%.2f", a / b }')
    echo "| $way | $arguments | $builds | $1 | $2 (${ratio}x) | $3 | $4 | $5 | $load_start |"
done <"$work/table"
