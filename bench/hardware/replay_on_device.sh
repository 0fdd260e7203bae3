#!/usr/bin/env bash
# Replays scenario manifests (bench/hardware/replay/scenario_manifest.cpp) on a machine with an NVIDIA GPU:
# compiles each module's PTX with ptxas for the GPU, keeps the SASS (cuobjdump), and runs every launch
# once under ncu for the memory counters the h100 profile is compared with. Writes to $OUT.
# usage: bash bench/hardware/replay_on_device.sh MANIFEST_ROOT
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$1" && pwd)
out=${OUT:-$PWD/hardware-out}
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/sass"
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
build=$(mktemp -d)
"$cuda/bin/nvcc" -O2 -o "$build/scenario_replay" "$here/replay/scenario_replay.cu" -lcuda
"$cuda/bin/ptxas" --version | tail -1 > "$out/ptxas_version.txt"
dirs=()
for dir in "$root"/*/; do
    dir=${dir%/}
    "$cuda/bin/ptxas" -arch=sm_${arch} -O3 "$dir/module.ptx" -o "$dir/module.cubin"
    module=$(grep -o -m1 '"[A-Za-z0-9_]*\.cu"' "$dir/module.ptx" | tr -d '"')
    "$cuda/bin/cuobjdump" -sass "$dir/module.cubin" > "$out/sass/${module%.cu}.sass"
    dirs+=("$dir")
done
"$build/scenario_replay" "${dirs[@]}" > "$out/replay_launches.csv"
metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,smsp__inst_executed_op_shared_atom.sum
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum
metrics=$metrics,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed.sum
metrics=$metrics,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum
ncu=${NCU:-$(command -v ncu || echo "$cuda/bin/ncu")}
# ncu prints its CSV on stdout among the program's own lines; only the quoted CSV rows are kept.
"$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$build/scenario_replay" "${dirs[@]}" \
    > "$build/ncu_stdout.txt" 2> "$out/replay_ncu_stderr.txt" || echo "ncu failed: see replay_ncu_stderr.txt"
grep '^"' "$build/ncu_stdout.txt" > "$out/replay_counters_ncu.csv" || true
tar czf "$out/sass.tar.gz" -C "$out" sass && rm -r "$out/sass"
echo "replayed $(grep -c ',ok$' "$out/replay_launches.csv") launches ($(grep -c ',failed$' "$out/replay_launches.csv") failed)"
