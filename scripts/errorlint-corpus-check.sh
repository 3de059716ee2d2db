#!/usr/bin/env bash
# errorlint's real-world run: errorlint over the corpus from ../shared/bin/make-corpus, every
# finding written to a file for review, counts per rule and per package printed.
#
#   scripts/errorlint-corpus-check.sh            # corpus at /work/corpus (made if missing)
#   CORPUS=/some/dir OUT=findings.txt ERRORLINT=/path/to/errorlint scripts/errorlint-corpus-check.sh
#
# The reviewed results are in docs/errorlint.md ("Real-world run").
source "$(dirname "$0")/lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS:-/work/corpus}
out=${OUT:-$(mktemp "${TMPDIR:-/tmp}/errorlint-corpus.XXXXXX")}

if [ ! -d "$corpus" ]; then
    echo "== laying out the corpus at $corpus" >&2
    with_timeout 3600 "$repo/../shared/bin/make-corpus" "$corpus" >&2
fi
if [ -z "${ERRORLINT:-}" ]; then
    echo "== building errorlint (release)" >&2
    (cd "$repo" && with_timeout 3000 swift build -c release --product errorlint --scratch-path .build-release >&2)
    ERRORLINT="$repo/.build-release/release/errorlint"
fi

cd "$corpus"
set +e
"$ERRORLINT" . >"$out" 2>"$out.stderr"
status=$?
set -e
echo "exit status $status; $(tail -1 "$out.stderr")"
echo "findings: $out"
echo
echo "per rule:"
grep -o '\[[a-z-]*\]$' "$out" | sort | uniq -c | sort -rn
echo
echo "per package (owner/name):"
cut -d/ -f1,2 "$out" | sort | uniq -c | sort -rn
