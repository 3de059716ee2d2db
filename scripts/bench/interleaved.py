#!/usr/bin/env python3
"""Times commands round-robin (one run of each in turn, RUNS rounds) and prints each one's
median and quartiles, and its median's ratio to the last command's. Interleaving spreads the
machine's drift over every command alike, where hyperfine runs each command's batch in turn.

    interleaved.py RUNS 'label=command …' 'label=command …' …   (the last is the baseline)

Each command runs through /bin/sh with its output discarded; its exit status is ignored.
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    runs = int(sys.argv[1])
    pairs = [arg.split("=", 1) for arg in sys.argv[2:]]
    samples = {label: [] for label, _ in pairs}

    def once(command: str) -> float:
        start = time.perf_counter()
        subprocess.run(["/bin/sh", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return (time.perf_counter() - start) * 1000

    for _, command in pairs:
        for _ in range(3):
            once(command)
    for _ in range(runs):
        for label, command in pairs:
            samples[label].append(once(command))
    baseline = statistics.median(samples[pairs[-1][0]])
    print("| Command | Median [ms] | Quartiles [ms] | Median ratio |")
    print("|:---|---:|---:|---:|")
    for label, _ in pairs:
        values = samples[label]
        median = statistics.median(values)
        low, _, high = statistics.quantiles(values, n=4)
        print(f"| `{label}` | {median:.1f} | {low:.1f}–{high:.1f} | {median / baseline:.2f} |")


if __name__ == "__main__":
    main()
