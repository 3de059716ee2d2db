#!/usr/bin/env bash
# What a test target's own coverage profile costs, two ways, side by side (issue 14: "find the
# cheapest way and measure it"), on an already built package:
#
#   swiftpm  `swift test --skip-build --enable-code-coverage --filter '^Module\.'`, then its
#            merged profile (codecov/default.profdata) copied: what prepush runs per test target;
#   own      `swift test --skip-build --filter '^Module\.'` with LLVM_PROFILE_FILE pointing into a
#            folder of its own, then `llvm-profdata merge` of what it wrote: no coverage export by
#            SwiftPM;
#   binary   the test executable itself, twice as `swift test` runs it on Linux (XCTest with the
#            target's tests listed by `--list-tests`, then `--testing-library swift-testing --filter`),
#            LLVM_PROFILE_FILE of its own, then `llvm-profdata merge` (Linux only: on macOS the tests
#            are a bundle run through `xcrun xctest` and swiftpm-testing-helper);
#   full     every test in one `swift test --skip-build --enable-code-coverage`, for reference.
#
#   scripts/bench/test-target-profiles.sh PACKAGE [ROUNDS]
#
# PACKAGE is built first (`swift build --build-tests --enable-code-coverage`, untimed). Each round
# runs every test target both ways, interleaved, and the full run; prints each target's median
# seconds and the sums.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 PACKAGE [ROUNDS]" >&2; exit 2; }
package=$(cd "$1" && pwd)
rounds=${2:-3}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/test-target-profiles.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
profdata=$(dirname "$(real_path "$(command -v swift)")")/llvm-profdata
cd "$package"
swift build --build-tests --enable-code-coverage >/dev/null 2>&1
bin=$(swift build --show-bin-path)
targets=$(swift package describe --type json | python3 -c '
import json, sys
print(" ".join(t["c99name"] for t in json.load(sys.stdin)["targets"] if t["type"] == "test"))')

# seconds COMMAND…: runs it quietly, prints the wall seconds.
seconds() {
    local start end
    start=$(now_seconds)
    "$@" >/dev/null 2>&1 || true
    end=$(now_seconds)
    echo "$end - $start" | bc
}

own() {
    rm -rf "$scratch/own" && mkdir "$scratch/own"
    LLVM_PROFILE_FILE="$scratch/own/%p.profraw" swift test --skip-build --filter "^$1\\." &&
        "$profdata" merge -sparse -o "$scratch/own.profdata" "$scratch/own"/*.profraw
}

binary() {
    local executable listed
    executable=$(find "$bin" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)
    rm -rf "$scratch/binary" && mkdir "$scratch/binary"
    listed=$("$executable" --list-tests 2>/dev/null | grep "^$1\." | paste -sd, - || true)
    if [ -n "$listed" ]; then
        LLVM_PROFILE_FILE="$scratch/binary/%p.profraw" "$executable" "$listed" || return 1
    fi
    LLVM_PROFILE_FILE="$scratch/binary/%p.profraw" "$executable" --testing-library swift-testing --filter "^$1\." &&
        "$profdata" merge -sparse -o "$scratch/binary.profdata" "$scratch/binary"/*.profraw
}

swiftpm() {
    swift test --skip-build --enable-code-coverage --filter "^$1\\." &&
        cp "$bin/codecov/default.profdata" "$scratch/swiftpm.profdata"
}

: >"$scratch/times"
for round in $(seq "$rounds"); do
    for target in $targets; do
        if [ $((round % 2)) -eq 0 ]; then
            echo "$target binary $(seconds binary "$target")" >>"$scratch/times"
            echo "$target own $(seconds own "$target")" >>"$scratch/times"
            echo "$target swiftpm $(seconds swiftpm "$target")" >>"$scratch/times"
        else
            echo "$target swiftpm $(seconds swiftpm "$target")" >>"$scratch/times"
            echo "$target own $(seconds own "$target")" >>"$scratch/times"
            echo "$target binary $(seconds binary "$target")" >>"$scratch/times"
        fi
    done
    echo "(all) full $(seconds swift test --skip-build --enable-code-coverage)" >>"$scratch/times"
done
rm -f default.profraw
echo "== $(basename "$package"): $rounds rounds, median seconds, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(load_average)"
python3 - "$scratch/times" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    target, way, value = line.split()
    times.setdefault(target, {}).setdefault(way, []).append(float(value))
print(f"{'test target':44} | {'swiftpm':>8} | {'own':>8} | {'binary':>8}")
sums = {"swiftpm": 0.0, "own": 0.0, "binary": 0.0}
for target, ways in times.items():
    if target == "(all)":
        continue
    row = {way: statistics.median(values) for way, values in ways.items()}
    for way in sums:
        sums[way] += row[way]
    print(f"{target:44} | {row['swiftpm']:8.2f} | {row['own']:8.2f} | {row['binary']:8.2f}")
full = statistics.median(times["(all)"]["full"])
print(f"{'sum over the test targets':44} | {sums['swiftpm']:8.2f} | {sums['own']:8.2f} | {sums['binary']:8.2f}")
print(f"every test in one run: {full:.2f} s; the sum over the test targets against it: "
      + ", ".join(f"{way} {total / full:.2f}x" for way, total in sums.items()))
PY
