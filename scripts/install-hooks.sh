#!/bin/sh
# install-hooks.sh [REPOSITORY] [--binary PATH] [--with-errorlint] [--force]
# For people who just cloned: builds prepush in release (once; later runs are incremental) and
# installs it as the pre-push hook of REPOSITORY (default: the repository you are in). The hook runs
# that binary directly on every push; `prepush uninstall` puts back what was there.
#
# --binary PATH builds nothing: PATH is a prebuilt prepush, or Preflight.artifactbundle (from a
# release, or scripts/release.sh), whose prepush for this machine is used. The hook runs it where
# it is, so keep it there. errorlint beside it (as in the bundle) runs as a step on every push.
# --with-errorlint also builds errorlint beside prepush, so every push runs it as a step; so does a
# repository whose committed .preflight.json says "errorlint": true in its prepush section (the team
# decided; every clone gets the same steps). It is otherwise left out because errorlint is built on
# swift-syntax, whose first release build takes much longer than prepush's (BENCHMARKS.md, Build
# times). A repository whose requiredVersion this Preflight does not satisfy is refused (exit 2).
# --force replaces a foreign hook instead of chaining it.
#
# POSIX sh (dash, macOS's bash 3.2 as sh): no arrays; the options for `prepush install` are kept
# in the positional parameters.
set -eu
preflight=$(cd "$(dirname "$0")/.." && pwd)
repository=$(pwd)
with_errorlint=no
binary=
count=$#
while [ "$count" -gt 0 ]; do
    argument=$1
    shift
    count=$((count - 1))
    case $argument in
    --with-errorlint) with_errorlint=yes ;;
    --binary)
        if [ "$count" -eq 0 ]; then
            echo "install-hooks.sh: --binary needs a path (a prepush binary or Preflight.artifactbundle)" >&2
            exit 2
        fi
        binary=$1
        shift
        count=$((count - 1))
        ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) set -- "$@" "$argument" ;;
    *) repository=$argument ;;
    esac
done
if [ -n "$binary" ]; then
    # A bundle: this machine's slot in it (prepush and errorlint side by side).
    if [ -f "$binary/info.json" ]; then
        binary=$binary/$("$preflight/scripts/host-slot.sh")/bin/prepush
    fi
    if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
        echo "install-hooks.sh: '$binary' is not an executable prepush" >&2
        exit 2
    fi
    prepush=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
else
    # --static-swift-stdlib: the hook starts prepush on every push; a static binary starts in half
    # the time (no dynamic linking of Foundation; BENCHMARKS.md).
    swift build -c release --static-swift-stdlib --product prepush --package-path "$preflight" >&2
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path --package-path "$preflight")
    prepush=$bin/prepush
fi
cd "$repository"
# The repository's own settings: refuses (exit 2, with the reason) when its requiredVersion does not
# accept this Preflight, and says whether the team turned the errorlint step on.
settings=$("$prepush" --print-config)
if printf '%s\n' "$settings" | grep -q '"errorlint" *: *true'; then
    with_errorlint=yes
fi
if [ "$with_errorlint" = yes ]; then
    if [ -n "$binary" ]; then
        if [ ! -x "$(dirname "$prepush")/errorlint" ]; then
            echo "install-hooks.sh: warning: no errorlint beside $prepush; pushes skip the errorlint step" >&2
        fi
    else
        swift build -c release --static-swift-stdlib --product errorlint --package-path "$preflight" >&2
    fi
fi
"$prepush" install "$@"
