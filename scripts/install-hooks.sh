#!/bin/sh
# install-hooks.sh [REPOSITORY] [--binary PATH] [--with-errorlint] [--force] [--no-check]
# install-hooks.sh --uninstall [REPOSITORY] [--keep-records]
# For people who just cloned: builds prepush and todoscan (once; later runs are incremental),
# installs the pre-push hook (prepush) and the pre-commit hook (todoscan --staged, and errorlint
# --staged once errorlint is built) in REPOSITORY (default: the repository you are in), and checks
# the repository once by hand, as it is now, so you see what every push will run (exit 1 when that
# check fails; the hooks stay installed). While it builds it says every 10 s what it builds, for
# how long so far and about how long it takes; the compiler's and linker's lines go to a log.
# The hooks run the built binaries directly and remember where swift and the tools were found, so
# a git client that starts hooks with a short PATH (Xcode, Fork, Tower) finds them too.
# --uninstall removes the hooks (restoring what was there), prepush's worktree and its records
# (.git/preflight; --keep-records keeps them). A hooks folder inside the work tree (husky's .husky,
# a committed .githooks) is left alone: install says the lines to add there instead.
# --no-check installs without the first check. --force replaces a foreign hook instead of chaining it.
#
# --with-errorlint also builds errorlint beside prepush, in the background after the hooks are
# installed (swift-syntax's build takes much longer than prepush's; BENCHMARKS.md, Build times):
# the hooks use it once it is there and say so until then. A repository whose committed
# .preflight.json says "errorlint": true in its prepush section gets it too (the team decided).
# --binary PATH builds nothing: PATH is a prebuilt prepush, or Preflight.artifactbundle (from a
# release, or scripts/release.sh), whose prepush for this machine is used, with the todoscan and
# errorlint beside it. The hooks run them where they are, so keep them there.
# A repository whose requiredVersion this Preflight does not satisfy is refused (exit 2).
#
# POSIX sh (dash, macOS's bash 3.2 as sh): no arrays; the options for `prepush install` are kept
# in the positional parameters.
set -eu
preflight=$(cd "$(dirname "$0")/.." && pwd)
repository=$(pwd)
with_errorlint=no
first_check=yes
uninstall=no
binary=
# How prepush and todoscan are built, and about how long a first build takes on 2 cores
# (scripts/bench/install-ways.sh; BENCHMARKS.md). Later builds are incremental.
build_options="-c release --static-swift-stdlib"
expected_first_build="4 to 5 minutes"
expected_limit=300
say() { echo "install-hooks.sh: $*" >&2; }

load_average() {
    if [ -r /proc/loadavg ]; then cut -d' ' -f1 /proc/loadavg; else sysctl -n vm.loadavg | cut -d' ' -f2; fi
}

# 75 -> 1:15
minutes() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

# The linker's notes kept in the log: a static Swift standard library brings FoundationEssentials'
# use of glibc's mktemp, which glibc's linker warning names (nothing of ours calls it).
linker_notes() {
    notes=$(grep -c "warning: the use of .mktemp. is dangerous" "$1" || true)
    [ "$notes" -eq 0 ] || printf "; the linker's %s warning(s) about glibc's mktemp, which Foundation linked statically uses, are there" "$notes"
}

# What swift build's last progress line says, in words: `[19/21] Compiling TodoScanKit Lexer.swift`
# is `compiling TodoScanKit (step 19 of 21)` (a release build compiles a module whole: the file it
# names is only the first); other lines (fetching, planning) as they are.
in_words() {
    case $1 in
    \[*/*\]\ Compiling\ *)
        counts=${1%%]*}
        counts=${counts#[}
        module=${1#*] Compiling }
        case $module in
        plugin\ *)
            module=${module#plugin }
            module="the plugin ${module%% *}"
            ;;
        *) module=${module%% *} ;;
        esac
        printf 'compiling %s (step %s of %s)' "$module" "${counts%/*}" "${counts#*/}"
        ;;
    \[*/*\]\ *)
        counts=${1%%]*}
        counts=${counts#[}
        rest=${1#*] }
        printf '%s%s (step %s of %s)' "$(printf '%s' "$rest" | cut -c1 | tr 'A-Z' 'a-z')" "${rest#?}" \
            "${counts%/*}" "${counts#*/}"
        ;;
    *) printf '%s' "$1" ;;
    esac
}

