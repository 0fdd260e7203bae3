#!/usr/bin/env bash
# Rebuilds the PTX of the bundled kernel corpus: every resources/kernels/*.cu and
# resources/kernels/corpus/SUITE/*.cu is compiled by nvcc to sm_XX/NAME.ptx beside it for each architecture below, with the flags the engine's own .cu
# loader uses (-ptx -lineinfo -arch=compute_XX). nvcc writes absolute paths into the `.file` lines;
# the folder's own prefix is removed from them so the PTX does not depend on where it was built.
#
# usage: scripts/build_kernel_corpus.sh [ARCH...]     (default: 75 80 90)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kernels="$here/resources/kernels"
nvcc="${NVCC:-$(command -v nvcc || true)}"
if [[ -z "$nvcc" && -n "${CUDA_PATH:-}" && -x "$CUDA_PATH/bin/nvcc" ]]; then nvcc="$CUDA_PATH/bin/nvcc"; fi
if [[ -z "$nvcc" && -x /usr/local/cuda/bin/nvcc ]]; then nvcc=/usr/local/cuda/bin/nvcc; fi
if [[ -z "$nvcc" ]]; then
    echo "build_kernel_corpus.sh: nvcc not found (PATH, CUDA_PATH, /usr/local/cuda/bin)" >&2
    exit 1
fi

archs=("$@")
if [[ ${#archs[@]} -eq 0 ]]; then archs=(75 80 90); fi

"$nvcc" --version | tail -n 2 | head -n 1
for dir in "$kernels" "$kernels"/corpus/*/; do
    dir="${dir%/}"
    cd "$dir"
    for arch in "${archs[@]}"; do
        mkdir -p "sm_$arch"
        for cu in *.cu; do
            out="sm_$arch/${cu%.cu}.ptx"
            "$nvcc" -ptx -lineinfo -arch="compute_$arch" "$cu" -o "$out"
            sed -i "s|\"$dir/|\"|" "$out"
            echo "${dir#"$here"/}/$out"
        done
    done
done
