#!/usr/bin/env bash
# generate-completions.sh [--scratch-path PATH] [--no-manual] [DIRECTORY]
# Writes shell completions for prepush, todoscan and errorlint into DIRECTORY (default
# .build/completions): bash/<tool>, zsh/_<tool>, fish/<tool>.fish, from ArgumentParser's
# --generate-completion-script; and man pages (man/<tool>.1) from swift-argument-parser's
# GenerateManual plugin, which builds every product first (debug, so it reuses `swift build`).
#
# Install, for example: cp DIR/bash/* ~/.local/share/bash-completion/completions/;
# cp DIR/zsh/* into a folder on $fpath; cp DIR/fish/* ~/.config/fish/completions/;
# cp DIR/man/* ~/.local/share/man/man1/.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=()
scratch_path=.build
manual=1
directory=.build/completions
while [ $# -gt 0 ]; do
    case "$1" in
    --scratch-path) scratch=(--scratch-path "$2"); scratch_path=$2; shift 2 ;;
    --no-manual) manual=0; shift ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    -*) echo "generate-completions.sh: unknown option $1" >&2; exit 2 ;;
    *) directory=$1; shift ;;
    esac
done
tools=(prepush todoscan errorlint)

for tool in "${tools[@]}"; do
    swift build "${scratch[@]}" --product "$tool" >&2
done
bin=$(swift build "${scratch[@]}" --show-bin-path)

mkdir -p "$directory/bash" "$directory/zsh" "$directory/fish"
for tool in "${tools[@]}"; do
    "$bin/$tool" --generate-completion-script bash >"$directory/bash/$tool"
    "$bin/$tool" --generate-completion-script zsh >"$directory/zsh/_$tool"
    "$bin/$tool" --generate-completion-script fish >"$directory/fish/$tool.fish"
done
echo "completions: $directory/{bash,zsh,fish}"

if [ "$manual" = 1 ]; then
    swift package "${scratch[@]}" generate-manual --configuration debug >&2
    mkdir -p "$directory/man"
    for tool in "${tools[@]}"; do
        # The plugin writes <scratch>/plugins/GenerateManual/outputs/<target>/<tool>.1.
        page=$(find "$scratch_path/plugins" -path "*GenerateManual*" -name "$tool.1" -print -quit)
        [ -n "$page" ] || { echo "generate-completions.sh: GenerateManual wrote no $tool.1" >&2; exit 1; }
        cp "$page" "$directory/man/$tool.1"
    done
    echo "man pages: $directory/man"
fi
