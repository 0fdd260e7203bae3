#!/usr/bin/env bash
# Measures the DRAM bytes (Nsight Compute) and times (CUDA events) of strideCopy 1-32 at n = 1 M and 4 M and
# offsetCopy 16 M at offsets 0 and 1, with the L2 fetch granularity left at the driver's default and set to 32,
# 64 and 128 bytes (bench/hardware/l2_fetch_probe.cu). ncu flushes the caches before each launch (its default)
# and profiles at the base clock it finds (--clock-control none). Used through the device tool:
#   bash bench/hardware/l2_fetch_on_device.sh   (writes $OUT/l2_fetch_times.csv and $OUT/l2_fetch_ncu_<G>.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/l2_fetch_probe" "$here/l2_fetch_probe.cu"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$out/l2_fetch_gpu.txt"
: > "$out/l2_fetch_times.csv"
for g in -1 32 64 128; do
    "$build/l2_fetch_probe" "$g" time >> "$out/l2_fetch_times.csv"
done
metrics=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,gpu__time_duration.sum
for g in -1 32 64 128; do
    "$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$build/l2_fetch_probe" "$g" ncu \
        > "$out/l2_fetch_ncu_${g}.csv" 2> "$out/l2_fetch_ncu_${g}_stderr.txt" || echo "ncu failed for $g"
done
wc -l "$out"/l2_fetch_*.csv
grep '^limit' "$out/l2_fetch_times.csv"
