#!/usr/bin/env bash
# The bundled thread-block cluster kernels on the GPU (cluster_probe.cu; docs/clusters.md). Used through the
# device tool:  bash bench/hardware/cluster_on_device.sh
#   Writes $OUT/cluster_outputs/<kernel>.bin, $OUT/cluster_times.csv, $OUT/cluster_ncu.csv.
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/cluster_probe" "$here/cluster_probe.cu"
mkdir -p "$out/cluster_outputs"
"$build/cluster_probe" run "$out/cluster_outputs" | tee "$out/cluster_times.csv"
(cd "$out/cluster_outputs" && sha256sum ./*.bin) > "$out/cluster_outputs_sha256.txt"
metrics=gpu__time_duration.sum,sm__cycles_elapsed.max,smsp__inst_executed.sum
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_generic_ld.sum
"$ncu" --clock-control none --csv --print-units base --metrics "$metrics" \
    "$build/cluster_probe" once "$build" > "$out/cluster_ncu.csv" 2> "$out/cluster_ncu_stderr.txt" || echo "ncu failed"
echo "ncu lines: $(wc -l < "$out/cluster_ncu.csv")"
