#!/usr/bin/env bash
# The bundled asynchronous-copy kernels on the GPU with warpscope's inputs (async_copy_probe.cu;
# docs/async_copies.md). Used through the device tool:  bash bench/hardware/async_copy_on_device.sh INPUT_DIR
#   INPUT_DIR holds tiles_in.bin (warpscope-cli run resources/scenarios/async_copy.json --dump tiles_in=...).
#   Writes $OUT/async_outputs/<kernel>.bin, $OUT/async_times.csv, $OUT/async_ncu.csv.
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
inputs=$1
"$nvcc" -O3 -std=c++17 -arch=sm_${arch} -o "$build/async_copy_probe" "$here/async_copy_probe.cu"
mkdir -p "$out/async_outputs"
cp "$inputs/tiles_in.bin" "$out/async_outputs/"
"$build/async_copy_probe" run "$out/async_outputs" | tee "$out/async_times.csv"
rm "$out/async_outputs/tiles_in.bin"
"$ncu" --query-metrics 2>/dev/null | grep -iE "ldgsts|wavefronts_mem_shared|inst_executed_op_|lsu_mem_global_op" \
    > "$out/async_ncu_metric_names.txt" || true
base=gpu__time_duration.sum,sm__cycles_elapsed.max,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum
base=$base,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
base=$base,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
base=$base,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
async=l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum
async=$async,smsp__inst_executed_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
mkdir -p "$build/ncu_run"
cp "$inputs/tiles_in.bin" "$build/ncu_run/"
if ! "$ncu" --clock-control none --csv --print-units base --metrics "$base,$async" \
    "$build/async_copy_probe" once "$build/ncu_run" > "$out/async_ncu.csv" 2> "$out/async_ncu_stderr.txt"; then
    echo "ncu with the LDGSTS metrics failed; the base set only"
    "$ncu" --clock-control none --csv --print-units base --metrics "$base" \
        "$build/async_copy_probe" once "$build/ncu_run" > "$out/async_ncu.csv" 2>> "$out/async_ncu_stderr.txt" || true
fi
echo "ncu lines: $(wc -l < "$out/async_ncu.csv")"
