#!/bin/sh
# Runs scenarios in the real warpscope window under Xvfb and saves what the README shows:
#   tests/views/run_screenshots.sh build/bin/warpscope docs/screenshots
# streams.png: the Streams view of resources/scenarios/staged_copy_4_streams.json on H100;
# bandwidth.png: see below. Each picture is taken once the run (or the session database) is in the views.
# The screen is larger than screenshot.sh's so the window fits with every dock at its minimum size.
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

# streams.png: the guide's sequential copy and execute (pinned as the baseline, above) against the staged
# variant on four streams, N = 16 Mi floats, on the H100.
shoot "$outdir/streams.png" --device h100 --view streams --baseline "$scenarios/streams/sequential_copy_execute.json" \
    "$scenarios/streams/staged_copy_execute_04.json"

# bandwidth.png: the Bandwidth view of a session database holding the Best Practices Guide's two experiments,
# run with warpscope-cli on five generations: offsetCopy at offsets 0..32 (n = 4 Mi) and strideCopy at
# strides 1..32 (n = 1 Mi), effective bandwidth as a percentage of each device's theoretical bandwidth.
cli="$(dirname "$warpscope")/warpscope-cli"
generations=g80,c2050,k20x,v100,h100
"$cli" sweep "$scenarios/offset_copy.json" --param offset=0:32 --device "$generations" --csv --db "$scratch/sweeps.wsdb" > /dev/null
"$cli" sweep "$scenarios/stride_copy.json" --param stride=1:32 --device "$generations" --csv --db "$scratch/sweeps.wsdb" > /dev/null
shoot "$outdir/bandwidth.png" --device h100 --view bandwidth --bandwidth-percent "$scratch/sweeps.wsdb"
