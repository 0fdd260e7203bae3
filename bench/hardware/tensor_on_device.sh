#!/usr/bin/env bash
# The bundled tensor-core GEMMs on the GPU with warpscope's inputs (tensor_probe.cu; docs/tensor_cores.md).
# Used through the device tool:  bash bench/hardware/tensor_on_device.sh INPUT_DIR M N K
#   INPUT_DIR holds a.bin and b.bin (warpscope-cli run resources/scenarios/tensor/*.json --dump a=... --dump b=...).
#   Writes $OUT/tensor_outputs/<kernel>.bin, $OUT/tensor_times.csv, $OUT/tensor_latency.csv, $OUT/tensor_ncu.csv.
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
inputs=$1; m=$2; n=$3; k=$4
"$nvcc" -O3 -arch=sm_${arch} -o "$build/tensor_probe" "$here/tensor_probe.cu"
mkdir -p "$out/tensor_outputs"
cp "$inputs/a.bin" "$inputs/b.bin" "$out/tensor_outputs/"
"$build/tensor_probe" run "$out/tensor_outputs" "$m" "$n" "$k" | tee "$out/tensor_times.csv"
"$build/tensor_probe" latency | tee "$out/tensor_latency.csv"
rm "$out/tensor_outputs/a.bin" "$out/tensor_outputs/b.bin"
metrics=gpu__time_duration.sum,sm__inst_executed_pipe_tensor.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed.sum
metrics=$metrics,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_shared_ld.sum,sm__cycles_elapsed.max
mkdir -p "$build/ncu_run"
cp "$inputs/a.bin" "$inputs/b.bin" "$build/ncu_run/"
if ! "$ncu" --clock-control none --csv --print-units base --metrics "$metrics" \
    "$build/tensor_probe" once "$build/ncu_run" "$m" "$n" "$k" > "$out/tensor_ncu.csv" 2> "$out/tensor_ncu_stderr.txt"; then
    echo "ncu failed; metric names on this machine:"
    "$ncu" --query-metrics 2>/dev/null | grep -iE "pipe_tensor|ldsm|wavefronts_mem_shared|inst_executed " > "$out/ncu_metric_names.txt" || true
fi
echo "ncu lines: $(wc -l < "$out/tensor_ncu.csv")"
