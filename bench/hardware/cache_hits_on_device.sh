#!/usr/bin/env bash
# Measures the L1 and L2 sector hit rates of the Best Practices Guide's kernels with Nsight Compute, for the
# comparison with the timing model's l1_hit_rate / l2_hit_rate in docs/cache_hits_h100.md. Same launches as
# kernel_probe's "ncu" mode (offsetCopy 16 M at offsets 0-32, strideCopy 1 M at strides 1-32, the six matrix
# kernels at M = 1024). ncu flushes the caches before each launch (--cache-control all, its default), so every
# launch starts cold, as a one-launch scenario does in the model. Used through the device tool:
#   bash bench/hardware/cache_hits_on_device.sh     (writes $OUT/cache_hits_ncu.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/kernel_probe" "$here/kernel_probe.cu"
# The model counts global-load sectors that look up L1, and L2 read sectors (loads) that hit or miss there.
wanted="l1tex__t_sectors_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit
lts__t_sectors_srcunit_tex_op_read lts__t_sectors_srcunit_tex_op_read_lookup_hit
lts__t_sectors_srcunit_tex_op_read_lookup_miss dram__bytes_read dram__bytes_write"
"$ncu" --query-metrics > "$out/ncu_query_metrics.txt" 2>&1 || true
metrics=""
for m in $wanted; do
    if grep -q "^$m " "$out/ncu_query_metrics.txt"; then
        metrics="${metrics:+$metrics,}$m.sum"
    else
        echo "not offered by this ncu: $m" | tee -a "$out/cache_hits_missing.txt"
    fi
done
"$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$build/kernel_probe" ncu \
    > "$out/cache_hits_ncu.csv" 2> "$out/cache_hits_ncu_stderr.txt" || echo "ncu failed: see cache_hits_ncu_stderr.txt"
echo "metrics: $metrics"
echo "lines: $(wc -l < "$out/cache_hits_ncu.csv")"
