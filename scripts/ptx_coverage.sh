#!/usr/bin/env bash
# Writes docs/ptx_coverage.md: every PTX instruction form (mnemonic + modifiers) that nvcc emits for the bundled
# kernels (resources/kernels/*.cu) and the third-party corpus (resources/kernels/corpus/*/*.cu) at sm_75, sm_80
# and sm_90, and whether the engine executes it or refuses it, with the refusal reason. Each .cu is compiled
# with the engine's own flags (-ptx -lineinfo -arch=compute_XX) and handed to build/bin/ptx_coverage together
# with the scenarios in resources/scenarios/corpus/ that load it (or, where none does, the other bundled scenarios
# that do); those run functionally, so "executes" means a warp issued the instruction in one of them.
#
# usage: scripts/ptx_coverage.sh [BUILD_DIR]     (default: build; the ptx_coverage target is built first)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"
nvcc="${NVCC:-$(command -v nvcc || true)}"
if [[ -z "$nvcc" && -x /usr/local/cuda/bin/nvcc ]]; then nvcc=/usr/local/cuda/bin/nvcc; fi
if [[ -z "$nvcc" ]]; then
    echo "ptx_coverage.sh: nvcc not found (NVCC, PATH, /usr/local/cuda/bin)" >&2
    exit 1
fi
cmake --build "$build" --target ptx_coverage >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$here"
for cu in resources/kernels/*.cu resources/kernels/corpus/*/*.cu; do
    scenarios=()
    while IFS= read -r s; do scenarios+=("$s"); done < <(
        python3 - "$cu" <<'PY'
import json, pathlib, sys
cu = pathlib.Path(sys.argv[1]).resolve()
def loading(root):
    return [s for s in sorted(pathlib.Path(root).rglob("*.json")) if (s.parent / json.loads(s.read_text())["module"]).resolve() == cu]
# The corpus scenarios; for a kernel file none of them loads (tensor cores, asynchronous copies, printf, ...),
# the other bundled scenarios that load it.
for s in loading("resources/scenarios/corpus") or loading("resources/scenarios"):
    print(s)
PY
    )
    for arch in 75 80 90; do
        ptx="$work/$(echo "${cu#resources/kernels/}" | tr / _).$arch.ptx"
        out="$work/$(basename "$ptx").jsonl"
        if ! "$nvcc" -ptx -lineinfo -arch="compute_$arch" "$cu" -o "$ptx" 2>"$out.err"; then
            echo "{\"file\": \"$cu\", \"arch\": $arch, \"nvcc\": $(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()[:200]))' "$out.err")}" >"$out"
            continue
        fi
        "$build/bin/ptx_coverage" "$ptx" "${scenarios[@]}" 2>"$out.err" |
            python3 -c 'import json,sys; [print(json.dumps(dict(json.loads(l), file=sys.argv[1], arch=int(sys.argv[2]), scenarios=len(sys.argv)-3))) for l in sys.stdin]' \
                "$cu" "$arch" "${scenarios[@]}" >"$out"
        echo "$cu sm_$arch: $(grep -c executed "$out" || true) executed, $(grep -c refused "$out" || true) refused" >&2
    done
done
cat "$work"/*.jsonl | python3 "$here/scripts/ptx_coverage_table.py" "$("$nvcc" --version | tail -n 2 | head -n 1)" >docs/ptx_coverage.md
echo "wrote docs/ptx_coverage.md" >&2
