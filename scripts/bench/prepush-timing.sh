# Sourced by the affected-test benchmarks (bash): one timed prepush run in a clone.
#
# timed_prepush LOG ARGS…: runs "$prepush" "${common[@]}" ARGS… in "$clone", its output into LOG;
# sets status (its exit status) and seconds (wall time).
timed_prepush() {
    local log=$1
    shift
    local start end
    start=$(date +%s.%N)
    set +e
    (cd "$clone" && "$prepush" "${common[@]}" "$@") >"$log" 2>&1
    status=$?
    set -e
    end=$(date +%s.%N)
    seconds=$(echo "$end - $start" | bc)
}
