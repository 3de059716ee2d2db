#!/bin/sh
# host-slot.sh: prints the slot of Preflight.artifactbundle this machine runs (linux-x86_64,
# linux-aarch64 or macos), asked of the system; exits 2 on any other platform. Used by
# release.sh and install-hooks.sh.
case $(uname -s)-$(uname -m) in
Linux-x86_64) echo linux-x86_64 ;;
Linux-aarch64 | Linux-arm64) echo linux-aarch64 ;;
Darwin-*) echo macos ;;
*)
    echo "host-slot.sh: no Preflight build for $(uname -s) $(uname -m)" >&2
    exit 2
    ;;
esac
