#!/usr/bin/env bash
# Where the warps of the matrix kernels and the first strideCopy launches spend their cycles on the GPU it finds:
# Nsight Compute's WarpStateStats and SchedulerStats sections (stall reasons per issued instruction, issue
# slots used), for the comparison with the timing model's warp states (docs/latency_h100.md).
# Used through the device tool:  bash bench/hardware/stall_reasons_on_device.sh   (writes $OUT/stall_*.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/kernel_probe" "$here/kernel_probe.cu"
sections="--section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy"
"$ncu" --clock-control none --csv --print-units base $sections -k regex:Multiply "$build/kernel_probe" ncu \
    > "$out/stall_matrix.csv" 2> "$out/stall_stderr.txt" || echo "ncu failed (matrix)"
"$ncu" --clock-control none --csv --print-units base $sections -k regex:strideCopy -c 4 "$build/kernel_probe" ncu \
    > "$out/stall_stride.csv" 2>> "$out/stall_stderr.txt" || echo "ncu failed (stride)"
# The stall reasons themselves: every smsp__average_warps_issue_stalled_<reason>_per_issue_active this ncu offers
# (cycles a warp spent in that state per instruction issued).
stalls=$("$ncu" --query-metrics 2>/dev/null | awk '/^smsp__average_warps_issue_stalled_[a-z_]*_per_issue_active /{print $1 ".ratio"}' | paste -sd, -)
"$ncu" --clock-control none --csv --print-units base --metrics "$stalls,smsp__inst_executed.sum,sm__cycles_elapsed.max" \
    -k regex:'Multiply|strideCopy' -c 40 "$build/kernel_probe" ncu > "$out/stall_reasons.csv" 2>> "$out/stall_stderr.txt" \
    || echo "ncu failed (stall reasons)"
wc -l "$out"/stall_*.csv
