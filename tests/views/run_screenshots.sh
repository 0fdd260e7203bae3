#!/bin/sh
# Runs scenarios in the real warpscope window under Xvfb and saves what the README shows:
#   tests/views/run_screenshots.sh build/bin/warpscope docs/screenshots
# streams.png: the Streams view of resources/scenarios/staged_copy_4_streams.json on H100;
# bandwidth.png: the Bandwidth view of an offset sweep 0..32 of offset_copy.json at n = 65536 on G80, C2050,
# V100 and H100. Each picture is taken once the run (and the sweep) delivered its snapshot. The screen is
# larger than screenshot.sh's so the window fits with every dock at its minimum size.
set -eu
warpscope=${1:?usage: run_screenshots.sh WARPSCOPE OUTPUT_DIR}
outdir=${2:?usage: run_screenshots.sh WARPSCOPE OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
scenarios="$here/../../resources/scenarios"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$outdir"
mkdir -m 700 "$scratch/runtime"

shoot() {
    output=$1
    shift
    rm -f "$output"
    XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/runtime" \
        xvfb-run -a -s '-screen 0 1920x1280x24' "$warpscope" --screenshot "$output" "$@"
    size=$(wc -c < "$output")
    [ "$size" -gt 50000 ] || { echo "run_screenshots.sh: $output is only $size bytes" >&2; exit 1; }
    echo "run_screenshots.sh: wrote $output ($size bytes)"
}

shoot "$outdir/streams.png" --device h100 --view streams "$scenarios/staged_copy_4_streams.json"
shoot "$outdir/bandwidth.png" --device h100 --view bandwidth --set n=65536 \
    --sweep offset=0:32 --sweep-devices g80,c2050,v100,h100 "$scenarios/offset_copy.json"
