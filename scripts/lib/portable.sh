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
