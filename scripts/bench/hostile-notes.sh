#!/usr/bin/env bash
# What a hostile shared note costs a push (issue 36): `prepush --dry-run` (the hook's planning,
# which reads the notes) on a small package whose clone has fetched refs/notes/preflight, with the
# note on the pushed tree being
#   (a) none,
#   (b) 3,000 copies of one signed entry (a signer not listed: each copy once meant an ssh-keygen),
#   (c) 40 distinct signed entries,
#   (d) a 1.1 GB note of zeros (it compresses to about a megabyte on the remote),
#   (e) a note just under the 4 MiB a note may hold, of short lines that start with `{` and hold
#       bytes that are not UTF-8.
# Prints each run's median of RUNS (default 5) and its ratio to (a). PREPUSH=path compares another
# build (for example the one before the change: ratios of tens and a failure for (d)).
#
#   scripts/bench/hostile-notes.sh            # builds prepush (debug) when PREPUSH is not given
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/lib/portable.sh"
runs=${RUNS:-5}
if [ -z "${PREPUSH:-}" ]; then
    (cd "$here" && swift build --product prepush >&2)
    PREPUSH=$here/.build/debug/prepush
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/hostile-notes.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=b@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=b@example.com
unset CI

git init -q --bare "$work/remote.git"
git -C "$work/remote.git" symbolic-ref HEAD refs/heads/main
git init -q -b main "$work/work"
cd "$work/work"
ssh-keygen -q -t ed25519 -N '' -C ci -f "$work/ci" </dev/null
ssh-keygen -q -t ed25519 -N '' -C rogue -f "$work/rogue" </dev/null
mkdir -p .preflight Sources/Calc
echo "ci@example.com $(cat "$work/ci.pub")" > .preflight/allowed_signers
echo '{"prepush": {"trustedVerifiers": ".preflight/allowed_signers"}}' > .preflight.json
printf '// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: "Calc", targets: [.target(name: "Calc")])\n' > Package.swift
echo 'public func add(_ a: Int, _ b: Int) -> Int { a + b }' > Sources/Calc/Calc.swift
printf '.build/\n' > .gitignore
git add -A && git commit -qm calc
git remote add origin "$work/remote.git"
git push -q --no-verify origin main
git clone -q "$work/remote.git" "$work/dev"
cd "$work/dev"
"$PREPUSH" install >/dev/null 2>&1 || true
git commit -q --allow-empty -m again
tree=$(git rev-parse HEAD^{tree})

note() { # $1: a file holding the note's text
    git notes --ref preflight add -f -F "$1" "$tree"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # prints the median seconds of RUNS dry runs, and whether they all exited 0
    local failed=0 times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(now_seconds)
        "$PREPUSH" --dry-run >/dev/null 2>"$work/said" || failed=1
        end=$(now_seconds)
        times+=("$(echo "$end - $start" | bc -l)")
    done
    printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | median)" "$([ $failed = 0 ] && echo exit-0 || echo FAILED)"
}

payload() { # a record of the pushed tree, $1 distinguishes it
    printf '{"format":"preflight-verification 1","recorded":"%s","tests":[],"tree":"%s","units":[]}' "$1" "$tree"
}
entry() { # the payload line and its signature by the rogue key
    payload "$1"; echo
    payload "$1" | ssh-keygen -q -Y sign -f "$work/rogue" -n preflight-verification
}

read -r base base_status < <(measure)
entry 0 > "$work/one"
for _ in $(seq 3000); do cat "$work/one"; done > "$work/copies"
note "$work/copies"
read -r copies copies_status < <(measure)
for n in $(seq 40); do entry "$n"; done > "$work/distinct"
note "$work/distinct"
read -r distinct distinct_status < <(measure)
python3 -c 'import sys; sys.stdout.buffer.write(b"{\xff\xfe\n" * (4 * 1024 * 1024 // 4 - 16))' > "$work/odd"
note "$work/odd"
read -r odd odd_status < <(measure)
blob=$(head -c 1100000000 /dev/zero | git hash-object -w --stdin)
git notes --ref preflight add -f -C "$blob" "$tree"
read -r huge huge_status < <(measure)

echo "prepush: $PREPUSH ($("$PREPUSH" --version 2>/dev/null || echo unknown)); $runs runs each, median; load $(load_average)"
printf '| note on the pushed tree | median | ratio to no note | exit |\n|---|---|---|---|\n'
for row in "none:$base:$base_status" "3,000 copies of one signed entry ($(wc -c < "$work/copies") bytes):$copies:$copies_status" \
    "40 distinct signed entries:$distinct:$distinct_status" "1.1 GB of zeros:$huge:$huge_status" \
    "4 MiB of short lines starting with { and holding bytes not UTF-8:$odd:$odd_status"; do
    IFS=: read -r what seconds status <<<"$row"
    printf '| %s | %.3f s | %.2fx | %s |\n' "$what" "$seconds" "$(echo "$seconds / $base" | bc -l)" "$status"
done
