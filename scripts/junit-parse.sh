#!/bin/sh
# junit-parse.sh REPORT.xml
# Reads a JUnit XML report with junitparser (PyPI), a real consumer of the format, and prints what
# it read as JSON: per suite its name and counts, per test case its classname, name, time, result
# (passed, failure, error, skipped), message and text, and the messages of its flakyFailure
# elements. The tests use it to check prepush's --test-report junit=PATH.
#
# junitparser is installed on first use into a virtual environment of its own, in
# $PREFLIGHT_TOOLS (default: ${XDG_CACHE_HOME:-$HOME/.cache}/preflight), with python3 -m venv and
# pip. Exit 3 when python3, venv or PyPI is unavailable (the tests then fail, saying so), 2 for
# a missing report, 1 when junitparser cannot read it.
set -eu

case ${1:-} in -h | --help) sed -n '2,11p' "$0"; exit 0 ;; esac
[ $# -eq 1 ] || { echo "usage: $0 REPORT.xml" >&2; exit 2; }
[ -f "$1" ] || { echo "$0: no report at $1" >&2; exit 2; }

. "$(dirname "$0")/lib/python-tool.sh"
python_tool junitparser-5 'junitparser>=3,<6' python -c 'import junitparser'
python=$python_tool_bin/python

exec "$python" - "$1" <<'PYTHON'
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        result = "passed"
        message = text = None
        for entry in case.result:
            if isinstance(entry, Failure):
                result = "failure"
            elif isinstance(entry, Error):
                result = "error"
            elif isinstance(entry, Skipped):
                result = "skipped"
            message, text = entry.message, entry.text
        flaky = [element.get("message") for element in case._elem.findall("flakyFailure")]
        cases.append({
            "classname": case.classname, "name": case.name, "time": case.time, "result": result,
            "message": message, "text": text, "flaky": flaky,
        })
    suites.append({
        "name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors,
        "skipped": suite.skipped, "time": suite.time, "cases": cases,
    })
print(json.dumps({"tests": xml.tests, "failures": xml.failures, "suites": suites}, indent=1))
PYTHON
