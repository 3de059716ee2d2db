#!/usr/bin/env bash
# First use of Preflight's command plugins in a package that has never built them (a fresh
# .build), side by side in one run: the plugin package on the prebuilt artifact bundle
# (Plugins/Binary, made by scripts/release.sh) against today's plugins in Preflight's own
# Package.swift, which build the tool, and for errorlint swift-syntax, from source.
#
#   scripts/bench/plugins.sh                   # builds the bundle with scripts/release.sh first
#   DIST=.build-release/dist scripts/bench/plugins.sh   # a bundle release.sh already made
#   RUNS=2 scripts/bench/plugins.sh            # runs per command and side (default 1: a from-source
#                                              # errorlint first use takes 10+ minutes on 2 cores)
#
# Each measurement: `rm -rf .build` in the fixture, then `swift package <verb>` (dependency
# resolution, plugin compilation, the tool's build when from source, and the scan). Prints the
# times, the ratios, and whether swift-syntax was fetched or compiled on each side. The
# from-source first uses run first, then the bundle's.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/plugins-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The bundle is made (or checked) only before the first measurement that needs it, so the
# from-source side can run while a release build is still going.
dist=${DIST:-}
ensure_bundle() {
    if [ -z "$dist" ]; then
        echo "== building the artifact bundle (scripts/release.sh)" >&2
        dist="$work/dist"
        "$repo/scripts/release.sh" --output "$dist" >&2
    fi
    dist=$(cd "$dist" && pwd)
    [ -f "$dist/PreflightPlugins/Preflight.artifactbundle/info.json" ] || {
        echo "plugins.sh: no plugin package with a local bundle in $dist (run scripts/release.sh)" >&2
        exit 2
    }
    fixture "$work/binary" ".package(path: \"$dist/PreflightPlugins\")"
}

# Two copies of one small package: one on the binary plugins, one on Preflight from source.
fixture() {
    local folder=$1 dependency=$2
    mkdir -p "$folder/Sources/Consumer"
    cat >"$folder/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [$dependency],
    targets: [.target(name: "Consumer")]
)
EOF
    cat >"$folder/Sources/Consumer/ConsumerError.swift" <<'EOF'
import Foundation

// TODO: make it faster
enum ConsumerError: LocalizedError {
    case broke
    var errorDescription: String? { String(localized: "It broke.") }
}
EOF
}
# Depended on through a link named Preflight: a path dependency's identity is its folder's name.
ln -s "$repo" "$work/Preflight"
fixture "$work/source" ".package(path: \"$work/Preflight\")"

# Seconds for one first use of `swift package VERB` in FOLDER; its output goes to LOG.
first_use() {
    local folder=$1 verb=$2 log=$3
    rm -rf "$folder/.build"
    local start end
    start=$(now_seconds)
    (cd "$folder" && swift package "$verb" --target Consumer >"$log" 2>&1) || true
    end=$(now_seconds)
    echo "$end - $start" | bc
}

# Totals per verb and side in variables total_<verb>_<side> (bash 3.2 has no associative arrays).
for side in source binary; do
    # From source first: it needs no bundle, so a release build can still be going (ensure_bundle).
    [ "$side" = binary ] && ensure_bundle
    for verb in todoscan errorlint; do
        total="total_${verb}_${side}"
        printf -v "$total" '%s' 0
        for ((run = 1; run <= runs; run++)); do
            seconds=$(first_use "$work/$side" "$verb" "$work/$verb-$side.log")
            printf '%-9s %-6s run %d: %8.1f s\n' "$verb" "$side" "$run" "$seconds"
            printf -v "$total" '%s' "$(echo "${!total} + $seconds" | bc)"
            # What the first use built: swift-syntax fetched (a checkout) or compiled (its modules).
            fetched=no compiled=no
            [ -d "$work/$side/.build/checkouts/swift-syntax" ] && fetched=yes
            # (SwiftPM makes every target's build folder while planning; only objects show a compile.
            # A plugin's tool is built for the host, in the -tool folders.)
            ls "$work/$side"/.build/*/debug/SwiftSyntax*.build/*.o >/dev/null 2>&1 && compiled=yes
            printf '          swift-syntax fetched: %s, compiled: %s; last line: %s\n' "$fetched" "$compiled" \
                "$(grep -v '^$' "$work/$verb-$side.log" | tail -1)"
        done
    done
done

echo
echo "first use (mean of $runs), prebuilt bundle against from source:"
for verb in todoscan errorlint; do
    binary_total="total_${verb}_binary" source_total="total_${verb}_source"
    binary=$(echo "scale=2; ${!binary_total} / $runs" | bc)
    source=$(echo "scale=2; ${!source_total} / $runs" | bc)
    ratio=$(echo "scale=1; $source / $binary" | bc)
    printf '  swift package %-9s  bundle %7.1f s   from source %7.1f s   %5.1fx faster\n' "$verb" "$binary" "$source" \
        "$ratio"
done
