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
# `phases`: bench/launch_phases (carried as `phases` by bench/carry_cli.sh) for the large launches on 16 and 8
# threads and on two cores: where each launch's wall time went (engine/timing/host_phases.h).
#
# `single`: the parent and this branch on one thread, alternated three times, on a launch of four waves (muld
# 1 024 x 512 x 512): whether one-thread speed fell.
# `twice`: this branch held to two cores, one thread against two alternated three times (the VM's speed drifts
# between starts and within one, so the ratio is taken per round).
# `speedpair`: the same two corpus_speed builds scenario by scenario, alternated three times each (the VM's speed
# drifts by up to 2x within minutes, so whole-corpus rounds minutes apart do not compare): the fastest of each.
# `ident`: every bundled scenario on 1 and on 16 threads: whether their JSON is the same byte for byte.
# `cores`: what the machine gives a job that divides perfectly: an arithmetic loop (awk) alone on one CPU, then one
# on each of two CPUs at once (two hardware threads of one core would each take longer than alone), then on 8 and on
# all at once (a core whose neighbours are busy may run slower: its clock).
#
#   OUT=DIR bash bench/parallel_on_device.sh [table|two|corpus|speed|speedpair|phases|single|twice|ident|cores ...]   (the first three when none is named)
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
    for how in "16|" "8|" "2|taskset -c 0,1"; do
        n=${how%%|*}; pin=${how#*|}
        # shellcheck disable=SC2086
        echo "phases $name threads $n ${pin:+(two cores)}:" $($pin $D/phases $args --threads $n | tr '\n' ' ')
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
want twice && for spec in "muld1024|$S/corpus/muld.json --device h100 --set ha=1024 --set wa=1024 --set wb=1024" \
    "offset16M|$S/offset_copy.json --device h100 --set n=16777216 --set offset=1"; do
    name=${spec%%|*}; args=${spec#*|}
    for round in 1 2 3; do
        # shellcheck disable=SC2086
        one=$(t taskset -c 0,1 $D/new run $args --threads 1 --json)
        # shellcheck disable=SC2086
        two=$(t taskset -c 0,1 $D/new run $args --threads 2 --json)
        echo "twice $name round $round 1: $one | 2: $two | $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2fx", a / b }')"
    done
done
want ident && {
    differ=0
    for f in $(find $S -name '*.json' -not -path '*/data/*' | sort); do
        $D/new run "$f" --threads 1 --json > "$OUT/ident1.json" 2>/dev/null
        $D/new run "$f" --threads 16 --json > "$OUT/ident16.json" 2>/dev/null
        cmp -s "$OUT/ident1.json" "$OUT/ident16.json" || { differ=$((differ + 1)); echo "ident DIFFERS: $f"; }
    done
    echo "ident: $(find $S -name '*.json' -not -path '*/data/*' | wc -l) scenarios, $differ differ between 1 and 16 threads"
}
want speedpair && {
    for f in $(cd $S/corpus && find . -name '*.json' -not -path '*/data/*' | sed 's|^\./||; s|\.json$||' | sort); do
        for round in 1 2 3; do
            for v in base new; do
                taskset -c 2 $D/speed_$v --repeat 3 --filter "$f" $S/corpus | grep "M/s$" | grep "^$f " \
                    | awk -v v=$v '{ print v, $1, $(NF-1) }'
            done
        done
    done > "$OUT/speedpair.txt"
    awk '{ k = $2; if ($3 > best[$1 " " k]) best[$1 " " k] = $3; names[k] = 1 }
        END { for (k in names) printf "%-28s base %6.2f new %6.2f  %5.2fx\n", k, best["base " k], best["new " k],
            best["new " k] / best["base " k] }' "$OUT/speedpair.txt" | sort > "$OUT/speedpair_table.txt"
    cat "$OUT/speedpair_table.txt"
    for col in 3 5 6; do
        sort -k$col -n "$OUT/speedpair_table.txt" | awk -v c=$col '{ a[NR] = $c + 0 } END { printf "median of column %d: %.2f, lowest %.2f\n", c, a[int((NR + 1) / 2)], a[1] }'
    done
}
want cores && {
    # The loop on CPU $1.
    loop() { taskset -c "$1" awk 'BEGIN { s = 0; for (i = 0; i < 6e7; i++) s += i % 7; print s > "/dev/null" }'; }
    # Seconds until the loops started at once on CPUs "$@" all ended.
    together() {
        local s c
        s=$(date +%s.%N)
        for c in "$@"; do loop "$c" & done
        wait
        awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'
    }
    last=$(($(nproc) - 1))
    half=$((last < 7 ? last : 7))
    for round in 1 2; do
        # shellcheck disable=SC2046
        echo "cores round $round: alone on CPU 0 $(together 0) s, on CPU $last $(together $last) s;" \
            "CPUs 0 and 1 at once $(together 0 1) s, 0 and $last $(together 0 $last) s;" \
            "$((half + 1)) at once $(together $(seq 0 $half)) s; all $((last + 1)) at once $(together $(seq 0 $last)) s"
    done
}
