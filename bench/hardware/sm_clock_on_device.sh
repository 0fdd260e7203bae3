#!/usr/bin/env bash
# The SM clock of the GPU while the Best Practices Guide's kernels run, two ways (docs/sm_clock_h100.md):
# - sm_clock_probe.cu: CUDA-event medians as kernel_probe takes them, with clock64()/%globaltimer read around
#   every timed launch, and after 2000 back-to-back launches ($OUT/sm_clock_probe.csv);
# - Nsight Compute, --clock-control none, on kernel_probe's ncu launches: the SM cycles each kernel took and the
#   clock they ran at ($OUT/sm_cycles_ncu.csv).
# Used through the device tool:  bash bench/hardware/sm_clock_on_device.sh
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/sm_clock_probe" "$here/sm_clock_probe.cu"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/kernel_probe" "$here/kernel_probe.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.applications.graphics,power.limit \
    --format=csv > "$out/sm_clock_gpu.txt"
"$build/sm_clock_probe" > "$out/sm_clock_probe.csv"
"$ncu" --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__cycles_active.avg \
    "$build/kernel_probe" ncu > "$out/sm_cycles_ncu.csv" 2> "$out/sm_cycles_ncu_stderr.txt" || echo "ncu failed"
cat "$out/sm_clock_gpu.txt" "$out/sm_clock_probe.csv"
echo "ncu lines: $(wc -l < "$out/sm_cycles_ncu.csv")"
