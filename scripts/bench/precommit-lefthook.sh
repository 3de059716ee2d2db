#!/usr/bin/env bash
# What a commit costs with Preflight's pre-commit hook (todoscan's and errorlint's staged checks,
# in one process: the two tools are built together in BIN)
# against lefthook 2.2.2's pre-commit running the regex peers' check on the staged Swift files
# (ripgrep for an error tag after `//`, as lefthook.yml below writes it), issue 37: interleaved
# `git commit` rounds on the same repository state, a one-line change to one Swift file each
# round, on real packages laid out by ../shared/bin/trial-repo (Yams and swift-collections by
# default).
#
#   scripts/bench/precommit-lefthook.sh                       # builds the tools in release first
#   BIN=.build-release/release ROUNDS=40 scripts/bench/precommit-lefthook.sh [OWNER/NAME …]
#
# lefthook runs as its Go binary (LEFTHOOK_BIN: without its Python wrapper, the fastest it can be).
# Prints, per package, each hook's median commit time and the ratio to lefthook's, and the same
# with a bare `true` hook for scale. Installs lefthook (PyPI) and ripgrep (apt) when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/lib/portable.sh"
rounds=${ROUNDS:-40}
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(jpsim/Yams apple/swift-collections)
if [ -z "${BIN:-}" ]; then
    (cd "$here" && swift build -c release --product todoscan --scratch-path .build-release >&2 \
        && swift build -c release --product errorlint --scratch-path .build-release >&2)
    BIN=$here/.build-release/release
fi
# The hook runs in each clone: a relative BIN would name nothing there (every commit then fails fast).
BIN=$(cd "$BIN" && pwd)
command -v rg >/dev/null || { apt-get install -y -qq ripgrep >&2 || sudo apt-get install -y -qq ripgrep >&2; }
command -v lefthook >/dev/null || python3 -m pip install --quiet lefthook==2.2.2 >&2
lefthook_go=$(python3 -c 'import lefthook, os, glob; print(next(iter(glob.glob(os.path.join(os.path.dirname(lefthook.__file__), "bin", "*", "lefthook"))), ""))')
[ -x "$lefthook_go" ] || { echo "lefthook's Go binary not found" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/precommit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=b@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=b@example.com
export LEFTHOOK_BIN=$lefthook_go

echo "todoscan: $BIN/todoscan ($("$BIN/todoscan" --version)); errorlint: $BIN/errorlint; lefthook $("$lefthook_go" version); rg $(rg --version | head -1 | cut -d' ' -f2); $(cpu_count) cores, load $(load_average); $rounds rounds"
for package in "${packages[@]}"; do
    name=${package#*/}
    "$here/../shared/bin/trial-repo" "$package" "$work/$name" >/dev/null
    file=$(cd "$work/$name/work" && git ls-files 'Sources/*.swift' | awk 'NR == 1')
    for hook in preflight lefthook none; do
        git clone -q "$work/$name/work" "$work/$name/$hook"
    done
    # Preflight's hook as prepush install --pre-commit writes it, pointed at these tools.
    (cd "$work/$name/preflight" && "${PREPUSH:-$here/.build/debug/prepush}" install --pre-commit >/dev/null)
    hook="$work/$name/preflight/.git/hooks/pre-commit"
    sed -i.orig -e "s#^todoscan=.*#todoscan='$BIN/todoscan'#" -e "s#^errorlint=.*#errorlint='$BIN/errorlint'#" "$hook"
    rm -f "$hook.orig"
    grep -q "^todoscan='$BIN/todoscan'" "$hook" || { echo "the installed hook's tools could not be set" >&2; exit 2; }
    cat > "$work/$name/lefthook/lefthook.yml" <<'YAML'
pre-commit:
  commands:
    error-tags:
      glob: "*.swift"
      run: "! rg -n '//\\s*ERROR:' {staged_files}"
YAML
    (cd "$work/$name/lefthook" && "$lefthook_go" install >/dev/null)
    printf '#!/bin/sh\ntrue\n' > "$work/$name/none/.git/hooks/pre-commit"
    chmod +x "$work/$name/none/.git/hooks/pre-commit"
    swift_files=$(cd "$work/$name/work" && git ls-files '*.swift' | wc -l | tr -d ' ')
    echo
    echo "== $package: $swift_files Swift files; each round appends a line to $file and commits it"
    step() { printf 'echo "// round" >> %s && git add %s && git commit -q -m round' "$file" "$file"; }
    # Each hook must let a clean commit through, or the rounds would time a failure.
    for clone in preflight lefthook none; do
        (cd "$work/$name/$clone" && eval "$(step)") >/dev/null 2>&1 ||
            { echo "a commit through the $clone hook failed" >&2; exit 2; }
    done
    python3 "$here/scripts/bench/interleaved.py" "$rounds" \
        "preflight (todoscan + errorlint)=cd $work/$name/preflight && $(step)" \
        "true hook=cd $work/$name/none && $(step)" \
        "lefthook + rg=cd $work/$name/lefthook && $(step)"
    # Every round's commit went in, in every clone.
    counts=$(for clone in preflight lefthook none; do git -C "$work/$name/$clone" rev-list --count HEAD; done | sort -u)
    [ "$(echo "$counts" | wc -l)" -eq 1 ] || { echo "some commits failed: $counts" >&2; exit 2; }
done
