#!/usr/bin/env bash
# Builds and runs the hardware probes on a machine with an NVIDIA GPU; writes their output to $OUT
# (or ./hardware-out). Used through the device tool: run 'bash bench/hardware/run_on_device.sh'.
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/occupancy_probe" "$here/occupancy_probe.cu"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/copy_bandwidth_probe" "$here/copy_bandwidth_probe.cu"
nvidia-smi -q > "$out/nvidia-smi-q.txt" 2>&1 || true
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,pcie.link.gen.max,pcie.link.width.max,driver_version \
    --format=csv > "$out/nvidia-smi-summary.csv" 2>&1 || true
"$build/occupancy_probe" > "$out/occupancy_probe.csv"
"$build/copy_bandwidth_probe" > "$out/copy_bandwidth_probe.csv"
echo "done: $(wc -l < "$out/occupancy_probe.csv") occupancy lines"

# Kernel times (CUDA events) and counters (ncu) of the Best Practices Guide's kernels.
"$nvcc" -O3 -lineinfo -arch=sm_${arch} -o "$build/kernel_probe" "$here/kernel_probe.cu"
"$build/kernel_probe" time > "$out/kernel_times.csv"
mkdir -p "$build/outputs" && "$build/kernel_probe" outputs "$build/outputs" && tar czf "$out/matrix_outputs_m256.tar.gz" -C "$build/outputs" .
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
metrics=$metrics,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum,gpu__time_duration.sum
"$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$build/kernel_probe" ncu \
    > "$out/kernel_counters_ncu.csv" 2> "$out/ncu_stderr.txt" || echo "ncu failed: see ncu_stderr.txt"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/stream_probe" "$here/stream_probe.cu"
"$build/stream_probe" > "$out/stream_times.csv"
echo "kernel probe: $(grep -c '^time' "$out/kernel_times.csv") timings, $(wc -l < "$out/kernel_counters_ncu.csv") ncu lines"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/queued_copy_probe" "$here/queued_copy_probe.cu"
"$build/queued_copy_probe" > "$out/queued_copy_probe.csv"
