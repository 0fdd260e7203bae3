#!/usr/bin/env bash
# The public-kernel suite (bench/hardware/public_suite.txt; docs/calibration.md) on the GPU it finds: every
# launch under Nsight Compute twice, (1) with the replay's counters, each launch from cold caches as ncu runs it
# (replay_on_device.sh), and (2) SM cycles only with --cache-control none, so that a launch finds in the L2 what
# the scenario's copies, memsets and launches before it left, as in the application (one pass, so no replay of the
# same launch warms it; REPLAY_FLUSH_L2 empties the L2 of the buffers' initial contents first, as the model starts).
# Used through the device tool, with the manifests made here:
#   ./build/bin/scenario_manifest hardware-replay/public_suite $(grep -v '^#' bench/hardware/public_suite.txt)
#   bash bench/hardware/public_suite_on_device.sh hardware-replay/public_suite     (carry hardware-replay/public_suite)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$PWD/hardware-out}
bash "$here/replay_on_device.sh" "$1"
cuda=${CUDA_HOME:-/usr/local/cuda}
ncu=${NCU:-$(command -v ncu || echo "$cuda/bin/ncu")}
build=$(mktemp -d)
"$cuda/bin/nvcc" -O2 -o "$build/scenario_replay" "$here/replay/scenario_replay.cu" -lcuda
dirs=()
for dir in "$(cd "$1" && pwd)"/*/; do dirs+=("${dir%/}"); done
REPLAY_FLUSH_L2=1 "$ncu" --clock-control none --cache-control none --csv --print-units base \
    --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum \
    "$build/scenario_replay" "${dirs[@]}" > "$build/warm_stdout.txt" 2> "$out/warm_ncu_stderr.txt" || echo "ncu failed"
grep '^"' "$build/warm_stdout.txt" > "$out/warm_cycles_ncu.csv" || true
echo "warm cycles: $(grep -c sm__cycles_elapsed.max "$out/warm_cycles_ncu.csv") launches"
