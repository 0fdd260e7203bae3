#!/usr/bin/env bash
# Pointer-chase latencies of L1, L2, DRAM and shared memory on the GPU it finds (latency_probe.cu), and the
# throughput of shared loads by width (shared_throughput_probe.cu); docs/latency_h100.md.
# Used through the device tool:  bash bench/hardware/latency_on_device.sh
#   (writes $OUT/latency_probe.csv and $OUT/shared_throughput.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/latency_probe" "$here/latency_probe.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$out/latency_gpu.txt"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/shared_throughput_probe" "$here/shared_throughput_probe.cu"
"$build/latency_probe" | tee "$out/latency_probe.csv"
"$build/shared_throughput_probe" | tee "$out/shared_throughput.csv"
