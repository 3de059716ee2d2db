#!/bin/sh
# generate-completions.sh [--scratch-path PATH] [--no-manual] [DIRECTORY]
# Writes shell completions for prepush, todoscan and errorlint into DIRECTORY (default
# .build/completions): bash/<tool>, zsh/_<tool>, fish/<tool>.fish, from ArgumentParser's
# --generate-completion-script; and man pages (man/<tool>.1) from swift-argument-parser's
# GenerateManual plugin, which builds every product first (debug, so it reuses `swift build`).
#
# Install, for example: cp DIR/bash/* ~/.local/share/bash-completion/completions/;
# cp DIR/zsh/* into a folder on $fpath; cp DIR/fish/* ~/.config/fish/completions/;
# cp DIR/man/* ~/.local/share/man/man1/.
#
# POSIX sh (dash, macOS's bash 3.2 as sh): no arrays; SwiftPM's --scratch-path option, when
# given, is kept in the positional parameters once the arguments are read.
set -eu
cd "$(dirname "$0")/.."

scratch_path=
manual=1
directory=.build/completions
while [ $# -gt 0 ]; do
    case "$1" in
    --scratch-path)
        [ $# -ge 2 ] || { echo "generate-completions.sh: --scratch-path needs a path" >&2; exit 2; }
        scratch_path=$2; shift 2 ;;
    --no-manual) manual=0; shift ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) echo "generate-completions.sh: unknown option $1" >&2; exit 2 ;;
    *) directory=$1; shift ;;
    esac
done
# From here on "$@" is SwiftPM's scratch option, or nothing.
if [ -n "$scratch_path" ]; then set -- --scratch-path "$scratch_path"; fi
tools="prepush todoscan errorlint"

for tool in $tools; do
    swift build "$@" --product "$tool" >&2
done
bin=$(swift build "$@" --show-bin-path)

mkdir -p "$directory/bash" "$directory/zsh" "$directory/fish"
for tool in $tools; do
    "$bin/$tool" --generate-completion-script bash >"$directory/bash/$tool"
    "$bin/$tool" --generate-completion-script zsh >"$directory/zsh/_$tool"
    "$bin/$tool" --generate-completion-script fish >"$directory/fish/$tool.fish"
done
echo "completions: $directory/{bash,zsh,fish}"

if [ "$manual" = 1 ]; then
    swift package "$@" generate-manual --configuration debug >&2
    mkdir -p "$directory/man"
    for tool in $tools; do
        # The plugin writes <scratch>/plugins/GenerateManual/outputs/<target>/<tool>.1.
        page=$(find "${scratch_path:-.build}/plugins" -path "*GenerateManual*" -name "$tool.1" | head -n 1)
        [ -n "$page" ] || { echo "generate-completions.sh: GenerateManual wrote no $tool.1" >&2; exit 1; }
        cp "$page" "$directory/man/$tool.1"
    done
    echo "man pages: $directory/man"
fi
