#!/usr/bin/env bash
# todoscan's real-world check: run todoscan over the .swift files of the corpus and compare its
# findings with an independent reading of comments (swift-syntax trivia, scripts/corpus-check).
# Prints precision and recall and up to 30 disagreements of each kind.
#
#   scripts/todoscan-corpus-check.sh            # corpus at /work/corpus (made if missing)
#   CORPUS=/some/dir scripts/todoscan-corpus-check.sh
#   scripts/todoscan-corpus-check.sh --no-default-tags --allow-no-colon --tag the
#                                               # stress the lexer: every "the" in a comment
#
# Arguments (--tag WORD, --no-default-tags, --allow-no-colon) go to both todoscan and the
# reference. LIMIT (default 30) caps the disagreements listed of each kind. TODOSCAN=/path/to/todoscan
# checks that binary instead of building this repository's.
#
# Exit status: 0 when both sets agree exactly, 1 when they differ, 2 on a setup problem.
source "$(dirname "$0")/lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS:-/work/corpus}
limit=${LIMIT:-30}
work=$(mktemp -d "${TMPDIR:-/tmp}/todoscan-corpus-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

if [ ! -d "$corpus" ]; then
    echo "== laying out the corpus at $corpus" >&2
    with_timeout 3600 "$repo/../shared/bin/make-corpus" "$corpus" >&2
fi
corpus=$(cd "$corpus" && pwd)

if [ -n "${TODOSCAN:-}" ]; then
    todoscan=$(cd "$(dirname "$TODOSCAN")" && pwd)/$(basename "$TODOSCAN")
else
    echo "== building todoscan (release)" >&2
    (cd "$repo" && with_timeout 1800 swift build -c release --product todoscan --scratch-path .build-release >&2)
    todoscan="$repo/.build-release/release/todoscan"
fi
echo "== building the swift-syntax reference (scripts/corpus-check)" >&2
(cd "$repo/scripts/corpus-check" && with_timeout 3600 swift build -c release >&2)
reference="$repo/scripts/corpus-check/.build/release/corpus-check"

echo "== todoscan --format json -q --include '*.swift' $* . (in $corpus)" >&2
status=0
(cd "$corpus" && with_timeout 600 "$todoscan" --format json -q --include '*.swift' "$@" .) >"$work/todoscan.json" || status=$?
# 1 only says an ERROR tag was found; 2 or more is a real failure.
if [ "$status" -gt 1 ]; then
    echo "todoscan failed with status $status" >&2
    exit 2
fi

echo "== corpus-check $* $corpus (swift-syntax trivia)" >&2
with_timeout 1800 "$reference" "$@" "$corpus" >"$work/reference.jsonl"

python3 - "$corpus" "$work/todoscan.json" "$work/reference.jsonl" "$limit" <<'PY'
import json, sys

corpus, todoscan_path, reference_path, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

def key(d):
    return (d["path"], d["line"], d["column"], d["message"])

with open(todoscan_path, encoding="utf-8") as f:
    report = json.load(f)
# --include '*.swift' also takes every file under a folder named *.swift; keep .swift files only.
todoscan = {key(d) for d in report["diagnostics"] if d["path"].endswith(".swift")}
with open(reference_path, encoding="utf-8") as f:
    reference = {key(json.loads(line)) for line in f if line.strip()}

agreed = todoscan & reference
extra = sorted(todoscan - reference)    # todoscan reports, the reference does not: false positives
missed = sorted(reference - todoscan)   # the reference finds, todoscan does not: false negatives

# Of the disagreements, those at a place both report differ only in the message text.
extra_at = {k[:3]: k for k in extra}
missed_at = {k[:3]: k for k in missed}
same_place = sorted(set(extra_at) & set(missed_at))
only_todoscan = [k for k in extra if k[:3] not in missed_at]
only_reference = [k for k in missed if k[:3] not in extra_at]

def pct(part, whole):
    return 100.0 * part / whole if whole else 100.0

lines_cache = {}
def source_line(path, line):
    if path not in lines_cache:
        with open(f"{corpus}/{path}", "rb") as f:
            lines_cache[path] = f.read().split(b"\n")
    lines = lines_cache[path]
    text = lines[line - 1] if 0 < line <= len(lines) else b""
    return text.decode("utf-8", "replace").rstrip("\r").strip()[:160]

def more(items):
    return f" (first {limit})" if len(items) > limit else ""

def show(title, items):
    print(f"\n{title}: {len(items)}{more(items)}")
    for path, line, column, message in items[:limit]:
        print(f"  {path}:{line}:{column}: {message}")
        print(f"      | {source_line(path, line)}")

print(f"todoscan: {len(todoscan)} tags; swift-syntax reference: {len(reference)} tags; agreed: {len(agreed)}")
print(f"precision: {pct(len(agreed), len(todoscan)):.2f} % ({len(agreed)}/{len(todoscan)})")
print(f"recall:    {pct(len(agreed), len(reference)):.2f} % ({len(agreed)}/{len(reference)})")
if extra or missed:
    print(f"by place (path, line, column) alone: "
          f"precision {pct(len(todoscan) - len(only_todoscan), len(todoscan)):.2f} %, "
          f"recall {pct(len(reference) - len(only_reference), len(reference)):.2f} %")
show("reported by todoscan only (false positives)", only_todoscan)
show("found by the reference only (false negatives)", only_reference)
print(f"\nsame place, different message: {len(same_place)}{more(same_place)}")
for place in same_place[:limit]:
    path, line, column = place
    print(f"  {path}:{line}:{column}:")
    print(f"      todoscan:  {extra_at[place][3]}")
    print(f"      reference: {missed_at[place][3]}")
    print(f"      | {source_line(path, line)}")
sys.exit(0 if not extra and not missed else 1)
PY
