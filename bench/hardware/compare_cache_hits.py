#!/usr/bin/env python3
"""Puts the timing model's L1 and L2 sector hit rates and DRAM bytes beside Nsight Compute's on a real H100.

Reads the ncu export of bench/hardware/cache_hits_on_device.sh (bench/hardware/h100/cache_hits_ncu.csv), runs
each of its launches on the h100 profile with warpscope-cli (same kernel, same size, one launch from cold
caches, as ncu's default --cache-control all leaves them) and prints a Markdown table:

    bench/hardware/compare_cache_hits.py build/bin/warpscope-cli > docs/cache_hits_h100.md

The rates are the ones the model reports (run --json l1_hit_rate, l2_hit_rate): L1 = global-load sectors
that hit ÷ global-load sectors looked up (l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit ÷
..._op_ld); L2 = read sectors from the SMs that hit ÷ read sectors (lts__t_sectors_srcunit_tex_op_read_lookup_hit
÷ ..._op_read).
"""
import csv
import json
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "resources" / "scenarios"
NCU_CSV = ROOT / "bench" / "hardware" / "h100" / "cache_hits_ncu.csv"

# kernel_probe's "ncu" order (bench/hardware/kernel_probe.cu): offsets 0-32 at 16 M, strides 1-32 at 1 M, then
# the six matrix kernels at M = 1024.
MATRIX = ["ab_simple_multiply", "ab_coalesced_multiply", "ab_shared_ab_multiply", "aat_simple_multiply",
          "aat_coalesced_multiply", "aat_padded_multiply"]


def launches():
    cases = [("offset_copy.json", "offsetCopy", {"n": 16 << 20, "offset": o}, f"offsetCopy offset {o}")
             for o in range(33)]
    cases += [("stride_copy.json", "strideCopy", {"n": 1 << 20, "stride": s}, f"strideCopy stride {s}")
              for s in range(1, 33)]
    cases += [(f"matrix/{m}.json", None, {"m": 1024}, f"{m} M=1024") for m in MATRIX]
    return cases


def read_ncu():
    lines = [line for line in NCU_CSV.open() if not line.startswith("==")]
    rows = list(csv.DictReader(lines))
    by_id = OrderedDict()
    for row in rows:
        entry = by_id.setdefault(int(row["ID"]), {"kernel": row["Kernel Name"]})
        entry[row["Metric Name"]] = float(row["Metric Value"].replace(",", ""))
    return list(by_id.values())


def ratio(hit, total):
    return hit / total if total else None


def model(cli, scenario, params):
    command = [cli, "run", str(SCENARIOS / scenario), "--device", "h100", "--json"]
    for name, value in params.items():
        command += ["--set", f"{name}={value}"]
    launch = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)["launches"][0]
    return launch


def percent(value):
    return "—" if value is None else f"{100 * value:.1f} %"


def mib(value):
    return f"{value / (1 << 20):.1f}"


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build" / "bin" / "warpscope-cli")
    measured = read_ncu()
    cases = launches()
    if len(measured) != len(cases):
        sys.exit(f"{NCU_CSV}: {len(measured)} launches, expected {len(cases)}")
    print("| launch | L1 hit (H100 / model) | L2 read hit (H100 / model) | DRAM read MiB (H100 / model) "
          "| DRAM written MiB (H100 / model) |")
    print("|---|---|---|---|---|")
    for (scenario, kernel, params, label), hw in zip(cases, measured):
        if kernel and kernel not in hw["kernel"]:
            sys.exit(f"launch {label}: ncu names {hw['kernel']}")
        m = model(cli, scenario, params)
        l1 = ratio(hw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"],
                   hw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"])
        l2 = ratio(hw["lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum"], hw["lts__t_sectors_srcunit_tex_op_read.sum"])
        print(f"| {label} | {percent(l1)} / {percent(m.get('l1_hit_rate'))} | {percent(l2)} / "
              f"{percent(m.get('l2_hit_rate'))} | {mib(hw['dram__bytes_read.sum'])} / {mib(m['dram_bytes_read'])} | "
              f"{mib(hw['dram__bytes_write.sum'])} / {mib(m['dram_bytes_write'])} |", flush=True)


if __name__ == "__main__":
    main()
