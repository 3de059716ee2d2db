#!/usr/bin/env bash
# What an app's local packages cost when each builds its whole dependency chain in its own folder,
# against prepush's route: a package checked after a package it depends on by path builds in that
# package's scratch folder (Sources/PrePushKit/Run/Place/SharedScratchPaths.swift).
#
#   scripts/bench/shared-scratch.sh
#
# The repository: Packages/Core (depends on swift-collections 1.6.0 from the mirrors), Packages/Feature
# (on Core by path), Packages/Screen (on Feature by path), each with one Swift Testing test; laid out
# twice. "own folders": prepush --package for each package in turn (each check alone, so each builds
# in its own .build: the route before). "shared": one prepush run checking the three (a push that
# changes Core). Both cold (empty .build folders; SwiftPM's repository cache warm), then both again
# after a one-line change in Core. todoscan, errorlint and the verified-tree cache are off.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/lib/portable.sh"
prepush=${PREPUSH:-$here/.build/debug/prepush}
[ -x "$prepush" ] || { echo "error: no prepush at $prepush; swift build first (or set PREPUSH)" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shared-scratch.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

lay_out() {
    local root=$1
    mkdir -p "$root"
    cd "$root"
    git init -q -b main
    printf '.build/\n' >.gitignore
    mkdir -p Packages/Core/Sources/Core Packages/Core/Tests/CoreTests
    cat >Packages/Core/Package.swift <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Core", products: [.library(name: "Core", targets: ["Core"])],
    dependencies: [.package(url: "https://github.com/apple/swift-collections", exact: "1.6.0")],
    targets: [
        .target(name: "Core", dependencies: [.product(name: "Collections", package: "swift-collections")]),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
    ])
SWIFT
    printf 'import Collections\npublic func firstTwo(_ a: [Int]) -> [Int] { Array(Deque(a).prefix(2)) }\n' \
        >Packages/Core/Sources/Core/Core.swift
    printf 'import Core\nimport Testing\n@Test func two() { #expect(firstTwo([1, 2, 3]) == [1, 2]) }\n' \
        >Packages/Core/Tests/CoreTests/CoreTests.swift
    local previous=Core name
    for name in Feature Screen; do
        mkdir -p "Packages/$name/Sources/$name" "Packages/$name/Tests/${name}Tests"
        cat >"Packages/$name/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "$name", products: [.library(name: "$name", targets: ["$name"])],
    dependencies: [.package(path: "../$previous")],
    targets: [
        .target(name: "$name", dependencies: [.product(name: "$previous", package: "$previous")]),
        .testTarget(name: "${name}Tests", dependencies: ["$name"]),
    ])
SWIFT
        printf 'import %s\npublic func %s(_ a: [Int]) -> [Int] { firstTwo(a) }\n' "$previous" "$(echo "$name" | tr 'A-Z' 'a-z')" \
            >"Packages/$name/Sources/$name/$name.swift"
        printf 'import %s\nimport Testing\n@Test func one() { #expect(%s([1, 2, 3]).count == 2) }\n' "$name" \
            "$(echo "$name" | tr 'A-Z' 'a-z')" >"Packages/$name/Tests/${name}Tests/${name}Tests.swift"
        # Only the first package's symbol is re-exported by name through the chain.
        printf '@_exported import %s\n' "$previous" >>"Packages/$name/Sources/$name/$name.swift"
        previous=$name
    done
    git add -A && git -c user.email=b@example.com -c user.name=b commit -qm initial
}

common=(--no-cache --no-todoscan --no-errorlint --no-color)
timed() { # LOG DIR ARGS…: sets seconds; fails the benchmark when prepush fails
    local log=$1 dir=$2 start end
    shift 2
    start=$(now_seconds)
    (cd "$dir" && "$prepush" "${common[@]}" "$@") >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
    end=$(now_seconds)
    seconds=$(echo "$end - $start" | bc)
}
own_folders() { # DIR LABEL: prints and sets total
    local dir=$1 label=$2 unit
    total=0
    for unit in Core Feature Screen; do
        timed "$scratch/$label-own-$unit.log" "$dir" --package "Packages/$unit"
        total=$(echo "$total + $seconds" | bc)
    done
}

lay_out "$scratch/own" >/dev/null
lay_out "$scratch/shared" >/dev/null
echo "machine: $(cpu_count) cores, load $(load_average); swift $(swift --version 2>&1 | head -1)"
printf '%-28s %12s %12s %8s\n' run "own folders" shared ratio
own_folders "$scratch/own" cold
own=$total
timed "$scratch/cold-shared.log" "$scratch/shared"
grep -q "prepush: package Packages/Screen" "$scratch/cold-shared.log" || { echo "error: Screen not checked" >&2; exit 1; }
printf '%-28s %11.1fs %11.1fs %8.2f\n' "cold (empty .build)" "$own" "$seconds" "$(echo "$seconds / $own" | bc -l)"

for dir in "$scratch/own" "$scratch/shared"; do
    printf 'public func extra() -> Int { 1 }\n' >>"$dir/Packages/Core/Sources/Core/Core.swift"
done
own_folders "$scratch/own" warm
own=$total
timed "$scratch/warm-shared.log" "$scratch/shared"
printf '%-28s %11.1fs %11.1fs %8.2f\n' "one-line change in Core" "$own" "$seconds" "$(echo "$seconds / $own" | bc -l)"
[ -d "$scratch/shared/Packages/Feature/.build/debug" ] && echo "note: Feature built in its own folder too"
echo "(own folders: prepush --package per package; shared: one prepush run over the three)"
