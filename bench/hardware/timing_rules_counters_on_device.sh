#!/usr/bin/env bash
# Shared-memory and atomic counters of the timing-rule probes' dot products and shared atomics under Nsight Compute
# (docs/timing_rules_h100.md, "Counter conventions"): requests (instructions executed) and wavefronts.
# Used through the device tool:  bash bench/hardware/timing_rules_counters_on_device.sh
#   (writes $OUT/timing_rules_counters_ncu.csv)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/timing_rules_probe" "$here/timing_rules_probe.cu"
"$ncu" --clock-control none --csv --print-units base --kernel-name regex:'dotProduct|Shared' \
    --metrics smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_shared_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum \
    "$build/timing_rules_probe" ncu > "$out/timing_rules_counters_ncu.csv" 2> "$out/timing_rules_counters_stderr.txt" \
    || "$ncu" --clock-control none --csv --print-units base --kernel-name regex:'dotProduct|Shared' \
        --metrics smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
        "$build/timing_rules_probe" ncu > "$out/timing_rules_counters_ncu.csv" 2>> "$out/timing_rules_counters_stderr.txt"
grep '^"' "$out/timing_rules_counters_ncu.csv" | head -80
