#!/usr/bin/env bash
# Measures Nsight Compute's roofline and speed-of-light inputs for the bundled scenarios on a real GPU, for the
# comparison with `warpscope-cli roofline --device h100` in docs/roofline_h100.md: executed floating-point
# instructions by kind (an FMA counts two FLOPs, as ncu's roofline does), bytes at L1, L2 and DRAM, the
# kernel's duration, and the unit peaks (per cycle) with the clocks they run at. Launches come from
# scenario_manifest output (see replay_on_device.sh). Used through the device tool:
#   bash bench/hardware/roofline_on_device.sh MANIFEST_ROOT     (writes $OUT/roofline_ncu.csv, ...)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
root=$(cd "$1" && pwd)
"$nvcc" -O2 -o "$build/scenario_replay" "$here/replay/scenario_replay.cu" -lcuda
dirs=()
for dir in "$root"/*/; do
    dir=${dir%/}
    dirs+=("$dir")
done
"$ncu" --query-metrics > "$build/query.txt" 2>&1 || true
grep -E '^(sm__sass_thread_inst_executed_op_|sm__inst_executed_pipe_|dram__bytes|lts__t_bytes|l1tex__t_bytes|l1tex__data_pipe_lsu_wavefronts_mem_shared|sm__pipe_tensor|gpu__time_duration|sm__cycles_elapsed|dram__cycles_elapsed|lts__cycles_elapsed|l1tex__cycles_elapsed)' \
    "$build/query.txt" > "$out/ncu_metric_names.txt" || true
# Counts per launch (.sum) and peaks per unit cycle (.sum.peak_sustained) with each unit's clock.
counted="sm__sass_thread_inst_executed_op_ffma_pred_on sm__sass_thread_inst_executed_op_fadd_pred_on
sm__sass_thread_inst_executed_op_fmul_pred_on sm__sass_thread_inst_executed_op_dfma_pred_on
sm__sass_thread_inst_executed_op_dadd_pred_on sm__sass_thread_inst_executed_op_dmul_pred_on
sm__sass_thread_inst_executed_op_hfma_pred_on sm__sass_thread_inst_executed_op_hadd_pred_on
sm__sass_thread_inst_executed_op_hmul_pred_on sm__sass_thread_inst_executed_op_integer_pred_on
dram__bytes lts__t_bytes l1tex__t_bytes l1tex__data_pipe_lsu_wavefronts_mem_shared
sm__inst_executed_pipe_fma sm__inst_executed_pipe_alu sm__inst_executed_pipe_fp64 sm__inst_executed_pipe_xu
sm__inst_executed_pipe_lsu sm__inst_executed_pipe_fmaheavy"
metrics=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second
metrics=$metrics,lts__cycles_elapsed.avg.per_second,l1tex__cycles_elapsed.avg.per_second
for m in $counted; do
    if grep -q "^$m " "$build/query.txt"; then
        metrics="$metrics,$m.sum,$m.sum.peak_sustained"
    else
        echo "not offered by this ncu: $m" | tee -a "$out/roofline_missing.txt"
    fi
done
echo "$metrics" > "$out/roofline_metrics.txt"
"$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$build/scenario_replay" "${dirs[@]}" \
    > "$build/ncu_stdout.txt" 2> "$out/roofline_ncu_stderr.txt" || echo "ncu failed: see roofline_ncu_stderr.txt"
grep '^"' "$build/ncu_stdout.txt" > "$out/roofline_ncu.csv" || true
grep -v '^"' "$build/ncu_stdout.txt" > "$out/roofline_replay_launches.csv" || true
echo "rows: $(wc -l < "$out/roofline_ncu.csv")"
