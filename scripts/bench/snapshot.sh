#!/usr/bin/env bash
# What the exact-push pipeline's work-tree snapshot costs (issue: <= 30 ms on a clean tree of
# 5,000 files), side by side in one hyperfine run per repository, against what prepush asked git
# before (`git status --porcelain --untracked-files=no`, the dirty-tree warning):
#
#   old      git status --porcelain --untracked-files=no
#   status   the snapshot of a clean work tree (prepush takes it twice, before and after a check, each
#            one git process started directly, as hyperfine -N starts it here): git status
#            --porcelain=v2 --branch -z --untracked-files=normal against prepush's own index
#            (GIT_INDEX_FILE=.git/preflight/snapshot-index, which git may refresh, with its untracked
#            cache, core.untrackedCache=true; no pathspec, which would turn that cache off), as
#            prepush runs it
#   dirty    the snapshot of a work tree with one edited and one untracked file: that status, then
#            git add -A and git write-tree against prepush's index
#
# Each repository's own index is refreshed first (one plain `git status`), as any git command a
# developer runs leaves it; prepush's index is warmed by one snapshot, as the previous push leaves it.
#
# on this repository (with its .build) and on a 5,000-file repository made of real Swift files
# from ../shared/bin/make-corpus. Prints the tables and "clean adds N ms over old".
#
#   scripts/bench/snapshot.sh                      # RUNS=40 by default
#   CORPUS=/work/corpus scripts/bench/snapshot.sh  # reuse a corpus make-corpus laid out before
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-40}
work=$(mktemp -d "${TMPDIR:-/tmp}/snapshot-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench
export GIT_COMMITTER_EMAIL=bench@example.com

index=.git/preflight/snapshot-index
spec='-- . ":(exclude,glob)**/.build/**"'
status_argv="git -c core.untrackedCache=true status --porcelain=v2 --branch --no-ahead-behind -z --untracked-files=normal --ignore-submodules=none"
status="GIT_INDEX_FILE=$index $status_argv >/dev/null"
snapshot="$status; GIT_INDEX_FILE=$index git --no-optional-locks add -A $spec && GIT_INDEX_FILE=$index git --no-optional-locks write-tree >/dev/null"

warm() { # folder: the user's index refreshed, prepush's index made and warmed by one snapshot
    (cd "$1" && git status >/dev/null && mkdir -p .git/preflight && cp .git/index "$index" \
        && sh -c "$snapshot" && sh -c "$snapshot")
}

measure() { # name folder
    local name=$1 folder=$2
    echo "== $name: $(git -C "$folder" ls-files | wc -l | tr -d ' ') tracked files" >&2
    warm "$folder"
    (cd "$folder" && hyperfine --runs "$runs" --warmup 3 -N --export-json "$work/$name.json" \
        --export-markdown "$work/$name.md" \
        -n old 'git --no-optional-locks status --porcelain --untracked-files=no' \
        -n status "env GIT_INDEX_FILE=$index $status_argv" >&2)
    cat "$work/$name.md"
    python3 - "$work/$name.json" <<'PY'
import json, sys
r = {x["command"]: x["mean"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
clean = 2 * r["status"]
print(f"clean snapshot (before + after: 2 x {r['status']:.1f} ms) adds {clean - r['old']:.1f} ms over old ({clean:.1f} vs {r['old']:.1f} ms)")
PY
}

measure_dirty() { # name folder file
    local name=$1 folder=$2 file=$3
    cp "$folder/$file" "$work/saved"
    echo "// edited" >>"$folder/$file"
    echo "let untracked = 1" >"$folder/Untracked-bench.swift"
    (cd "$folder" && hyperfine --runs "$runs" --warmup 3 --export-markdown "$work/$name-dirty.md" \
        -n dirty "$snapshot" >&2) || true
    cp "$work/saved" "$folder/$file"
    rm -f "$folder/Untracked-bench.swift"
    cat "$work/$name-dirty.md"
}

# This repository, as a developer has it (a clone, so nothing of the working copy is touched).
git clone -q "$repo" "$work/preflight"
[ -d "$repo/.build" ] && ln -s "$repo/.build" "$work/preflight/.build"
measure preflight "$work/preflight"
measure_dirty preflight "$work/preflight" Package.swift

# 5,000 real Swift files from the corpus, committed.
corpus=${CORPUS:-$work/corpus}
"$repo/../shared/bin/make-corpus" "$corpus" >/dev/null
mkdir "$work/large"
(cd "$corpus" && find . -name '*.swift' | sort | sed -n '1,5000p' | while read -r f; do
    mkdir -p "$work/large/$(dirname "$f")" && cp "$f" "$work/large/$f"
done)
(cd "$work/large" && git init -q && printf '.build/\n' >.gitignore && git add -A && git commit -qm corpus)
measure large "$work/large"
measure_dirty large "$work/large" .gitignore
