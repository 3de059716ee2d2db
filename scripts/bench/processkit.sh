#!/usr/bin/env bash
# ProcessKit benchmark: spawn+wait latency and stdout throughput against raw posix_spawn,
# swift-subprocess 1.0.2 and Foundation, side by side in one process (Benchmarks/ package).
#
#   scripts/bench/processkit.sh                 # the full run recorded in BENCHMARKS.md
#   scripts/bench/processkit.sh --help          # the benchmark's own flags (passed through)
#
# The build goes to stderr; stdout is the header and the tables.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=Benchmarks/.build
echo "== building Benchmarks (release)" >&2
with_timeout 1800 swift build -c release --package-path Benchmarks --scratch-path "$scratch" >&2
bin="$(swift build -c release --package-path Benchmarks --scratch-path "$scratch" --show-bin-path)/processkit-bench"

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "machine: nproc $(cpu_count), kernel $(uname -r), $(memory_gib) GiB RAM"
echo "toolchain: $(swift --version 2>/dev/null | head -n 1)"
processkit_commit=$(git log -1 --format=%h -- Sources/ProcessKit Sources/CProcessKit 2>/dev/null || echo unknown)
if [ -n "$(git status --porcelain -- Sources/ProcessKit Sources/CProcessKit 2>/dev/null)" ]; then
    processkit_commit="$processkit_commit + uncommitted changes"
fi
echo "ProcessKit: last changed in $processkit_commit; swift-subprocess 1.0.2"
echo "load average before: $(load_average)"
echo

# Run with only stdin, stdout and stderr open: Foundation's Process.run() (under ProcessKit and the
# Foundation contender) adds one close action per descriptor number up to the highest open one, so
# a descriptor leaked by whatever started this script would slow those contenders and not others.
(
    close_inherited_descriptors
    with_timeout 1800 "$bin" "$@"
)

echo
echo "load average after: $(load_average)"
