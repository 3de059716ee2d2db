# Portable helpers for scripts/ (bash 3.2 and BSD userland on macOS, GNU on Linux). Source it.

# Seconds since the epoch with fractions (GNU date's %N is literal "N" on BSD).
now_seconds() { perl -MTime::HiRes=time -e 'printf "%.6f\n", time'; }

# Number of CPUs.
cpu_count() { nproc 2>/dev/null || sysctl -n hw.ncpu; }

# The 1, 5 and 15 minute load averages.
load_average() {
    if [ -r /proc/loadavg ]; then cut -d' ' -f1-3 /proc/loadavg; else sysctl -n vm.loadavg | tr -d '{}' | awk '{ print $1, $2, $3 }'; fi
}

# A path with every link resolved (GNU readlink -f; macOS 12's readlink has no -f).
real_path() { perl -MCwd=abs_path -e 'print abs_path($ARGV[0]), "\n"' "$1"; }

# Lines in reverse order (GNU tac; BSD has tail -r).
reverse_lines() { awk '{ line[NR] = $0 } END { for (i = NR; i > 0; i--) print line[i] }'; }

# Total memory in GiB, rounded (Linux /proc/meminfo; macOS sysctl hw.memsize).
memory_gib() {
    if [ -r /proc/meminfo ]; then
        awk '/^MemTotal:/ { printf "%.0f\n", $2 / 1048576 }' /proc/meminfo
    else
        sysctl -n hw.memsize | awk '{ printf "%.0f\n", $1 / 1073741824 }'
    fi
}

# Runs a command with a time limit in seconds: GNU timeout (coreutils; Homebrew's is gtimeout), else
# perl's alarm, which survives exec (the command then ends by SIGALRM, status 142, not 124).
with_timeout() {
    local seconds=$1
    shift
    if command -v timeout >/dev/null 2>&1; then
        timeout "$seconds" "$@"
    elif command -v gtimeout >/dev/null 2>&1; then
        gtimeout "$seconds" "$@"
    else
        perl -e '$s = shift @ARGV; alarm $s; exec { $ARGV[0] } @ARGV or die "with_timeout: $ARGV[0]: $!\n"' \
            "$seconds" "$@"
    fi
}

# Closes every descriptor above 2 in the calling shell (call it in a subshell): closing one that is
# not open does nothing, so no list of open ones is needed (Linux's /proc/self/fd, macOS's /dev/fd).
close_inherited_descriptors() {
    local limit fd=3
    limit=$(ulimit -n)
    case $limit in '' | unlimited) limit=4096 ;; esac
    [ "$limit" -le 4096 ] || limit=4096
    while [ "$fd" -lt "$limit" ]; do
        eval "exec $fd>&-"
        fd=$((fd + 1))
    done
}
