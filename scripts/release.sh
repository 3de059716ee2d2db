#!/bin/sh
# release.sh [--output DIR] [--slot NAME=DIR]... [--no-build] [--url URL] [--scratch-path PATH]
#            release.sh --binaries-only DIR [--scratch-path PATH]
# Builds prepush, todoscan and errorlint in release for this machine and packs them into a SwiftPM
# artifact bundle, so packages run Preflight's plugins without compiling swift-syntax:
#   DIR/Preflight.artifactbundle/       info.json and SLOT/bin/TOOL for every filled slot
#   DIR/Preflight.artifactbundle.zip    the bundle zipped, for a release; .checksum beside it
#   DIR/PreflightPlugins/               the plugin package (Plugins/Binary) on that bundle
# Slots: linux-x86_64, linux-aarch64 (static Swift runtime and Foundation) and macos (arm64 and
# x86_64 in one universal binary). This machine's slot is built here (unless --no-build);
# --slot NAME=DIR fills another from the three binaries in DIR, built by --binaries-only on
# that platform (what .github/workflows/release.yml does). --url: the plugin package names the
# zip at URL with its checksum instead of the bundle beside it. DIR defaults to .build-release/dist.
#
# POSIX sh (dash, macOS's bash 3.2 as sh); needs zip.
set -eu
preflight=$(cd "$(dirname "$0")/.." && pwd)
output=$preflight/.build-release/dist
scratch=$preflight/.build-release
build=yes
url=
binaries_only=
slots=
tools="prepush todoscan errorlint"

usage() {
    echo "release.sh: $1" >&2
    echo "usage: release.sh [--output DIR] [--slot NAME=DIR]... [--no-build] [--url URL] [--scratch-path PATH]" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
    --output | --slot | --url | --scratch-path | --binaries-only)
        [ $# -ge 2 ] || usage "$1 needs a value"
        case $1 in
        --output) output=$2 ;;
        --url) url=$2 ;;
        --scratch-path) scratch=$2 ;;
        --binaries-only) binaries_only=$2 ;;
        --slot)
            case $2 in
            linux-x86_64=?* | linux-aarch64=?* | macos=?*) slots="$slots $2" ;;
            *) usage "--slot takes linux-x86_64=DIR, linux-aarch64=DIR or macos=DIR, not '$2'" ;;
            esac
            ;;
        esac
        shift 2
        ;;
    --no-build) build=no; shift ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    *) usage "unknown argument '$1'" ;;
    esac
done

# The triples SwiftPM matches a slot against (its host triple on each platform).
triples() {
    case $1 in
    linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
    macos) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    esac
}


# Builds the three tools for this machine into the folder $1.
build_host() {
    if [ "$host" = macos ]; then
        # Both architectures in one binary; Apple platforms have the Swift runtime built in.
        set -- "$1" --arch arm64 --arch x86_64
    else
        # The Swift runtime and Foundation linked in: the binary needs only the C library.
        set -- "$1" --static-swift-stdlib
    fi
    destination=$1
    shift
    for tool in $tools; do
        swift build -c release "$@" --product "$tool" --package-path "$preflight" --scratch-path "$scratch" >&2
    done
    bin=$(swift build -c release "$@" --show-bin-path --package-path "$preflight" --scratch-path "$scratch")
    mkdir -p "$destination"
    for tool in $tools; do
        cp "$bin/$tool" "$destination/$tool"
    done
}

host=
[ "$build" = no ] && [ -z "$binaries_only" ] || host=$("$preflight/scripts/host-slot.sh")
if [ -n "$binaries_only" ]; then
    build_host "$binaries_only"
    echo "$host"
    exit 0
fi

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$preflight/Sources/PreflightCore/Version/PreflightVersion.swift")
bundle=$output/Preflight.artifactbundle
rm -rf "$bundle" "$bundle.zip" "$bundle.zip.checksum" "$output/PreflightPlugins"
mkdir -p "$bundle"

if [ "$build" = yes ]; then
    build_host "$output/.host-$host"
    slots="$slots $host=$output/.host-$host"
fi
[ -n "$slots" ] || usage "nothing to pack: --no-build without --slot"

# Each slot's binaries into SLOT/bin, side by side: prepush runs the errorlint beside it.
filled=
for entry in $slots; do
    slot=${entry%%=*}
    from=${entry#*=}
    for tool in $tools; do
        [ -x "$from/$tool" ] || { echo "release.sh: $from/$tool is missing or not executable" >&2; exit 2; }
        mkdir -p "$bundle/$slot/bin"
        cp "$from/$tool" "$bundle/$slot/bin/$tool"
    done
    filled="$filled $slot"
done
rm -rf "$output"/.host-*

{
    printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n'
    separator=
    for tool in $tools; do
        printf '%s    "%s": {\n      "version": "%s",\n      "type": "executable",\n      "variants": [\n' \
            "$separator" "$tool" "$version"
        comma=
        for slot in $filled; do
            printf '%s        { "path": "%s/bin/%s", "supportedTriples": [%s] }' \
                "$comma" "$slot" "$tool" "$(triples "$slot")"
            comma=',
'
        done
        printf '\n      ]\n    }'
        separator=',
'
    done
    printf '\n  }\n}\n'
} >"$bundle/info.json"

(cd "$output" && zip -q -r -X Preflight.artifactbundle.zip Preflight.artifactbundle)
# SwiftPM's own checksum (SHA-256) of the zip, for the binary target's `checksum:`.
checksum=$(cd "$output" && swift package compute-checksum Preflight.artifactbundle.zip)
echo "$checksum" >"$bundle.zip.checksum"

# The plugin package: Plugins/Binary with its plugin folders copied in (not linked), on the bundle
# beside it or, with --url, on the released zip.
plugins=$output/PreflightPlugins
mkdir -p "$plugins"
cp -R -L "$preflight/Plugins/Binary/." "$plugins/"
if [ -n "$url" ]; then
    sed "s|path: \"Preflight.artifactbundle\"|url: \"$url\", checksum: \"$checksum\"|" \
        "$preflight/Plugins/Binary/Package.swift" >"$plugins/Package.swift"
else
    cp -R "$bundle" "$plugins/Preflight.artifactbundle"
fi

echo "release.sh: $bundle (slots:$filled)" >&2
echo "release.sh: $bundle.zip, checksum $checksum" >&2
echo "release.sh: plugin package $plugins" >&2
