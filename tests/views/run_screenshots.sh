#!/bin/sh
# Runs scenarios in the real warpscope window under Xvfb and saves what the README shows:
#   tests/views/run_screenshots.sh build/bin/warpscope docs/screenshots [--full]
# ctest runs it without --full: the same pictures from small problems, so it stays quick; --full uses the
# problem sizes of docs/screenshots (minutes in a debug build). Each picture is taken once the run (or the
# session database) is in the views. The screen is larger than screenshot.sh's so the window fits with every
# dock at its minimum size.
set -eu
warpscope=${1:?usage: run_screenshots.sh WARPSCOPE OUTPUT_DIR [--full]}
outdir=${2:?usage: run_screenshots.sh WARPSCOPE OUTPUT_DIR [--full]}
full=${3:-}
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
    XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/runtime" XDG_DATA_HOME="$scratch/data" \
        xvfb-run -a -s "-screen 0 ${screen:-1920x1280}x24" "$warpscope" --screenshot "$output" "$@"
    size=$(wc -c < "$output")
    [ "$size" -gt 50000 ] || { echo "run_screenshots.sh: $output is only $size bytes" >&2; exit 1; }
    echo "run_screenshots.sh: wrote $output ($size bytes)"
}

if [ "$full" = "--full" ]; then
    streams_n=16777216 offset_n=4194304 stride_n=1048576 offsets=0:32 strides=1:32 generations=g80,c2050,k20x,v100,h100
else
    streams_n=1048576 offset_n=65536 stride_n=16384 offsets=0:8 strides=1:8 generations=g80,c2050,h100
fi

# streams.png: the guide's sequential copy and execute (pinned as the baseline, above) against the staged
# variant on four streams, on the H100 (N = 16 Mi floats with --full).
shoot "$outdir/streams.png" --device h100 --view streams --set "n=$streams_n" \
    --baseline "$scenarios/streams/sequential_copy_execute.json" "$scenarios/streams/staged_copy_execute_04.json"

# bandwidth.png: the Bandwidth view of a session database holding the Best Practices Guide's two experiments,
# run with warpscope-cli: offsetCopy at offsets 0..32 (n = 4 Mi) and strideCopy at strides 1..32 (n = 1 Mi)
# on five generations with --full, effective bandwidth as a percentage of each device's theoretical bandwidth.
cli="$(dirname "$warpscope")/warpscope-cli"
"$cli" sweep "$scenarios/offset_copy.json" --param "offset=$offsets" --device "$generations" --set "n=$offset_n" \
    --csv --db "$scratch/sweeps.wsdb" > /dev/null
"$cli" sweep "$scenarios/stride_copy.json" --param "stride=$strides" --device "$generations" --set "n=$stride_n" \
    --csv --db "$scratch/sweeps.wsdb" > /dev/null
shoot "$outdir/bandwidth.png" --device h100 --view bandwidth --bandwidth-percent "$scratch/sweeps.wsdb"

# timeline.png: the Warp Timeline of sharedABMultiply (C = AB with both tiles in shared memory) on a V100, the
# warps of SM 0 waiting on global loads, at the barrier and issuing (M = 256 with --full, 128 without).
matrix_m=128
[ "$full" = "--full" ] && matrix_m=256
shoot "$outdir/timeline.png" --device v100 --view timeline --set "m=$matrix_m" "$scenarios/matrix/ab_shared_ab_multiply.json"

# banks.png: the Bank Heat Map of the C = AAT kernel with the unpadded transposed tile on a V100: the column
# store transposedTile[threadIdx.x][threadIdx.y] serializes 32 passes on one bank per warp.
shoot "$outdir/banks.png" --device v100 --view banks --set "m=$matrix_m" "$scenarios/matrix/aat_coalesced_multiply.json"

# memory.png: the Memory Requests chart of the same launch: global sectors and shared wavefronts per request
# for each PTX memory instruction, the column store's 32 wavefronts standing out.
shoot "$outdir/memory.png" --device v100 --view memory --set "m=$matrix_m" "$scenarios/matrix/aat_coalesced_multiply.json"

# caches.png: the Caches and DRAM chart of the three C = AB kernels run one after another on a V100 (M = 256):
# simpleMultiply's broadcast loads at 160 % efficiency with most sectors hitting in L1, then the next two
# kernels finding A and B in the L2 that the first one filled, reading nothing from DRAM.
shoot "$outdir/caches.png" --device v100 --view caches --set "m=256" "$scenarios/matrix/ab_three_kernels.json"

# timerange.png: the same run with the time range set to the last two kernels (Shift+drag on a timeline, or
# --time-range): the Streams view zoomed to it with the first kernel dimmed, the Launch Summary showing 2 of 3.
shoot "$outdir/timerange.png" --device v100 --view streams --set "m=256" --time-range 6.5:18.0 \
    "$scenarios/matrix/ab_three_kernels.json"

# offset1_v100.png, offset1_g80.png, offset1_source.png: the README's walk-through. The offset-copy demo at
# offset 1, its first warp stepped past the load (PTX instruction 12; --step-to 13 stops before the next one):
# five 32-byte sectors on a V100, 32 segments (16 per half-warp) on a G80; then the G80's per-line counters.
# The screen is taller: the stepper and the Occupancy view's minimum heights add up to more than 1280 pixels.
screen=1920x1440
for device in v100 g80; do
    shoot "$outdir/offset1_$device.png" --device "$device" --view streams,stepper --set n=262144 --set offset=1 \
        --step-to 13 "$scenarios/offset_copy.json"
done
shoot "$outdir/offset1_source.png" --device g80 --view caches,source --set n=262144 --set offset=1 \
    "$scenarios/offset_copy.json"

# launch.png: the launch form on the offset-copy source: its kernel's parameters named from the CUDA declaration,
# a buffer per pointer, and the scenario it will save previewed on the right.
screen=1920x1280
shoot "$outdir/launch.png" --device v100 "$here/../../resources/kernels/offset_copy.cu"

# roofline.png: the three C = AB kernels on a V100 under its DRAM, L2, L1/shared and compute roofs, with
# simpleMultiply's speed of light (M = 256 with --full, 128 without).
shoot "$outdir/roofline.png" --device v100 --view roofline --set "m=$matrix_m" "$scenarios/matrix/ab_three_kernels.json"

# async_timeline.png: the Warp Timeline of the cp.async double buffer on an H100: each warp waits for its tile
# (async wait), meets the block at the barrier, computes while the next tile is on its way.
shoot "$outdir/async_timeline.png" --device h100 --view timeline "$scenarios/async_copy.json"

# console.png: device printf in the Console: the guide's format specifiers and printf's return values, each line
# with the launch, block and thread that printed it, on an H100.
shoot "$outdir/console.png" --device h100 --view console,summary "$scenarios/device_printf.json"