# Builds one product with its output in $log, saying every 10 s how long so far, what swift build
# is doing (in_words) and about how long a first build takes; a step that has lasted a minute says
# for how long, so a long one is not taken for a hang.
build_quietly() {
    product=$1
    shift
    started=$(date +%s)
    # shellcheck disable=SC2086
    swift build $* --product "$product" --package-path "$preflight" >>"$log" 2>&1 &
    builder=$!
    ticks=0
    last_where=
    where_since=$started
    while kill -0 "$builder" 2>/dev/null; do
        sleep 1
        ticks=$((ticks + 1))
        if [ $((ticks % 10)) -eq 0 ] && kill -0 "$builder" 2>/dev/null; then
            where=$(tr '\r' '\n' <"$log" | grep -E '^(\[[0-9]+/[0-9]+\]|Fetching|Fetched|Computing|Cloning|Creating working copy|Working copy|Building for)' | tail -1 | cut -c1-120)
            now=$(date +%s)
            if [ "$where" != "$last_where" ]; then
                last_where=$where
                where_since=$now
            fi
            elapsed=$((now - build_start))
            busy=
            if [ "$elapsed" -gt "$expected_limit" ]; then
                busy="; longer than that here: load average $(load_average) on $(getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu) cores"
            fi
            doing=
            if [ -n "$where" ]; then
                doing=" ($(in_words "$where")"
                [ $((now - where_since)) -lt 60 ] || doing="$doing, for $(minutes $((now - where_since))): the largest modules take minutes"
                doing="$doing)"
            fi
            say "$(minutes "$elapsed") of about $expected_first_build$busy: building $product$doing"
        fi
    done
    if ! wait "$builder"; then
        say "building $product failed after $(minutes $(($(date +%s) - started))); the end of $log:"
        grep -v "warning: the use of .mktemp. is dangerous" "$log" | tail -25 >&2
        exit 1
    fi
}

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
    --uninstall) uninstall=yes ;;
    -h | --help) sed -n '2,27p' "$0"; exit 0 ;;
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
    if [ "$uninstall" = no ]; then
        # The log in the clone's .build; in a temporary file where that is not writable (a clone
        # another user owns, such as a shared one).
        log=$preflight/.build/install-hooks.log
        # (In a subshell: a redirection that fails on `:`, a special built-in, ends the shell itself.)
        if ! (mkdir -p "$preflight/.build" && : >"$log") 2>/dev/null; then
            log=$(mktemp "${TMPDIR:-/tmp}/preflight-install-hooks.XXXXXX")
        fi
        build_start=$(date +%s)
        # --static-swift-stdlib: the hook starts prepush on every push; a static binary starts in half
        # the time (no dynamic linking of Foundation; BENCHMARKS.md).
        say "building prepush and todoscan ($build_options): a first build takes about $expected_first_build on 2 cores, later ones seconds; log: $log"
        build_quietly prepush "$build_options"
        build_quietly todoscan "$build_options"
        built_in=$(($(date +%s) - build_start))
        say "built prepush and todoscan in $(minutes "$built_in") (log: $log$(linker_notes "$log"))"
    fi
    # shellcheck disable=SC2086
    bin=$(swift build $build_options --show-bin-path --package-path "$preflight")
    prepush=$bin/prepush
fi
if [ "$uninstall" = yes ]; then
    if [ ! -x "$prepush" ]; then
        echo "install-hooks.sh: there is no $prepush to uninstall with; hooks of ours say its path in their first lines" >&2
        exit 2
    fi
    cd "$root"
    "$prepush" uninstall "$@"
    exit $?
fi
cd "$root"
# The repository's own settings: refuses (exit 2, with the reason) when its requiredVersion does not
# accept this Preflight, and says whether the team turned the errorlint step on.
# The settings as JSON (--print-config --json; a prepush before the readable table printed JSON
# for --print-config alone, and refuses --json: asked again without it).
settings=$("$prepush" --print-config --json 2>/dev/null) || settings=$("$prepush" --print-config)
if printf '%s\n' "$settings" | grep -q '"errorlint" *: *true'; then
    with_errorlint=yes
fi
errorlint_log=
if [ "$with_errorlint" = yes ]; then
    if [ -n "$binary" ]; then
        if [ ! -x "$(dirname "$prepush")/errorlint" ]; then
            say "warning: no errorlint beside $prepush; pushes skip the errorlint step"
        fi
    else
        # In the background, after prepush and todoscan: the hooks are usable now, errorlint comes
        # later. errorlint.building (this build's process id and log) tells the hooks it is coming.
        errorlint_log=$preflight/.build/errorlint-build.log
        if ! (: >"$errorlint_log") 2>/dev/null; then
            errorlint_log=$(mktemp "${TMPDIR:-/tmp}/preflight-errorlint-build.XXXXXX")
        fi
        # shellcheck disable=SC2086
        nohup sh -c 'echo "$$ $1" >"$2/errorlint.building"; swift build $3 --product errorlint --package-path "$4" >>"$1" 2>&1; rm -f "$2/errorlint.building"' \
            sh "$errorlint_log" "$bin" "$build_options" "$preflight" </dev/null >/dev/null 2>&1 &
        while [ ! -f "$bin/errorlint.building" ] && kill -0 $! 2>/dev/null; do sleep 0.1; done
    fi
fi
"$prepush" install "$@"
if ! "$prepush" install --pre-commit "$@"; then
    say "the pre-commit hook is not installed (above: why); the pre-push hook is"
fi
say "README's \`prepush ...\` commands: run $prepush (for example \`$prepush --dry-run\` in the repository)"
say "to uninstall: $preflight/scripts/install-hooks.sh --uninstall $root (removes both hooks, prepush's worktree and .git/preflight)"
if [ -n "$errorlint_log" ]; then
    say "errorlint is being built in the background (about 15 more minutes on 2 cores; log: $errorlint_log): the hooks run it once it is there, and say so until then"
fi
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
if [ -n "$errorlint_log" ] && [ ! -x "$bin/errorlint" ]; then
    say "this first check runs without errorlint, which is still being built"
    PREPUSH_SKIP="${PREPUSH_SKIP:+$PREPUSH_SKIP,}errorlint"
    export PREPUSH_SKIP
fi
set +e
"$prepush"
status=$?
set -e
if [ "$status" -ne 0 ]; then
    echo "install-hooks.sh: the hook is installed; this first check failed (exit $status), so a push of this content would be stopped" >&2
fi
exit "$status"
