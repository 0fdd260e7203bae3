#!/usr/bin/env bash
# Half-precision kernels on the GPU (half_precision_probe.cu): output bytes and hfma2 throughput time, then
# ncu's duration and instruction counts of each launch, for comparison with
# warpscope-cli run resources/scenarios/half_precision.json (bench/hardware/compare_half_precision.py).
# Used through the device tool:   bash bench/hardware/half_precision_on_device.sh   (writes $OUT/half_*)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O2 -arch=sm_${arch} -o "$build/half_precision_probe" "$here/half_precision_probe.cu"
"$build/half_precision_probe" "$out" > "$out/half_times.csv"
"$ncu" --clock-control none --csv --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,smsp__inst_executed.sum \
    "$build/half_precision_probe" "$build" > "$out/half_ncu.csv" 2> "$out/half_ncu_stderr.txt" || echo "ncu exit $?"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/half_times.csv"
cat "$out/half_times.csv"
