#!/usr/bin/env bash
# DRAM bytes written during launches that write and then wait (dirty_age_probe.cu; docs/latency_h100.md).
# Used through the device tool:  bash bench/hardware/dirty_age_on_device.sh wait|count
#   (writes $OUT/dirty_age_<mode>_ncu.csv and prints the table)
set -euo pipefail
source "$(dirname "$0")/device_env.sh"
"$nvcc" -O3 -arch=sm_${arch} -o "$build/dirty_age_probe" "$here/dirty_age_probe.cu"
mode=${1:-wait}
"$build/dirty_age_probe" "$mode" > "$out/dirty_age_${mode}_launches.csv"
"$ncu" --clock-control none --csv --print-units base \
    --metrics dram__bytes_write.sum,dram__bytes_read.sum,gpu__time_duration.sum,lts__t_sectors_op_write.sum \
    "$build/dirty_age_probe" "$mode" > "$out/dirty_age_${mode}_ncu.csv" 2> "$out/dirty_age_stderr.txt" || echo "ncu failed"
python3 - "$out/dirty_age_${mode}_launches.csv" "$out/dirty_age_${mode}_ncu.csv" > "$out/dirty_age_${mode}_table.csv" <<'PY'
import csv, sys
launches = [l.strip().split(",")[1:] for l in open(sys.argv[1]) if l.startswith("launch")]
rows = [r for r in csv.reader(l for l in open(sys.argv[2]) if l.startswith('"'))]
by_id = {}
for r in rows[1:]:
    by_id.setdefault(int(r[0]), {})[r[12]] = float(r[14].replace(",", ""))
print("stride,n,wait_us,duration_us,dram_write_mib,dram_read_mib,l2_write_sectors")
for (stride, n, wait), i in zip(launches, sorted(by_id)):
    m = by_id[i]
    print(f"{stride},{n},{wait},{m['gpu__time_duration.sum']/1000:.1f},{m['dram__bytes_write.sum']/2**20:.2f},"
          f"{m['dram__bytes_read.sum']/2**20:.2f},{m.get('lts__t_sectors_op_write.sum', 0):.0f}")
PY
cat "$out/dirty_age_${mode}_table.csv"
