#!/bin/sh
# swift-syntax-range.sh: proves the swift-syntax range in Package.swift. For each version (default:
# the newest patch of every major.minor release the swift-syntax remote has inside the manifest's
# range), builds errorlint and runs errorlint's tests against exactly that version, and prints one
# line per version: proven or failed, with the build and test times.
#
#   scripts/swift-syntax-range.sh                    # every version found in the range
#   scripts/swift-syntax-range.sh 600.0.1 603.0.1    # these versions
#
# Nothing of the work tree is changed: each version builds a temporary copy of the package whose
# manifest pins swift-syntax `exact:` to that version (no Package.resolved copied), with its own
# scratch path `.build-syntax-VERSION` in the repository (ignored by git, kept so that a second run
# is incremental). Exit 0 when every version is proven, 1 when one fails, 2 for usage errors.
# POSIX sh.
set -eu

repository=$(cd "$(dirname "$0")/.." && pwd)
manifest="$repository/Package.swift"
url="https://github.com/swiftlang/swift-syntax"

# The range as written in the manifest: .package(url: ".../swift-syntax", "LOW"..<"HIGH").
dependency_line=$(grep -F "$url\"" "$manifest" || true)
lower=$(printf '%s\n' "$dependency_line" | sed -n 's/.*"\([0-9][0-9.]*\)"\.\.<"\([0-9][0-9.]*\)".*/\1/p')
upper=$(printf '%s\n' "$dependency_line" | sed -n 's/.*"\([0-9][0-9.]*\)"\.\.<"\([0-9][0-9.]*\)".*/\2/p')
if [ -z "$lower" ] || [ -z "$upper" ]; then
    echo "swift-syntax-range.sh: Package.swift does not give swift-syntax as a range \"LOW\"..<\"HIGH\"" >&2
    exit 2
fi

# Numeric version order without `sort -V` (BSD sort has none): each component padded to 6 digits.
version_key() {
    printf '%s\n' "$1" | awk -F. '{ printf "%06d%06d%06d\n", $1, $2, $3 }'
}

if [ "$#" -gt 0 ]; then
    versions="$*"
else
    # Release tags (X.Y.Z, no prerelease suffix) inside [lower, upper), the newest patch per X.Y.
    versions=$(git ls-remote --tags --refs "$url" | sed -n 's|.*refs/tags/\([0-9]*\.[0-9]*\.[0-9]*\)$|\1|p' |
        while read -r tag; do printf '%s %s\n' "$(version_key "$tag")" "$tag"; done |
        awk -v low="$(version_key "$lower")" -v high="$(version_key "$upper")" '$1 >= low && $1 < high' |
        sort | awk '{ split($2, v, "."); minor = v[1] "." v[2]; if (!(minor in newest)) order[++n] = minor; newest[minor] = $2 }
            END { for (i = 1; i <= n; i++) print newest[order[i]] }')
    if [ -z "$versions" ]; then
        echo "swift-syntax-range.sh: no swift-syntax release found in $lower..<$upper at $url" >&2
        exit 2
    fi
fi

echo "swift-syntax range in Package.swift: \"$lower\"..<\"$upper\"; versions: $(echo $versions)"
work=$(mktemp -d "${TMPDIR:-/tmp}/preflight-syntax-range.XXXXXX")
trap 'rm -rf "$work"' EXIT
results="$work/results"
: >"$results"
failed=0

for version in $versions; do
    copy="$work/Preflight-$version"
    mkdir -p "$copy"
    # The committed and uncommitted sources as they are, without build folders or git metadata.
    (cd "$repository" && tar cf - Package.swift Sources Tests Plugins) | (cd "$copy" && tar xf -)
    sed "s|\(\.package(url: \"$url\",\).*)|\1 exact: \"$version\")|" "$manifest" >"$copy/Package.swift"
    grep -q "exact: \"$version\"" "$copy/Package.swift" || {
        echo "swift-syntax-range.sh: could not pin $version in the copied manifest" >&2
        exit 2
    }
    scratch="$repository/.build-syntax-$version"
    log="$work/$version.log"
    echo "=== swift-syntax $version: swift build --build-tests (scratch path .build-syntax-$version)"
    start=$(date +%s)
    if swift build --package-path "$copy" --scratch-path "$scratch" --build-tests >"$log" 2>&1; then
        built=$(date +%s)
        resolved=$(sed -n '/"swift-syntax"/,/version/s/.*"version" : "\(.*\)".*/\1/p' "$copy/Package.resolved")
        echo "    built in $((built - start)) s against swift-syntax $resolved; running errorlint's tests"
        if swift test --package-path "$copy" --scratch-path "$scratch" --skip-build \
            --filter 'ErrorLintKitTests|ErrorLintEndToEndTests' >>"$log" 2>&1; then
            tested=$(date +%s)
            summary=$(grep -E 'Executed [0-9]+ tests|Test run with [0-9]+ tests' "$log" | tail -1 | sed 's/^ *//')
            echo "    tests passed in $((tested - built)) s: $summary"
            echo "$version proven (build $((built - start)) s, tests $((tested - built)) s; $summary)" >>"$results"
        else
            failed=1
            tail -30 "$log"
            echo "$version FAILED: errorlint's tests" >>"$results"
        fi
    else
        failed=1
        grep -E 'error:' "$log" | head -20 || tail -30 "$log"
        echo "$version FAILED: build" >>"$results"
    fi
    rm -rf "$copy"
done

echo
echo "swift-syntax range \"$lower\"..<\"$upper\" on $(swift --version 2>&1 | head -1):"
sed 's/^/  /' "$results"
exit $failed
