#!/usr/bin/env bash
# L1 and L2 counters of the read-after-write probes (storeLoadChase*, timing_rules_kernels.cu; docs/timing_rules_h100.md):
# whether a global load of a line the same SM has just stored to hits the L1, and what reaches the L2.
# Used through the device tool:  bash bench/hardware/raw_counters_on_device.sh   (writes $OUT/raw_counters_ncu.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/timing_rules_probe" "$here/timing_rules_probe.cu"
metrics=l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,sm__cycles_elapsed.max
"$ncu" --clock-control none --csv --print-units base --kernel-name regex:'storeLoad' --metrics "$metrics" \
    "$build/timing_rules_probe" ncu > "$out/raw_counters_ncu.csv" 2> "$out/raw_counters_stderr.txt" || echo "ncu failed"
grep '^"' "$out/raw_counters_ncu.csv" > "$out/raw_counters.tmp" && mv "$out/raw_counters.tmp" "$out/raw_counters_ncu.csv"
