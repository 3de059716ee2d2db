#!/usr/bin/env bash
# prepush's costs, side by side with what it replaces, on a small fixture package (Calc: two
# source files, one test) in a real git repository with a bare remote:
#
#   (a) hook overhead of a push with nothing to check (a deletion, a push that changes only
#       README.md), through `git push --dry-run` (git runs the pre-push hook for a dry run too),
#       against the same push with a bare `sh` hook, with lefthook's pre-push hook (PyPI package;
#       once through its PATH shim as installed, once with LEFTHOOK_BIN set to its Go binary), and
#       with --no-verify (no hook at all);
#   (b) a full warm run (`prepush --no-cache --no-todoscan --no-errorlint`) against the raw commands it wraps in
#       one shell line, in interleaved rounds, target <= 1.05x, and the run with todoscan for reference;
#   (c) the push of a tree prepush already verified ("already verified"), target <= 0.3 s.
# (The letters are the issue's.) prepush is built in release with --static-swift-stdlib, as
# scripts/install-hooks.sh builds it.
#
#   scripts/bench/prepush.sh                  # RUNS=30 WARMUP=3 by default; FULL_RUNS=10 for (b)
#   EXPORT=/tmp/prepush-bench scripts/bench/prepush.sh   # keeps the Markdown tables there
#
# Prints each hyperfine table (Markdown) and the ratios. Needs git and a Swift toolchain; installs
# hyperfine with apt and lefthook with pip when they are missing (lefthook is left out when pip
# cannot reach PyPI).
source "$(dirname "$0")/../lib/portable.sh"
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
runs=${RUNS:-30}
warmup=${WARMUP:-3}
full_runs=${FULL_RUNS:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/prepush-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

if ! command -v hyperfine >/dev/null; then
    echo "== installing hyperfine" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    with_timeout 600 $sudo apt-get update >&2
    with_timeout 900 $sudo apt-get install -y hyperfine >&2
fi

lefthook_go=""
if ! command -v lefthook >/dev/null; then
    echo "== installing lefthook from PyPI" >&2
    with_timeout 300 python3 -m pip install --quiet lefthook >&2 || true
    hash -r
fi
if command -v lefthook >/dev/null; then
    # The PyPI package wraps lefthook's Go binary; find it to measure lefthook without the wrapper.
    lefthook_go=$(python3 -c 'import lefthook, os, glob; print(next(iter(glob.glob(os.path.join(os.path.dirname(lefthook.__file__), "bin", "*", "lefthook"))), ""))' 2>/dev/null || true)
else
    echo "note: lefthook could not be installed (no PyPI?); it is left out. Figures measured on this" >&2
    echo "      machine earlier (REFERENCE.md section 7, NOT measured by this run): lefthook Go binary" >&2
    echo "      25-53 ms per no-op hook call, via its PyPI shim 86-124 ms." >&2
fi

echo "== building prepush (release)" >&2
(cd "$repo" && with_timeout 1800 swift build -c release --static-swift-stdlib --product prepush --scratch-path .build-release >&2)
prepush="$repo/.build-release/release/prepush"

# Git identity and no inherited repository variables, for every git call below.
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench
export GIT_COMMITTER_EMAIL=bench@example.com
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE PREPUSH_SKIP

# The fixture package, one commit, on a bare remote with a branch `gone` to delete.
git init -q --bare -b main "$work/remote.git"
seed="$work/seed"
mkdir -p "$seed/Sources/Calc" "$seed/Tests/CalcTests"
cat >"$seed/Package.swift" <<'EOF'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Calc", targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])])
EOF
printf 'public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func unused() -> Int { 1 }\n' \
    >"$seed/Sources/Calc/Calc.swift"
printf 'import Calc\nimport Testing\n@Test func adds() { #expect(add(1, 2) == 3) }\n' \
    >"$seed/Tests/CalcTests/CalcTests.swift"
printf '.build/\n' >"$seed/.gitignore"
printf '# Calc\n' >"$seed/README.md"
git -C "$seed" init -q -b main
git -C "$seed" add -A
git -C "$seed" commit -q -m initial
git -C "$seed" push -q "$work/remote.git" main main:gone

# One clone per hook. In each: `docs` adds a README-only commit (a push prepush skips as
# irrelevant); `main` adds a Swift change (a push prepush must check, or find already verified).
clone() {
    local name=$1
    git clone -q "$work/remote.git" "$work/$name"
    git -C "$work/$name" checkout -q -b docs
    printf '# Calc\n\nAdds numbers.\n' >"$work/$name/README.md"
    git -C "$work/$name" commit -q -am "docs only"
    git -C "$work/$name" checkout -q main
    printf 'public func add(_ a: Int, _ b: Int) -> Int { a + b }\npublic func unused() -> Int { 2 }\n' \
        >"$work/$name/Sources/Calc/Calc.swift"
    git -C "$work/$name" commit -q -am "a Swift change"
}
clone prepush
clone sh
(cd "$work/prepush" && "$prepush" install >&2)
printf '#!/bin/sh\nexit 0\n' >"$work/sh/.git/hooks/pre-push"
chmod +x "$work/sh/.git/hooks/pre-push"
if command -v lefthook >/dev/null; then
    clone lefthook
    # lefthook takes its files from `git diff HEAD @{push}`, not from the refs git passes on stdin:
    # with the unpushed Swift commit it would run `swift test` even for a deletion. Its clone pushes
    # nothing new, so that its hook really has nothing to do.
    git -C "$work/lefthook" reset -q --hard origin/main
    # lefthook's idea of a Swift pre-push check; it skips the command when no pushed file matches.
    printf 'pre-push:\n  commands:\n    swift-test:\n      glob: "*.swift"\n      run: swift test\n' \
        >"$work/lefthook/lefthook.yml"
    (cd "$work/lefthook" && lefthook install >&2)
fi

# Check each hook once (and fail early if one does not behave).
echo "== one push of each kind, with its output" >&2
git -C "$work/prepush" push --dry-run origin :gone 2>&1 | grep prepush >&2
git -C "$work/prepush" push --dry-run origin docs:main 2>&1 | grep prepush >&2
git -C "$work/sh" push --dry-run origin :gone 2>/dev/null
[ -z "$lefthook_go" ] || LEFTHOOK_BIN=$lefthook_go git -C "$work/lefthook" push --dry-run origin :gone >/dev/null 2>&1

names=() commands=()
add() { names+=("-n" "$1"); commands+=("$2"); }
add "git push, no hook (--no-verify)" "git -C $work/prepush push --dry-run -q --no-verify origin :gone"
add "bare sh hook: deletion" "git -C $work/sh push --dry-run -q origin :gone"
if command -v lefthook >/dev/null; then
    add "lefthook (PyPI, as installed): deletion" "git -C $work/lefthook push --dry-run -q origin :gone"
    [ -z "$lefthook_go" ] ||
        add "lefthook (Go binary): deletion" "env LEFTHOOK_BIN=$lefthook_go git -C $work/lefthook push --dry-run -q origin :gone"
fi
add "prepush: deletion" "git -C $work/prepush push --dry-run -q origin :gone"
add "prepush: README-only push" "git -C $work/prepush push --dry-run -q origin docs:main"

# hyperfine -n NAME CMD pairs.
args=()
for i in "${!commands[@]}"; do args+=("${names[2 * i]}" "${names[2 * i + 1]}" "${commands[i]}"); done

echo "== (a) hook overhead: hyperfine -N --warmup $warmup --runs $runs" >&2
hyperfine -N --warmup "$warmup" --runs "$runs" \
    --export-markdown "$work/overhead.md" --export-json "$work/overhead.json" "${args[@]}" >&2

echo "== (c) the push of an already verified tree" >&2
(cd "$work/prepush" && "$prepush" >/dev/null 2>&1) # the full check of main; records its tree
git -C "$work/prepush" push --dry-run origin main 2>&1 | grep prepush >&2
hyperfine -N --warmup "$warmup" --runs "$runs" \
    --export-markdown "$work/verified.md" --export-json "$work/verified.json" \
    -n "prepush: already verified tree" "git -C $work/prepush push --dry-run -q origin main" \
    -n "git push, no hook (--no-verify)" "git -C $work/prepush push --dry-run -q --no-verify origin main" >&2

echo "== (b) full warm run against the raw commands" >&2
llvm_cov=$(dirname "$(real_path "$(command -v swift)")")/llvm-cov
bin=$(cd "$work/prepush" && swift build --show-bin-path)
raw="swift build --build-tests --enable-code-coverage && swift test --skip-build --enable-code-coverage && $llvm_cov export -summary-only -instr-profile $bin/codecov/default.profdata $bin/CalcPackageTests.xctest >/dev/null"
(cd "$work/prepush" && bash -c "$raw" >/dev/null 2>&1) # warm
# Interleaved rounds, not hyperfine's one command after the other: a full run takes over a second
# and this shared machine drifts by more than the difference being measured. Each round runs the
# three commands once, in an order that rotates from round to round; one warm-up round first.
python3 - "$work" "$full_runs" "$work/prepush" "$raw" "$prepush" <<'PY' >&2
import json, statistics, subprocess, sys, time

work, runs, folder, raw, prepush = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
commands = [
    ("raw commands", raw),
    ("prepush --no-cache --no-todoscan --no-errorlint", f"{prepush} --no-cache --no-todoscan --no-errorlint"),
    ("prepush --no-cache --no-errorlint (with todoscan)", f"{prepush} --no-cache --no-errorlint"),
]
times = {name: [] for name, _ in commands}
for round in range(runs + 1):
    for offset in range(len(commands)):
        name, command = commands[(round + offset) % len(commands)]
        start = time.perf_counter()
        subprocess.run(["bash", "-c", command], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if round > 0:
            times[name].append(time.perf_counter() - start)
results = [
    {"command": name, "mean": statistics.mean(values), "median": statistics.median(values),
     "stddev": statistics.stdev(values), "min": min(values), "max": max(values), "times": values}
    for name, values in times.items()
]
json.dump({"results": results}, open(f"{work}/full.json", "w"))
base = results[0]["mean"]
with open(f"{work}/full.md", "w") as table:
    table.write("| Command | Mean [s] | Min [s] | Max [s] | Relative |\n|:---|---:|---:|---:|---:|\n")
    for r in results:
        table.write(f"| `{r['command']}` | {r['mean']:.3f} ± {r['stddev']:.3f} | {r['min']:.3f} | {r['max']:.3f} | "
                    f"{r['mean'] / base:.2f} |\n")
print(open(f"{work}/full.md").read())
PY
echo
echo "prepush: $prepush ($(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo "sources not in git"), $(swift --version 2>/dev/null | head -1))"
echo "lefthook: $(lefthook version 2>/dev/null || echo 'not installed') ${lefthook_go:+(Go binary $lefthook_go)}"
echo "machine: nproc $(cpu_count), load average $(load_average)"
for table in overhead verified full; do
    echo
    cat "$work/$table.md"
done
if [ -n "${EXPORT:-}" ]; then
    mkdir -p "$EXPORT"
    cp "$work"/*.md "$work"/*.json "$EXPORT/"
fi

python3 - "$work" <<'PY'
import json, sys

work = sys.argv[1]
def means(name):
    return {r["command"]: r for r in json.load(open(f"{work}/{name}.json"))["results"]}

a = means("overhead")
base = a["git push, no hook (--no-verify)"]
print()
print("(a) hook overhead: the push's time minus the same push with --no-verify (median; mean in brackets):")
def hook(r):
    return r["median"] - base["median"], r["mean"] - base["mean"]
for name, r in a.items():
    if name.startswith("git push"):
        continue
    median, mean = hook(r)
    print(f"  {name:42s} push {r['median'] * 1000:7.1f} ms  hook {median * 1000:6.1f} ms  ({mean * 1000:6.1f} ms)")
prepush = hook(a["prepush: deletion"])[0]
for other in ["bare sh hook: deletion", "lefthook (PyPI, as installed): deletion", "lefthook (Go binary): deletion"]:
    if other in a:
        print(f"  prepush deletion push / {other.split(':')[0]} push: "
              f"{a['prepush: deletion']['median'] / a[other]['median']:.2f}x (median)")
print(f"  target: prepush hook on a deletion <= 10 ms: {prepush * 1000:.1f} ms {'MET' if prepush <= 0.010 else 'NOT MET'}")
irrelevant = hook(a["prepush: README-only push"])[0]
print(f"  (README-only push, which starts prepush: hook {irrelevant * 1000:.1f} ms)")

b = means("verified")
v = b["prepush: already verified tree"]
print()
print(f"(c) already verified tree: push {v['median'] * 1000:.0f} ms median, {v['mean'] * 1000:.0f} ms mean, "
      f"{v['max'] * 1000:.0f} ms max; hook {1000 * (v['median'] - b['git push, no hook (--no-verify)']['median']):.0f} ms; "
      f"target <= 300 ms (max): {'MET' if v['max'] <= 0.3 else 'NOT MET'}")

c = means("full")
raw = c["raw commands"]["mean"]
like = c["prepush --no-cache --no-todoscan --no-errorlint"]["mean"]
full = c["prepush --no-cache --no-errorlint (with todoscan)"]["mean"]
print()
pairs = [p / r for p, r in zip(c["prepush --no-cache --no-todoscan --no-errorlint"]["times"], c["raw commands"]["times"])]
pairs.sort()
print(f"(b) full warm run, {len(pairs)} interleaved rounds: raw {raw:.2f} s, prepush {like:.2f} s = {like / raw:.3f}x "
      f"({(like - raw) * 1000:+.0f} ms; median of the rounds' ratios {pairs[len(pairs) // 2]:.3f}x); "
      f"with todoscan {full:.2f} s = {full / raw:.3f}x; "
      f"target <= 1.05x: {'MET' if like / raw <= 1.05 else 'NOT MET'}")
PY
