#!/usr/bin/env bash
# Wall time of one timed launch on 1, 2, 4, 8 and 16 host threads (`run --threads N`), and whether every N gives
# the 1-thread JSON byte for byte:
#
#   bench/parallel_speedup.sh build-release/bin/warpscope-cli [OUT_DIR]
#
# The two launches of issue 24: the Programming Guide's tiled matrix multiply (muld) at 1024 x 1024 x 1024, and
# the 16 M offset copy (offset 1) on the H100 profile. Each N runs three times; the table gives the fastest.
set -uo pipefail
cli=${1:?usage: parallel_speedup.sh WARPSCOPE_CLI [OUT_DIR]}
out=${2:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
runs=(
    "muld1024 $root/resources/scenarios/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024"
    "offset16M $root/resources/scenarios/offset_copy.json --device h100 --set n=16777216 --set offset=1"
)
echo "host: $(nproc) hardware threads, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-10s %8s %10s %9s %s\n' launch threads seconds speed-up json
for entry in "${runs[@]}"; do
    read -r name args <<< "$entry"
    serial=""
    for threads in 1 2 4 8 16; do
        best=""
        for _ in 1 2 3; do
            start=$(date +%s.%N)
            # shellcheck disable=SC2086
            "$cli" run $args --threads "$threads" --json > "$out/$name.$threads.json" || exit 1
            seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
            best=$(awk -v s="$seconds" -v b="${best:-1e9}" 'BEGIN { print (s < b ? s : b) }')
        done
        [[ -z "$serial" ]] && serial=$best
        same=$(cmp -s "$out/$name.1.json" "$out/$name.$threads.json" && echo identical || echo DIFFERS)
        printf '%-10s %8d %10.2f %9.2f %s\n' "$name" "$threads" "$best" "$(awk -v s="$serial" -v b="$best" 'BEGIN { print s / b }')" "$same"
    done
done
