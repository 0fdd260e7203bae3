#!/usr/bin/env bash
# Achieved occupancy (ncu sm__warps_active over the active cycles) of kernel_probe's launches — the Best Practices
# Guide's copies and matrix kernels — to set beside the model's achieved_occupancy (docs/block_replacement_h100.md).
# Used through the device tool:  bash bench/hardware/achieved_occupancy_on_device.sh   (writes $OUT/achieved_occupancy_ncu.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/kernel_probe" "$here/kernel_probe.cu"
"$ncu" --clock-control none --csv --print-units base \
    --metrics sm__warps_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.max,launch__grid_size,launch__block_size \
    "$build/kernel_probe" ncu > "$out/achieved_occupancy_ncu.csv" 2> "$out/achieved_occupancy_stderr.txt" || echo "ncu failed"
echo "ncu lines: $(wc -l < "$out/achieved_occupancy_ncu.csv")"
