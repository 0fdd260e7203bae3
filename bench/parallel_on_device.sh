#!/usr/bin/env bash
# The commands behind bench/README.md's issue-24 tables, run from the repository root on the 16-thread device machine
# with the parent's and this branch's Release warpscope-cli carried in .devcarry/issue24/ as `base` and `new` (each a
# wrapper that starts the binary with its own loader and libraries, bench/carry_cli.sh), OUT set to an output folder.
#
# Prints, per launch: the parent's wall seconds on one thread, this branch's on 1, 2, 4, 8 and 16 threads, and
# whether every thread count's JSON equals the 1-thread one byte for byte; then the same launches held to two cores
# (taskset), the branch on 1 and 2 threads; then the corpus on one thread, parent against branch.
#
# `speed`: corpus_speed (bench/corpus_speed.cpp) of the parent and of this branch, carried as speed_base and
# speed_new, alternated twice on one core: timed warp instructions per second of every corpus scenario.
# `phases`: a build carried as `phases` that prints where a launch's wall time went (WARPSCOPE_PHASES=1; an
# instrumented build, not kept in the repository) for the large launches on 16 threads and on two cores.
#
# `single`: the parent and this branch on one thread, alternated three times, on a launch of four waves (muld
# 1 024 x 512 x 512): whether one-thread speed fell.
#
#   OUT=DIR bash bench/parallel_on_device.sh [table|two|corpus|speed|phases|single ...]   (the first three when none is named)
set -u
D=.devcarry/issue24
parts=${*:-table two corpus}
want() { case " $parts " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
S=resources/scenarios
echo "host: $(nproc) hardware threads; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
t() {
    local s; s=$(date +%s.%N)
    "$@" > "$OUT/last.json" 2> "$OUT/err.txt" || { echo "FAILED: $*" >&2; cat "$OUT/err.txt" >&2; }
    awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
}
wi() { grep -o '"warp_instructions": [0-9]*' "$OUT/last.json" | awk '{ s += $2 } END { print s }'; }
want table && for spec in "offset16M|$S/offset_copy.json --device h100 --set n=16777216 --set offset=1" \
    "muld512|$S/corpus/muld.json --device h100 --set ha=512 --set wa=512 --set wb=512" \
    "histogram64M|$S/corpus/histogram_shared.json --device h100 --set n=16777216" \
    "muld1024|$S/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024"; do
    name=${spec%%|*}; args=${spec#*|}
    # shellcheck disable=SC2086
    b=$(t $D/base run $args --threads 1 --json)
    line="$name warp_instructions $(wi) base $b"
    for n in 1 2 4 8 16; do
        # shellcheck disable=SC2086
        x=$(t $D/new run $args --threads $n --json); cp "$OUT/last.json" "$OUT/$name.$n.json"
        cmp -s "$OUT/$name.1.json" "$OUT/$name.$n.json" && same=same || same=DIFFERS
        line="$line | $n: $x $same"
    done
    echo "$line"
done
want two && for spec in "offset16M|$S/offset_copy.json --device h100 --set n=16777216 --set offset=1" \
    "muld512|$S/corpus/muld.json --device h100 --set ha=512 --set wa=512 --set wb=512" \
    "muld1024|$S/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024"; do
    name=${spec%%|*}; args=${spec#*|}
    # shellcheck disable=SC2086
    one=$(t taskset -c 0,1 $D/new run $args --threads 1 --json)
    # shellcheck disable=SC2086
    two=$(t taskset -c 0,1 $D/new run $args --threads 2 --json)
    echo "two-cores $name 1: $one | 2: $two"
done
want corpus && for f in $(find $S/corpus -name '*.json' | sort); do
    b=$(t $D/base run "$f" --threads 1 --json); w=$(wi)
    n=$(t $D/new run "$f" --threads 1 --json)
    echo "corpus $(basename "$f" .json) warp_instructions $w base $b new $n"
done
want speed && for round in 1 2; do
    for v in base new; do
        taskset -c 2 $D/speed_$v --repeat 5 $S/corpus > "$OUT/speed_${v}_$round.txt"
        echo "speed round $round $v: $(tail -1 "$OUT/speed_${v}_$round.txt")"
    done
done
want phases && for spec in "offset16M|$S/offset_copy.json --device h100 --set n=16777216 --set offset=1" \
    "muld512|$S/corpus/muld.json --device h100 --set ha=512 --set wa=512 --set wb=512" \
    "muld1024|$S/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024"; do
    name=${spec%%|*}; args=${spec#*|}
    for how in "16|" "2|taskset -c 0,1" "1|taskset -c 0,1"; do
        n=${how%%|*}; pin=${how#*|}
        s=$(date +%s.%N)
        # shellcheck disable=SC2086
        WARPSCOPE_PHASES=1 $pin $D/phases run $args --threads $n --json 2> "$OUT/phases_${name}_$n.txt" > /dev/null
        echo "phases $name threads $n ${pin:+(two cores)} wall $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'):" \
            $(tr '\n' ' ' < "$OUT/phases_${name}_$n.txt")
    done
done
want single && for round in 1 2 3; do
    args="$S/corpus/muld.json --device h100 --set ha=1024 --set wa=512 --set wb=512 --threads 1 --json"
    # shellcheck disable=SC2086
    b=$(t taskset -c 3 $D/base run $args)
    # shellcheck disable=SC2086
    n=$(t taskset -c 3 $D/new run $args)
    echo "single round $round muld1024x512x512 base $b new $n"
done
