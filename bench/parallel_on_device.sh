#!/usr/bin/env bash
# The commands behind bench/README.md's issue-24 table, run from the repository root on the 16-thread device machine
# with the parent's and this branch's Release warpscope-cli carried in .devcarry/issue24-parallel/ as `base` and `new`
# (each a wrapper that starts the binary with its own loader and libraries), OUT set to an output folder.
set -u
D=.devcarry/issue24-parallel
S=resources/scenarios
echo "host: $(nproc) hardware threads; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "nvcc: $(command -v nvcc || echo none) ptxas: $(command -v ptxas || echo none)"
t() {
    local s; s=$(date +%s.%N)
    "$@" > "$OUT/last.json" 2> "$OUT/err.txt"
    awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.3f", b - a }'
}
wi() { grep -o '"warp_instructions": [0-9]*' "$OUT/last.json" | awk '{ s += $2 } END { print s }'; }
for f in $(find $S/corpus -name '*.json' | sort); do
    b=$(t $D/base run "$f" --json); cp "$OUT/last.json" "$OUT/c.base.json"; w=$(wi)
    n=$(t $D/new run "$f" --threads 1 --json)
    cmp -s "$OUT/c.base.json" "$OUT/last.json" && same=identical || same=DIFFERS
    echo "corpus $(basename "$f" .json) warp_instructions $w base $b new1 $n $same"
done
for spec in "offset16M|$S/offset_copy.json --device h100 --set n=16777216 --set offset=1" \
    "muld512|$S/corpus/muld.json --device h100 --set ha=512 --set wa=512 --set wb=512"; do
    name=${spec%%|*}; args=${spec#*|}
    # shellcheck disable=SC2086
    b=$(t $D/base run $args --json); cp "$OUT/last.json" "$OUT/$name.base.json"
    echo "$name warp_instructions $(wi) base(parent, 1 thread) $b s"
    for n in 1 2 4 16; do
        # shellcheck disable=SC2086
        x=$(t $D/new run $args --threads $n --json); cp "$OUT/last.json" "$OUT/$name.$n.json"
        cmp -s "$OUT/$name.base.json" "$OUT/$name.$n.json" && same=identical || same=DIFFERS
        echo "$name threads $n $x s $same"
    done
done
args="$S/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024"
for n in 1 2; do
    # shellcheck disable=SC2086
    x=$(timeout 60 bash -c "$(declare -f t); OUT=$OUT t $D/new run $args --threads $n --json")
    echo "muld1024 threads $n $x s warp_instructions $(wi)"
done
