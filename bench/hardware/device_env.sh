# Sourced by the *_on_device.sh scripts beside it: `here` (this folder), `out` ($OUT, or ./hardware-out),
# the CUDA tools (`nvcc`, `ncu`; NVCC and NCU override them), the GPU's `arch` (e.g. 90) and a `build` folder.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${OUT:-$PWD/hardware-out}
mkdir -p "$out"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
build=$(mktemp -d)
