#!/usr/bin/env bash
# Device printf and cooperative-groups kernels on the GPU (printf_coop_probe.cu), for comparison with
# warpscope-cli run resources/scenarios/{device_printf,cooperative_reduce}.json --json
# (bench/hardware/compare_printf_coop.py). Used through the device tool:
#   bash bench/hardware/printf_coop_on_device.sh      (writes $OUT/printf_coop.txt)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O2 -arch=sm_${arch} -o "$build/printf_coop_probe" "$here/printf_coop_probe.cu"
timeout 120 "$build/printf_coop_probe" > "$out/printf_coop.txt" 2> "$out/printf_coop_stderr.txt" || echo "probe exit $?"
timeout 30 "$build/printf_coop_probe" grid-sync-without-cooperative >> "$out/printf_coop.txt" 2>> "$out/printf_coop_stderr.txt" \
    || echo "grid_sync_without_cooperative,exit $? (124: still running after 30 s)" >> "$out/printf_coop.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/printf_coop_stderr.txt"
wc -l "$out/printf_coop.txt"
