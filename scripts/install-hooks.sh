#!/bin/sh
# install-hooks.sh [REPOSITORY] [--binary PATH] [--with-errorlint] [--force] [--no-check]
# For people who just cloned: builds prepush in release (once; later runs are incremental),
# installs it as the pre-push hook of REPOSITORY (default: the repository you are in), and checks
# the repository once by hand, as it is now, so you see what every push will run (exit 1 when that
# check fails; the hook stays installed). The hook runs that binary directly on every push;
# `prepush uninstall` puts back what was there. A hooks folder inside the work tree (husky's
# .husky, a committed .githooks) is left alone: install says the one line to add there instead.
# --no-check installs without the first check.
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
first_check=yes
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
    --no-check) first_check=no ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) set -- "$@" "$argument" ;;
    *) repository=$argument ;;
    esac
done
# The repository first: a wrong argument is said at once, not after minutes of building.
if ! root=$(git -C "$repository" rev-parse --show-toplevel 2>/dev/null) || [ -z "$root" ]; then
    echo "install-hooks.sh: '$repository' is not a git repository (git rev-parse --show-toplevel failed there)" >&2
    echo "install-hooks.sh: give the repository whose pushes prepush should check: install-hooks.sh ~/src/MyPackage" >&2
    exit 2
fi
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
cd "$root"
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
if [ "$first_check" = no ]; then
    exit 0
fi
if ! git rev-parse --verify -q HEAD >/dev/null; then
    echo "install-hooks.sh: $root has no commit yet; the first push is its first check" >&2
    exit 0
fi
# The first check: the repository as it is now, by hand (a push right after installing may send
# nothing). A pass is remembered, so pushing this same content does not check it again.
echo "install-hooks.sh: a first check of $root as it is now ($prepush, by hand); every push runs the same" >&2
set +e
"$prepush"
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "install-hooks.sh: the hook is installed; this first check failed (exit $status), so a push of this content would be stopped" >&2
fi
exit "$status"
