#!/bin/sh
# Replays real history through prepush's layout discovery and affected-package selection.
#
#   scripts/real-world/layouts.sh [-n COMMITS] REPOSITORY...
#
# Each REPOSITORY is a git repository (a bare mirror is fine, e.g. one brought by the library's
# `fetch`: /work/.mirror/Dimillian+IceCubesApp/repo). It is cloned into a temporary folder, and for
# each of its last COMMITS first-parent commits (default 20) a push of that commit over its parent
# is given to the built `prepush hook --dry-run`: the real decide and plan stages (relevance,
# tracked manifests, `swift package dump-package` for local path dependencies), nothing built.
# One line per commit: the commit, its subject, and the packages and apps the push would check
# (a dependent after `<`), or why nothing. Nothing of the repositories is changed or kept.
set -eu

commits=20
if [ "${1:-}" = "-n" ]; then commits=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: $0 [-n COMMITS] REPOSITORY..." >&2; exit 2; }

here=$(cd "$(dirname "$0")/../.." && pwd)
prepush=${PREPUSH:-$here/.build/debug/prepush}
[ -x "$prepush" ] || { echo "error: no prepush at $prepush; run swift build first (or set PREPUSH)" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/layouts.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

for repository in "$@"; do
    name=$(basename "$(cd "$repository" && pwd)")
    [ "$name" = repo ] && name=$(basename "$(dirname "$(cd "$repository" && pwd)")")
    clone=$scratch/$name
    git clone -q "$repository" "$clone"
    echo "== $name: the last $commits commits, each pushed over its parent"
    for commit in $(git -C "$clone" rev-list --first-parent -n "$commits" HEAD); do
        parent=$(git -C "$clone" rev-parse --verify --quiet "$commit^") || continue
        subject=$(git -C "$clone" log -1 --format=%s "$commit" | cut -c1-48)
        output=$(printf 'refs/heads/main %s refs/heads/main %s\n' "$commit" "$parent" \
            | (cd "$clone" && "$prepush" hook origin "$repository" --dry-run --no-color 2>&1)) || true
        checked=$(printf '%s\n' "$output" | sed -n -e 's/^  package \(.*\)$/\1/p' -e 's/^  app \(.*\)$/\1 (app)/p' | tr '\n' ',' | sed 's/,$//; s/,/, /g')
        if [ -n "$checked" ]; then
            result="checks $checked"
        else
            result=$(printf '%s\n' "$output" | sed -n 's/^prepush: //p' | tail -n 1)
        fi
        notes=$(printf '%s\n' "$output" | grep -c 'could not read' || true)
        [ "$notes" -gt 0 ] && result="$result [$notes manifests unreadable here]"
        printf '%s %-48s %s\n' "$(printf %s "$commit" | cut -c1-10)" "$subject" "$result"
    done
done
