#!/usr/bin/env bash
# fuzz.sh: builds the libFuzzer targets in Fuzz/ and runs each for a given time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (default: 600 seconds each, every target)
#
# Targets: lexers (comment lexers and tag finder), strings, xcstrings, stringsdict (the catalog
# readers), pushrequest (git's pre-push stdin), hookfilter (hooks/pre-push's shell pre-filter, run
# by /bin/sh, against prepush's parser), baseline (a --baseline file) and configuration (a
# .preflight.json), both read from disk through the bounded reader. Each is one file in Fuzz/ (<Name>Fuzz.swift) compiled with
# `swiftc -sanitize=fuzzer,address` together with the sources it exercises (so internal API is
# reachable; see TARGET_SOURCES below). Binaries go to Fuzz/.build/; the seeds in
# Fuzz/Corpus/<target>/ are read, never written: libFuzzer writes new inputs to a temporary
# folder (FUZZ_WORK, removed unless something crashed) and crash inputs next to them.
#
# Prints the executions per target (libFuzzer's stat::number_of_executed_units) and exits 1 if any
# target crashed, 2 on a build or usage error. One worker per target (no -jobs): the machine is
# shared. FUZZ_SANITIZERS overrides the sanitizers (default fuzzer,address); FUZZ_FLAGS adds
# libFuzzer flags (e.g. -max_len=65536).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

seconds=600
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
all_targets=(lexers strings xcstrings stringsdict pushrequest hookfilter baseline configuration)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

catalog_sources() {
    find Sources/StringCatalogKit/Model Sources/StringCatalogKit/Reading -name '*.swift' | sort
    echo Fuzz/Support/CatalogParseCheck.swift
}

# PreflightCore's bounded file reader, baseline and configuration file with the files they use.
core_reader_sources() {
    find Sources/PreflightCore/Diagnostics Sources/PreflightCore/Configuration Sources/PreflightCore/Version \
        Sources/PreflightCore/Files -name '*.swift' | sort
    echo Sources/PreflightCore/Git/StandardPath.swift
}

# Each target's own file, and the project sources compiled with it.
target_file() {
    case $1 in
    lexers) echo Fuzz/LexersFuzz.swift ;;
    strings) echo Fuzz/StringsFuzz.swift ;;
    xcstrings) echo Fuzz/XCStringsFuzz.swift ;;
    stringsdict) echo Fuzz/StringsDictFuzz.swift ;;
    pushrequest) echo Fuzz/PushRequestFuzz.swift ;;
    hookfilter) echo Fuzz/HookFilterFuzz.swift ;;
    baseline) echo Fuzz/BaselineFuzz.swift ;;
    configuration) echo Fuzz/ConfigurationFuzz.swift ;;
    *) return 1 ;;
    esac
}
target_sources() {
    case $1 in
    lexers) find Sources/TodoScanKit/Lexing Sources/TodoScanKit/Tags Sources/TodoScanKit/Scanning -name '*.swift' | sort ;;
    strings | xcstrings | stringsdict) catalog_sources ;;
    pushrequest | hookfilter) echo Sources/PrePushKit/Decide/PushRequest.swift ;;
    # The readers and what they name, compiled into the target itself (no `import PreflightCore`).
    baseline | configuration)
        core_reader_sources
        echo Fuzz/Support/ScratchFile.swift
        ;;
    esac
}

for target in "${targets[@]}"; do
    if ! target_file "$target" >/dev/null; then
        echo "fuzz.sh: unknown target '$target' (targets: ${all_targets[*]})" >&2
        exit 2
    fi
done

sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
build=Fuzz/.build
mkdir -p "$build"

# The parsers import PreflightCore only for SourceLocation, Severity, parallelMap, the suppression
# comment parser (the lexers), ByteSearch (the tag finder) and BoundedFile (the catalog loader): a
# module of those files stands in for it, and one of ProcessKit's lock box (Locked, which parallelMap uses)
# for ProcessKit, so the fuzzers do not need the rest of ProcessKit and its C shims. All modules
# share the package name, as SwiftPM's do, so `package` declarations are visible across them.
kit=$build/ProcessKit
core=$build/PreflightCore
core_sources=(Sources/PreflightCore/Diagnostics/Diagnostic.swift Sources/PreflightCore/Concurrency/ParallelMap.swift
    Sources/PreflightCore/Adoption/SuppressionComments.swift Sources/PreflightCore/Files/BoundedFile.swift
    Sources/PreflightCore/Text/ByteSearch.swift)
# Rebuilt every time (a few files, seconds): a newer-than test misses a file added to the list.
mkdir -p "$kit" "$core"
swiftc -parse-as-library -O -wmo -module-name ProcessKit -package-name Preflight \
    -emit-module -emit-module-path "$kit/ProcessKit.swiftmodule" \
    -c Sources/ProcessKit/Concurrency/Locked.swift -o "$kit/ProcessKit.o" || exit 2
swiftc -parse-as-library -O -wmo -module-name PreflightCore -package-name Preflight -I "$kit" \
    -emit-module -emit-module-path "$core/PreflightCore.swiftmodule" \
    -c "${core_sources[@]}" -o "$core/PreflightCore.o" || exit 2

work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/preflight-fuzz.XXXXXX")}
mkdir -p "$work"
crashed=()
summary=()

for target in "${targets[@]}"; do
    binary=$build/$target
    sources=("$(target_file "$target")")
    # One source per line (no mapfile: macOS's bash is 3.2).
    while IFS= read -r file; do sources+=("$file"); done < <(target_sources "$target")
    echo "== $target: building ($sanitizers)"
    # Warnings from ld.gold about local ASan symbols are harmless; everything else is shown.
    if ! swiftc -sanitize="$sanitizers" -parse-as-library -O -module-name "Fuzz_$target" -package-name Preflight \
        -I "$kit" -I "$core" "$kit/ProcessKit.o" "$core/PreflightCore.o" "${sources[@]}" -o "$binary" 2> >(grep -v 'Cannot export local symbol' >&2)
    then
        echo "fuzz.sh: building $target failed" >&2
        exit 2
    fi

    corpus=$work/$target/corpus
    artifacts=$work/$target/artifacts
    mkdir -p "$corpus" "$artifacts"
    log=$work/$target.log
    echo "== $target: fuzzing for $seconds s (new inputs in $corpus)"
    status=0
    # SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise hold a crashing process for
    # minutes. Leak detection is off: the Swift runtime's caches read as leaks.
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-} FUZZ_TARGET_DIR=$work/$target/files \
        "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" ${FUZZ_FLAGS:-} "$corpus" "Fuzz/Corpus/$target" >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    # $((…)) drops the spaces BSD wc puts before the count.
    crashes=$(($(find "$artifacts" -type f | wc -l)))
    if [[ $status -ne 0 || $crashes -gt 0 ]]; then
        crashed+=("$target")
        echo "== $target: CRASHED (exit $status) after ${executions:-?} executions; log $log" >&2
        grep -E 'ERROR:|Fatal error|Precondition failed|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
        find "$artifacts" -type f >&2
    fi
    summary+=("$(printf '%-12s %6s s %12s executions %6s corpus inputs' "$target" "$seconds" "${executions:-?}" \
        "$(($(find "$corpus" -type f | wc -l)))")")
done

echo "== summary"
printf '%s\n' "${summary[@]}"
if [[ ${#crashed[@]} -gt 0 ]]; then
    echo "fuzz.sh: crashes in ${crashed[*]}; inputs and logs kept in $work" >&2
    exit 1
fi
[[ -n ${FUZZ_WORK:-} ]] || rm -rf "$work"
