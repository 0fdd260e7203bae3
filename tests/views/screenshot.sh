#!/bin/sh
# Starts the real warpscope window under Xvfb and saves a PNG of it (the README's screenshot):
#   tests/views/screenshot.sh build/bin/warpscope docs/screenshots/occupancy.png
# A fresh config directory keeps the user's settings and device profiles out of the picture.
set -eu
warpscope=${1:?usage: screenshot.sh WARPSCOPE OUTPUT.png}
output=${2:?usage: screenshot.sh WARPSCOPE OUTPUT.png}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -m 700 "$scratch/runtime"
rm -f "$output"
XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/runtime" \
    xvfb-run -a -s '-screen 0 1600x1000x24' \
    "$warpscope" --device h100 --block 256 --regs 32 --smem 32768 --screenshot "$output"
# A picture of a 1500x940 window is well over 50 KB; a blank or failed grab is not.
size=$(wc -c < "$output")
[ "$size" -gt 50000 ] || { echo "screenshot.sh: $output is only $size bytes" >&2; exit 1; }
echo "screenshot.sh: wrote $output ($size bytes)"
