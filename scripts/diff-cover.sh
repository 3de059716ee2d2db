#!/bin/sh
# diff-cover.sh COBERTURA.xml BASE [REPOSITORY]
# Measures the coverage of the lines added since BASE with diff-cover (PyPI), an independent
# diff-coverage tool that reads Cobertura XML and git's diff, and prints its JSON report (total_num_lines,
# total_num_violations, total_percent_covered, and per file the violation lines). The tests use it to
# check that prepush's --coverage-report cobertura and --min-diff-coverage agree with it.
#
# diff-cover is installed on first use into a virtual environment of its own, in $PREFLIGHT_TOOLS
# (default: ${XDG_CACHE_HOME:-$HOME/.cache}/preflight), with python3 -m venv and pip. Exit 3 when
# python3, venv or PyPI is unavailable (the tests then say they skipped it), 2 for bad arguments,
# 1 when diff-cover fails.
set -eu

case ${1:-} in -h | --help) sed -n '2,11p' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 COBERTURA.xml BASE [REPOSITORY]" >&2; exit 2; }
[ -f "$1" ] || { echo "$0: no report at $1" >&2; exit 2; }

. "$(dirname "$0")/lib/python-tool.sh"
python_tool diff-cover-9 'diff-cover>=9,<10' diff-cover --version

report=$(cd "${3:-.}" && pwd)
cobertura=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# diff-cover compares BASE...HEAD (from their merge base), as a push's added lines are counted.
(cd "$report" && "$python_tool_bin/diff-cover" "$cobertura" --compare-branch="$2" --format "json:$out" >/dev/null) || {
    echo "$0: diff-cover failed" >&2
    exit 1
}
cat "$out"
