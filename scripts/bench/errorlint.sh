#!/usr/bin/env bash
# errorlint over the real-world corpus (../shared/bin/make-corpus), side by side with a naive run
# that parses every Swift file with swift-syntax (`--parse-every-file`), warm cache, in one
# hyperfine run. Both must report identical findings; the script fails otherwise.
#
#   scripts/bench/errorlint.sh              # corpus at /work/corpus (made if missing)
#   CORPUS=/some/dir RUNS=5 scripts/bench/errorlint.sh
#
# Prints the hyperfine table (Markdown), the ratio, and how many files each run parsed.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/work/corpus}
runs=${RUNS:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/errorlint-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! command -v hyperfine >/dev/null; then
    echo "== installing hyperfine" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    with_timeout 600 $sudo apt-get update >&2
    with_timeout 900 $sudo apt-get install -y hyperfine >&2
fi
if [ ! -d "$corpus" ]; then
    echo "== laying out the corpus at $corpus" >&2
    with_timeout 3600 "$repo/../shared/bin/make-corpus" "$corpus" >&2
fi
corpus=$(cd "$corpus" && pwd)

if [ -z "${ERRORLINT:-}" ]; then
    echo "== building errorlint (release)" >&2
    (cd "$repo" && with_timeout 3000 swift build -c release --product errorlint --scratch-path .build-release >&2)
    ERRORLINT="$repo/.build-release/release/errorlint"
fi

# Each once, for the findings; exit 1 (findings) is a result, 2 would be a problem with the corpus.
cd "$corpus"
set +e
"$ERRORLINT" . --format json >"$work/filtered.json" 2>"$work/filtered.err"
"$ERRORLINT" . --format json --parse-every-file >"$work/naive.json" 2>"$work/naive.err"
set -e
echo "prefiltered: $(tail -1 "$work/filtered.err")"
echo "naive:       $(tail -1 "$work/naive.err")"
if ! cmp -s "$work/filtered.json" "$work/naive.json"; then
    echo "errorlint.sh: the prefiltered run's findings differ from the naive run's:" >&2
    diff "$work/filtered.json" "$work/naive.json" | head -40 >&2
    exit 1
fi
echo "findings identical ($(grep -c '"ruleId"' "$work/filtered.json") findings)"

hyperfine --runs "$runs" --warmup 1 -i --export-markdown "$work/table.md" \
    -n "errorlint (prefilter, both cores)" "'$ERRORLINT' . -q --format json >/dev/null" \
    -n "naive: parse every file" "'$ERRORLINT' . -q --format json --parse-every-file >/dev/null" \
    --export-json "$work/times.json" >&2
cat "$work/table.md"
python3 - "$work/times.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
fast, naive = results[0]["median"], results[1]["median"]
print(f"errorlint {fast:.2f} s, naive {naive:.2f} s (medians): {naive / fast:.1f}x faster")
PY
