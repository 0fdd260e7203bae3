#!/usr/bin/env python3
"""Compares Nsight Compute's roofline inputs on an H100 (bench/hardware/h100/roofline/, made by
roofline_on_device.sh) with `warpscope-cli roofline SCENARIO --device h100 --json`, launch by launch, and prints
the Markdown table of docs/roofline_h100.md.
usage: python3 bench/hardware/compare_roofline.py build/bin/warpscope-cli > table.md"""
import csv
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

root = Path(__file__).resolve().parents[2]
data = root / "bench/hardware/h100/roofline"
cli = sys.argv[1]


def ncu_launches():
    metrics = {}
    with open(data / "roofline_ncu.csv") as f:
        for row in csv.DictReader(f):
            value = row["Metric Value"].replace(",", "")
            metrics.setdefault(int(row["ID"]), {})[row["Metric Name"]] = float(value) if value else 0.0
    order = [line.strip().split(",") for line in open(data / "roofline_replay_launches.csv") if line.startswith("launch,")]
    return [(scenario, int(index), metrics[i]) for i, (_, scenario, index, _, _) in enumerate(order)]


def ncu_flops(m):
    def op(name):
        return m.get(f"sm__sass_thread_inst_executed_op_{name}_pred_on.sum", 0.0)
    return sum(2 * op(k + "fma") + op(k + "add") + op(k + "mul") for k in "fdh")


def model(scenario):
    path = next(root.glob(f"resources/scenarios/**/{scenario}.json"))
    out = subprocess.run([cli, "roofline", str(path), "--device", "h100", "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["devices"][0]["launches"]


def ratio(a, b):
    return f"{a:,.0f} / {b:,.0f}" + (f" ({(b - a) / a * 100:+.0f} %)" if a and abs(b - a) > 0.005 * a else "")


def main():
    print("| scenario | kernel | FLOPs (H100 / model) | DRAM bytes | L2 bytes | L1 bytes | time µs (H100 / model) "
          "| GFLOP/s | FLOP/B at DRAM |")
    print("|---|---|---|---|---|---|---|---|---|")
    measured = ncu_launches()
    scenarios = sorted({scenario for scenario, _, _ in measured})
    with ThreadPoolExecutor(max_workers=4) as pool:
        cache = dict(zip(scenarios, pool.map(model, scenarios)))
    for scenario, index, m in measured:
        launch = cache[scenario][index]
        points = {p["level"]: p for p in launch["points"]}
        flops = ncu_flops(m)
        seconds = m["gpu__time_duration.sum"] * 1e-9
        model_flops = launch["flops"]["total"]
        model_seconds = launch["kernel_seconds"] or 0.0
        dram = m.get("dram__bytes.sum", 0.0)
        mdram = points.get("dram", {}).get("bytes", 0)
        gflops = f"{flops / seconds / 1e9:.1f} / {model_flops / model_seconds / 1e9:.1f}" if flops and model_seconds else "–"
        ai = f"{flops / dram:.2f} / {model_flops / mdram:.2f}" if flops and dram and mdram else "–"
        print(f"| {scenario} #{index} | {launch['kernel']} | {ratio(flops, model_flops)} | {ratio(dram, mdram)} "
              f"| {ratio(m.get('lts__t_bytes.sum', 0.0), points.get('l2', {}).get('bytes', 0))} "
              f"| {ratio(m.get('l1tex__t_bytes.sum', 0.0), points.get('l1', {}).get('bytes', 0))} "
              f"| {seconds * 1e6:.1f} / {model_seconds * 1e6:.1f} | {gflops} | {ai} |")


main()
