#!/usr/bin/env bash
# install-hooks.sh [REPOSITORY] [--force]
# For people who just cloned: builds prepush in release (once; later runs are incremental) and
# installs it as the pre-push hook of REPOSITORY (default: the repository you are in). The hook runs
# that binary directly on every push; `prepush uninstall` puts back what was there.
set -euo pipefail
preflight=$(cd "$(dirname "$0")/.." && pwd)
repository=${1:-$(pwd)}
[ $# -gt 0 ] && shift
# --static-swift-stdlib: the hook starts prepush on every push; a static binary starts in half the
# time (no dynamic linking of Foundation; BENCHMARKS.md).
swift build -c release --static-swift-stdlib --product prepush --package-path "$preflight" >&2
bin=$(swift build -c release --static-swift-stdlib --show-bin-path --package-path "$preflight")
cd "$repository"
"$bin/prepush" install "$@"
