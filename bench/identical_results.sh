#!/usr/bin/env bash
# Runs every bundled scenario on every bundled device through the timing model and writes one JSON file per
# (scenario, device) into OUT_DIR, so that a speed change can be checked for moving no modeled number:
#
#   bench/identical_results.sh build-before/bin/warpscope-cli /tmp/before
#   bench/identical_results.sh build-after/bin/warpscope-cli /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
#
# Scenarios whose launches are too large to time whole are run with --sample (the sampled path is the one
# sweeps take); the stream scenarios run as they are. A scenario a device cannot run (its block does not fit)
# records the CLI's error line instead, which must not change either.
set -uo pipefail
cli=${1:?usage: identical_results.sh WARPSCOPE_CLI OUT_DIR}
out=${2:?usage: identical_results.sh WARPSCOPE_CLI OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
devices=$("$cli" devices | awk 'NR > 1 { print $1 }')
count=0
while IFS= read -r scenario; do
    name=$(realpath --relative-to="$root/resources/scenarios" "$scenario" | tr '/' '_')
    for device in $devices; do
        "$cli" run "$scenario" --device "$device" --sample --json > "$out/${name%.json}.$device.json" 2>&1
        count=$((count + 1))
    done
done < <(find "$root/resources/scenarios" -name '*.json' | sort)
echo "$count runs written to $out"
