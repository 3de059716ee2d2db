#!/usr/bin/env bash
# The pre-commit hook's cost: `todoscan --staged` and `errorlint --staged` (git's index, only what a
# commit introduces) against the same tool on the work tree, side by side in one hyperfine run, on
# a real repository (Yams, laid out by ../shared/bin/trial-repo), for a one-file and a 50-file
# commit. Warm cache.
#
#   scripts/bench/staged-scan.sh                        # builds todoscan and errorlint in release first
#   BIN=.build/release RUNS=20 scripts/bench/staged-scan.sh # tools already built there
#   TODOSCAN=.build/release/todoscan ERRORLINT=.build/debug/errorlint scripts/bench/staged-scan.sh
#
# The staged change: one line appended to one Swift file (one-file commit), or to 50 files (or
# every Swift file when the repository has fewer; the count is printed). The work-tree run scans
# the whole repository, as `todoscan` / `errorlint` with no path do at its root. Both in the
# repository as trial-repo lays it out (every object loose) and in a clone of it (HEAD's objects in
# a pack, as a user who cloned the package has them). Then each tool's pair again, run round-robin
# (interleaved.py, INTERLEAVED_RUNS rounds, medians). EXPORT=FILE keeps the Markdown tables.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-20}
interleaved_runs=${INTERLEAVED_RUNS:-200}
warmup=${WARMUP:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/staged-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! command -v hyperfine >/dev/null; then
    echo "== installing hyperfine" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    with_timeout 900 $sudo apt-get install -y hyperfine >&2
fi

if [ -n "${BIN:-}" ]; then
    bin=$(cd "$BIN" && pwd)
elif [ -z "${TODOSCAN:-}" ]; then
    echo "== building todoscan and errorlint (release)" >&2
    # One product per call: given twice, --product builds only the last one.
    for product in todoscan errorlint; do
        (cd "$repo" && with_timeout 3600 swift build -c release --product "$product" >&2)
    done
    bin="$repo/.build/release"
fi
todoscan=${TODOSCAN:-$bin/todoscan}
errorlint=${ERRORLINT:-}
[ -n "$errorlint" ] || [ -z "${bin:-}" ] || [ ! -x "$bin/errorlint" ] || errorlint="$bin/errorlint"

yams="$work/yams"
echo "== laying out jpsim/Yams at $yams" >&2
"$repo/../shared/bin/trial-repo" jpsim/Yams "$yams" >&2
# trial-repo lays the repository out in DIR/work, beside its bare remote.
cd "$yams/work"
git config user.email bench@example.com
git config user.name bench

swift_files=()
while IFS= read -r file; do swift_files+=("$file"); done < <(git ls-files '*.swift')
echo "== $(git ls-files | wc -l) files tracked, ${#swift_files[@]} Swift files" >&2

stage() {
    git reset -q --hard
    local count=$1 index=0
    for file in "${swift_files[@]:0:$count}"; do
        index=$((index + 1))
        printf '// TODO: staged change %s\n' "$index" >>"$file"
    done
    git add -A
    # An unstaged edit on top, so work tree and index differ as they do before `git commit`.
    printf '// unstaged\n' >>"${swift_files[0]}"
}

run() {
    local label=$1 count=$2
    stage "$count"
    local staged_files
    staged_files=$(git diff --cached --name-only | wc -l)
    echo "== $label: $staged_files files staged" >&2
    local commands=(-n "todoscan --staged" "'$todoscan' --staged -q >/dev/null || true"
        -n "todoscan (work tree)" "'$todoscan' -q >/dev/null || true")
    if [ -n "$errorlint" ]; then
        commands+=(-n "errorlint --staged" "'$errorlint' --staged -q >/dev/null || true"
            -n "errorlint (work tree)" "'$errorlint' -q >/dev/null || true"
            -n "both --staged (the hook)" "'$todoscan' --staged -q >/dev/null; '$errorlint' --staged -q >/dev/null; true"
            -n "both (work tree)" "'$todoscan' -q >/dev/null; '$errorlint' -q >/dev/null; true")
    fi
    hyperfine --shell=sh --warmup "$warmup" --runs "$runs" --style basic \
        --export-markdown "$work/$label.md" "${commands[@]}" >&2
    echo "### $label ($staged_files files staged)"
    cat "$work/$label.md"
    echo
    # The same pairs run round-robin, medians: the machine's drift falls on both sides alike.
    local pairs=("todoscan --staged=$todoscan --staged -q" "todoscan (work tree)=$todoscan -q")
    echo "Interleaved, ${interleaved_runs} rounds:"
    echo
    python3 "$repo/scripts/bench/interleaved.py" "$interleaved_runs" "${pairs[@]}"
    if [ -n "$errorlint" ]; then
        echo
        python3 "$repo/scripts/bench/interleaved.py" "$interleaved_runs" \
            "errorlint --staged=$errorlint --staged -q" "errorlint (work tree)=$errorlint -q"
    fi
    echo
}

{
    echo "Yams ($(git rev-parse --short HEAD)): $todoscan, ${errorlint:-no errorlint}; $(cpu_count) cores," \
        "load $(load_average | cut -d' ' -f1), hyperfine $runs runs"
    echo
    echo "## As trial-repo lays it out: one commit, every object loose"
    echo
    run one-file 1
    run fifty-files 50
    git reset -q --hard
    # A clone, as a user who cloned the package has it: HEAD's blobs in a pack (the staged ones
    # are loose in both, as `git add` writes them).
    git clone -q "$yams/remote.git" "$yams/clone"
    cd "$yams/clone"
    git config user.email bench@example.com
    git config user.name bench
    echo "## A clone of it: HEAD's objects packed ($(git count-objects -v | grep '^in-pack' | cut -d' ' -f2) objects in a pack)"
    echo
    run one-file 1
    run fifty-files 50
    git reset -q --hard
} | tee "${EXPORT:-/dev/null}"
