#!/usr/bin/env bash
# todoscan vs ripgrep vs the classic Xcode run-script (find + egrep + perl), side by side in one
# hyperfine run on the real-world corpus (../shared/bin/make-corpus), warm cache.
#
#   scripts/bench/todoscan.sh                 # corpus at /work/corpus (made if missing)
#   CORPUS=/some/dir RUNS=20 scripts/bench/todoscan.sh
#
# All three read the same file types: .swift and C/C++/Objective-C sources and headers. A second
# todoscan line runs without --include (every language it reads) for reference. Prints the
# hyperfine table (Markdown), the ratios and how many matches each tool reports. EXPORT=FILE
# keeps the Markdown table.
#
# todoscan is built in release with --static-swift-stdlib, as scripts/install-hooks.sh builds the
# tools: half the start-up time of a dynamically linked binary. DYNAMIC=1 builds without it.
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CORPUS:-/work/corpus}
runs=${RUNS:-10}
warmup=${WARMUP:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/todoscan-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

need=()
command -v rg >/dev/null || need+=(ripgrep)
command -v hyperfine >/dev/null || need+=(hyperfine)
if [ ${#need[@]} -gt 0 ]; then
    echo "== installing ${need[*]}" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    with_timeout 600 $sudo apt-get update >&2
    with_timeout 900 $sudo apt-get install -y "${need[@]}" >&2
fi

if [ ! -d "$corpus" ]; then
    echo "== laying out the corpus at $corpus" >&2
    with_timeout 3600 "$repo/../shared/bin/make-corpus" "$corpus" >&2
fi
corpus=$(cd "$corpus" && pwd)

static_flag=--static-swift-stdlib scratch=.build-release
[ -z "${DYNAMIC:-}" ] || { static_flag="" scratch=.build-release-dynamic; }
echo "== building todoscan (release ${static_flag:-dynamically linked})" >&2
(cd "$repo" && with_timeout 1800 swift build -c release ${static_flag} --product todoscan --scratch-path "$scratch" >&2)
todoscan="$repo/$scratch/release/todoscan"

# The same file types for every tool.
extensions=(swift c h m mm cc cpp cxx hh hpp hxx)
includes="" rg_globs="" find_names=""
for extension in "${extensions[@]}"; do
    includes+=" --include '*.$extension'"
    rg_globs+=" -g '*.$extension'"
    find_names+="${find_names:+ -o} -name '*.$extension'"
done

# todoscan walks hidden folders (it skips only .git, .build, .swiftpm, DerivedData, Pods, Carthage,
# node_modules, none of which the corpus has), so rg gets --hidden. The corpus is not a git
# repository: rg applies no .gitignore there and todoscan walks the tree.
ts_same="'$todoscan' -q --format text$includes '$corpus' >/dev/null"
ts_all="'$todoscan' -q --format text '$corpus' >/dev/null"
rg_cmd="rg -n --no-heading --hidden$rg_globs -e '(TODO|FIXME|ERROR)(\\([^)]*\\))?:' '$corpus' >/dev/null"
classic="find '$corpus' \\($find_names \\) -print0 | xargs -0 egrep -n 'TODO:|FIXME:|ERROR:' | perl -pe 's/(TODO|FIXME):/ warning: \$1:/; s/ERROR:/ error: ERROR:/' >/dev/null"

# Each command once, for its output (and to fail early if one does not run at all).
# todoscan exits 1 when it finds an ERROR tag, rg 1 when nothing matches: both are results.
count() {
    local name=$1 command=$2 status=0
    bash -c "${command% >/dev/null} >'$work/$name.out'" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "$name failed with status $status: $command" >&2
        exit 2
    fi
}
count ts_same "$ts_same"
count ts_all "$ts_all"
count rg "$rg_cmd"
bash -c "${classic% >/dev/null} >'$work/classic.out'"

echo "== hyperfine --warmup $warmup --runs $runs" >&2
hyperfine --warmup "$warmup" --runs "$runs" --ignore-failure --shell bash \
    --export-markdown "$work/table.md" --export-json "$work/times.json" \
    -n "todoscan (same file types)" "$ts_same" \
    -n "todoscan (all its languages)" "$ts_all" \
    -n "ripgrep" "$rg_cmd" \
    -n "find + egrep + perl" "$classic" >&2

echo
echo "todoscan: release build, ${static_flag:-dynamically linked} ($(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "sources not in git")); machine: nproc $(cpu_count), load average $(load_average)"
echo "Commands (CORPUS=$corpus):"
printf '  todoscan (same file types):   %s\n' "$ts_same"
printf '  todoscan (all its languages): %s\n' "$ts_all"
printf '  ripgrep:                      %s\n' "$rg_cmd"
printf '  find + egrep + perl:          %s\n' "$classic"
echo
cat "$work/table.md"
[ -z "${EXPORT:-}" ] || cp "$work/table.md" "$EXPORT"

python3 - "$work" "$corpus" <<'PY'
import json, re, sys

work, corpus = sys.argv[1], sys.argv[2]
times = {r["command"]: r["mean"] for r in json.load(open(f"{work}/times.json"))["results"]}
same, everything = times["todoscan (same file types)"], times["todoscan (all its languages)"]
rg, classic = times["ripgrep"], times["find + egrep + perl"]
print()
print(f"todoscan / ripgrep:             {same / rg:.2f}x  (all its languages: {everything / rg:.2f}x)")
print(f"todoscan / find + egrep + perl: {same / classic:.2f}x")

def places(name, pattern):
    """(path, line) of every reported line; paths relative to the corpus."""
    found = set()
    count = 0
    with open(f"{work}/{name}.out", encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(pattern, line)
            if not m:
                continue
            count += 1
            path = m.group(1)
            if path.startswith(corpus + "/"):
                path = path[len(corpus) + 1:]
            found.add((path, int(m.group(2))))
    return count, found

ts_count, ts_places = places("ts_same", r"(.+?):(\d+):\d+: (?:warning|error|note): ")
rg_count, rg_places = places("rg", r"(.+?):(\d+):")
classic_count, classic_places = places("classic", r"(.+?):(\d+):")
with open(f"{work}/ts_all.out", encoding="utf-8", errors="replace") as f:
    all_count = sum(1 for _ in f)

print()
print("Matches reported (same file types):")
print(f"  todoscan:            {ts_count} tags in comments ({len(ts_places)} lines); "
      f"{all_count} with all its languages")
print(f"  ripgrep:             {rg_count} lines; {len(rg_places - ts_places)} of them hold no tag in a comment, "
      f"{len(ts_places - rg_places)} tag lines missed")
print(f"  find + egrep + perl: {classic_count} lines; {len(classic_places - ts_places)} of them hold no tag in a "
      f"comment, {len(ts_places - classic_places)} tag lines missed")
PY
