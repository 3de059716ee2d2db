#!/usr/bin/env bash
# SHA-1 throughput of the staged scan's blob ids (Sources/CPreflightCore/SHA1Blocks.c) against
# `sha1sum` and `git hash-object` on the same 256 MiB, best of 5 each, in one run. The C file is
# compiled with a small harness calling `pf_sha1_blocks`; where the processor has no SHA
# instructions it says so (the tools then use Swift's portable rounds).
#
#   scripts/bench/sha1.sh
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sha1-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
size_mib=256

cat >"$work/main.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "CPreflightCore.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    size_t size = (size_t)atoi(argv[1]) << 20;
    unsigned char *data = malloc(size);
    for (size_t i = 0; i < size; i++) data[i] = (unsigned char)(i * 131 + 7);
    uint32_t state[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    double best = 1e9;
    for (int run = 0; run < 5; run++) {
        double start = now();
        if (!pf_sha1_blocks(state, data, size / 64)) {
            printf("no SHA instructions on this processor: the portable rounds run\n");
            return 0;
        }
        double elapsed = now() - start;
        if (elapsed < best) best = elapsed;
    }
    printf("%-32s %6.0f MB/s\n", "pf_sha1_blocks (SHA instructions)", size / best / 1e6);
    return 0;
}
EOF
cc -O2 -I"$repo/Sources/CPreflightCore/include" "$work/main.c" "$repo/Sources/CPreflightCore/SHA1Blocks.c" \
    -o "$work/sha1-bench"

echo "== $size_mib MiB, best of 5; $(uname -m), $(getconf _NPROCESSORS_ONLN) cores" >&2
"$work/sha1-bench" "$size_mib"
head -c $((size_mib << 20)) /dev/urandom >"$work/data"
best_of_five() {
    local best="" start elapsed
    for _ in 1 2 3 4 5; do
        start=$(now_seconds)
        "$@" >/dev/null
        elapsed=$(echo "$(now_seconds) - $start" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$elapsed < $best" | bc -l)" -eq 1 ]; then best=$elapsed; fi
    done
    echo "$best"
}
# macOS has shasum where GNU has sha1sum.
sha1_tool="sha1sum"
command -v sha1sum >/dev/null || sha1_tool="shasum -a 1"
for tool in "$sha1_tool" "git hash-object"; do
    # Word-split on purpose: a tool with its options.
    # shellcheck disable=SC2086
    seconds=$(best_of_five $tool "$work/data")
    printf '%-32s %6.0f MB/s\n' "$tool (whole process)" "$(echo "$size_mib * 1.048576 / $seconds" | bc -l)"
done
