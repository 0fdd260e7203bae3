#!/usr/bin/env bash
# Builds and runs the hardware probes on a machine with an NVIDIA GPU; writes their output to $OUT
# (or ./hardware-out). Used through the device tool: run 'bash bench/hardware/run_on_device.sh'.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$PWD/hardware-out}
mkdir -p "$out"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
build=$(mktemp -d)
"$nvcc" -O3 -arch=sm_${arch} -o "$build/occupancy_probe" "$here/occupancy_probe.cu"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/copy_bandwidth_probe" "$here/copy_bandwidth_probe.cu"
nvidia-smi -q > "$out/nvidia-smi-q.txt" 2>&1 || true
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,pcie.link.gen.max,pcie.link.width.max,driver_version \
    --format=csv > "$out/nvidia-smi-summary.csv" 2>&1 || true
"$build/occupancy_probe" > "$out/occupancy_probe.csv"
"$build/copy_bandwidth_probe" > "$out/copy_bandwidth_probe.csv"
echo "done: $(wc -l < "$out/occupancy_probe.csv") occupancy lines"
