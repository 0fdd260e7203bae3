#!/usr/bin/env bash
# Copy times against the block size, and the DRAM bandwidth a copy reaches (block_size_probe.cu;
# docs/latency_h100.md). Used through the device tool:  bash bench/hardware/block_size_on_device.sh
#   (writes $OUT/block_size_times.csv and $OUT/block_size_ncu.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/block_size_probe" "$here/block_size_probe.cu"
"$build/block_size_probe" time | tee "$out/block_size_times.csv"
"$ncu" --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum \
    "$build/block_size_probe" ncu > "$out/block_size_ncu.csv" 2> "$out/block_size_stderr.txt" || echo "ncu failed"
echo "ncu lines: $(wc -l < "$out/block_size_ncu.csv")"
