#!/usr/bin/env bash
# The time from a block's retirement to the start of the block that takes its place on the same SM
# (block_replacement_probe.cu; docs/block_replacement_h100.md). Used through the device tool:
#   bash bench/hardware/block_replacement_on_device.sh   (writes $OUT/block_replacement.csv and the raw records)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/block_replacement_probe" "$here/block_replacement_probe.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/block_replacement_gpu.txt"
"$build/block_replacement_probe" | tee "$out/block_replacement.csv"
"$build/block_replacement_probe" raw | grep '^block' | gzip > "$out/block_replacement_blocks.csv.gz"
