#!/usr/bin/env bash
# The launches behind the timing rules (timing_rules_probe.cu; docs/timing_rules_h100.md): a launch's fixed cost,
# same-address atomics, arithmetic issue, a dot product and PolyBench/GPU kernels, timed with CUDA events and
# counted by Nsight Compute (--clock-control none: the SM cycles at the clock the GPU chose).
# Used through the device tool:  bash bench/hardware/timing_rules_on_device.sh
#   (writes $OUT/timing_rules_cases.csv, timing_rules_times.csv, timing_rules_ncu.csv, timing_rules.sass)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/timing_rules_probe" "$here/timing_rules_probe.cu"
"$(dirname "$nvcc")/cuobjdump" -sass "$build/timing_rules_probe" > "$out/timing_rules.sass" || echo "cuobjdump failed"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/timing_rules_gpu.txt"
"$build/timing_rules_probe" list > "$out/timing_rules_cases.csv"
"$build/timing_rules_probe" time > "$out/timing_rules_times.csv"
"$ncu" --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,smsp__cycles_active.avg \
    "$build/timing_rules_probe" ncu > "$out/timing_rules_ncu.csv" 2> "$out/timing_rules_ncu_stderr.txt" || echo "ncu failed"
echo "cases: $(wc -l < "$out/timing_rules_cases.csv"), ncu lines: $(wc -l < "$out/timing_rules_ncu.csv")"
cat "$out/timing_rules_gpu.txt" "$out/timing_rules_times.csv"
