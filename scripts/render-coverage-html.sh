#!/bin/sh
# render-coverage-html.sh PAGE.html OUTPUT.png [WIDTH HEIGHT]
# Renders prepush's HTML coverage page (prepush --coverage-report html=PATH) to a PNG with headless
# Chromium (default 1280x1600), to look at what a browser shows. Chromium is found as chromium,
# chromium-browser, google-chrome or Google Chrome.app, or is $CHROMIUM; Debian/Ubuntu:
# apt-get install chromium. Exit 2 when it is missing or the page is not there.
set -eu

usage() {
    echo "usage: $0 PAGE.html OUTPUT.png [WIDTH HEIGHT]" >&2
    exit 2
}
case ${1:-} in -h | --help) sed -n '2,6p' "$0"; exit 0 ;; esac
[ $# -ge 2 ] || usage
page=$1
png=$2
width=${3:-1280}
height=${4:-1600}
[ -f "$page" ] || { echo "$0: no page at $page" >&2; exit 2; }

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
    for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
        if command -v "$candidate" >/dev/null 2>&1; then
            browser=$(command -v "$candidate")
            break
        fi
    done
fi
mac_chrome="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
if [ -z "$browser" ] && [ -x "$mac_chrome" ]; then browser=$mac_chrome; fi
if [ -z "$browser" ]; then
    echo "$0: no Chromium found (apt-get install chromium, or set CHROMIUM to its path)" >&2
    exit 2
fi

case $page in /*) absolute=$page ;; *) absolute=$(pwd)/$page ;; esac
case $png in /*) ;; *) png=$(pwd)/$png ;; esac
mkdir -p "$(dirname "$png")"

# Chromium refuses to run as root with its sandbox; a throwaway profile keeps the user's untouched.
profile=$(mktemp -d "${TMPDIR:-/tmp}/render-coverage.XXXXXX")
trap 'rm -rf "$profile"' EXIT INT TERM
set -- --headless --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --window-size="$width,$height" --screenshot="$png"
if [ "$(id -u)" = 0 ]; then set -- "$@" --no-sandbox; fi
"$browser" "$@" "file://$absolute" >/dev/null 2>&1 || {
    echo "$0: $browser could not render $page" >&2
    exit 2
}
[ -s "$png" ] || { echo "$0: $browser wrote no screenshot" >&2; exit 2; }
echo "$png"
