#!/usr/bin/env bash
# Records how many registers ptxas allocates per thread for every corpus kernel, per architecture, in
# resources/kernels/sm_XX/registers.json ({"file.ptx": {"mangled name": registers}}). PTX does not say
# this (ptxas decides it), and the occupancy calculator needs it. Needs ptxas (CUDA toolkit); run after
# scripts/build_kernel_corpus.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
for dir in "$root"/resources/kernels/sm_*; do
    arch=$(basename "$dir")
    for ptx in "$dir"/*.ptx; do
        "$ptxas" -arch="$arch" -v "$ptx" -o /dev/null 2>&1 | awk -v file="$(basename "$ptx")" '
            /Compiling entry function/ { gsub(/\047/, "", $0); name = $7 }
            /Used [0-9]+ registers/ && name != "" { for (i = 1; i <= NF; i++) if ($i == "Used") print file, name, $(i + 1); name = "" }'
    done | python3 -c '
import json, sys
table = {}
for line in sys.stdin:
    file, name, regs = line.split()
    table.setdefault(file, {})[name] = int(regs)
print(json.dumps(table, indent=2, sort_keys=True))' > "$dir/registers.json"
done
