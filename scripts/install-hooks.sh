#!/usr/bin/env bash
# install-hooks.sh [REPOSITORY] [--with-errorlint] [--force]
# For people who just cloned: builds prepush in release (once; later runs are incremental) and
# installs it as the pre-push hook of REPOSITORY (default: the repository you are in). The hook runs
# that binary directly on every push; `prepush uninstall` puts back what was there.
#
# --with-errorlint also builds errorlint beside prepush, so every push runs it as a step. It is
# left out by default because errorlint is built on swift-syntax: its first release build takes
# some twenty minutes on two cores, prepush's under one. --force replaces a foreign hook instead of
# chaining it.
set -euo pipefail
preflight=$(cd "$(dirname "$0")/.." && pwd)
repository=$(pwd)
products=(prepush)
install_arguments=()
for argument in "$@"; do
    case $argument in
    --with-errorlint) products+=(errorlint) ;;
    -*) install_arguments+=("$argument") ;;
    *) repository=$argument ;;
    esac
done
# --static-swift-stdlib: the hook starts prepush on every push; a static binary starts in half the
# time (no dynamic linking of Foundation; BENCHMARKS.md).
for product in "${products[@]}"; do
    swift build -c release --static-swift-stdlib --product "$product" --package-path "$preflight" >&2
done
bin=$(swift build -c release --static-swift-stdlib --show-bin-path --package-path "$preflight")
cd "$repository"
"$bin/prepush" install "${install_arguments[@]}"
