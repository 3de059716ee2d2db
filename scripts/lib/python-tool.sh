# A Python tool from PyPI, for the scripts that read a report with a real consumer of its format
# (junit-parse.sh, diff-cover.sh). POSIX sh; source it.
#
# python_tool NAME REQUIREMENT PROBE [ARGUMENT...]
#   Makes sure the virtual environment $PREFLIGHT_TOOLS/NAME (default folder:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/preflight) holds REQUIREMENT: PROBE, an executable of its bin/
#   folder run with the arguments, must succeed, else the environment is made with python3 -m venv
#   and REQUIREMENT installed with pip. A folder of its own: a project's or the system's Python is
#   never changed. Sets python_tool_bin to the environment's bin/ folder. Exits 3, saying why, where
#   python3, venv or PyPI is not available (the tests then say they skipped the tool).
python_tool() {
    python_tool_name=$1
    python_tool_requirement=$2
    shift 2
    python_tool_folder=${PREFLIGHT_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/preflight}
    python_tool_bin=$python_tool_folder/$python_tool_name/bin
    python_tool_probe=$1
    shift
    "$python_tool_bin/$python_tool_probe" "$@" >/dev/null 2>&1 && return 0
    command -v python3 >/dev/null 2>&1 || { echo "$0: python3 is not installed" >&2; exit 3; }
    mkdir -p "$python_tool_folder"
    python3 -m venv "$python_tool_folder/$python_tool_name" >/dev/null 2>&1 || {
        echo "$0: python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)" >&2
        exit 3
    }
    "$python_tool_bin/pip" install --quiet --disable-pip-version-check "$python_tool_requirement" >/dev/null 2>&1 || {
        echo "$0: pip could not install $python_tool_requirement from PyPI" >&2
        exit 3
    }
}
