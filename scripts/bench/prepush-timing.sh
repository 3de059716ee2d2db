# Sourced by the affected-test benchmarks (bash): one timed prepush run in a clone.
#
# timed_prepush LOG ARGS…: runs "$prepush" "${common[@]}" ARGS… in "$clone", its output into LOG;
# sets status (its exit status) and seconds (wall time).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/portable.sh"
timed_prepush() {
    local log=$1
    shift
    local start end
    start=$(now_seconds)
    set +e
    (cd "$clone" && "$prepush" "${common[@]}" "$@") >"$log" 2>&1
    status=$?
    set -e
    end=$(now_seconds)
    seconds=$(echo "$end - $start" | bc)
}
