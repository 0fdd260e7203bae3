#!/usr/bin/env python3
"""Puts the model's cycles beside an H100's for the public-kernel suite (bench/hardware/public_suite.txt).

The suite's scenarios were replayed on the H100 under Nsight Compute (scenario_manifest, then
public_suite_on_device.sh; data in bench/hardware/h100/public_suite/). This runs each line of the suite on the h100
profile with warpscope-cli (the same parameters) and compares every launch's cycles with ncu's
sm__cycles_elapsed.max, then prints a Markdown table per scenario and a summary:

    bench/hardware/compare_public_suite.py build-release/bin/warpscope-cli [--only SUBSTRING] [--launches] [--cold]
    bench/hardware/compare_public_suite.py build-release/bin/warpscope-cli --counters

--counters compares the memory counters instead (the counter run, as ncu counts them), one row per counter.

The H100's cycles are those measured with --cache-control none (warm_cycles_ncu.csv): a launch finds in the L2
what the launches before it left, as the model's launches of one scenario do. --cold compares with the counter
run instead, where ncu flushed the caches before every launch. Launches of 20 us or more on the H100 are "long".
"""
import argparse
import csv
import json
import statistics
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DATA = HERE / "h100" / "public_suite"


def suite_lines():
    for line in (HERE / "public_suite.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        path, _, overrides = line.partition(":")
        sets = [item for item in overrides.split(",") if item]
        name = Path(path).stem + (f".{overrides}" if overrides else "")
        yield name, ROOT / path, sets


def measured_launches(cycles_file):
    """Per replay directory, its launches' ncu metrics in launch order."""
    launches = []
    for line in (DATA / "replay_launches.csv").read_text().splitlines():
        fields = line.split(",")
        if fields[0] == "launch" and fields[-1] == "ok":
            launches.append((",".join(fields[1:-3]), int(fields[-3]), fields[-2]))
    rows = list(csv.DictReader(line for line in (DATA / cycles_file).open() if line.startswith('"')))
    by_id = {}
    for row in rows:
        entry = by_id.setdefault(int(row["ID"]), {"kernel": row["Kernel Name"]})
        entry[row["Metric Name"]] = float(row["Metric Value"].replace(",", ""))
    metrics = [by_id[k] for k in sorted(by_id)]
    if len(metrics) != len(launches):
        raise SystemExit(f"{len(launches)} replayed launches but {len(metrics)} ncu launches")
    per_dir = {}
    for (name, index, kernel), m in zip(launches, metrics):
        per_dir.setdefault(name, []).append(m)
    return per_dir


def model_launches(cli, scenario, sets):
    command = [cli, "run", str(scenario), "--device", "h100", "--json"]
    for item in sets:
        command += ["--set", item]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit {result.returncode}"
    return json.loads(result.stdout)["launches"]


# The model's launch keys and the Nsight Compute metrics that count the same.
COUNTERS = [
    ("global_load_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
    ("global_load_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
    ("global_store_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
    ("global_store_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
    ("shared_load_requests", "smsp__inst_executed_op_shared_ld.sum"),
    ("shared_load_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    ("shared_store_requests", "smsp__inst_executed_op_shared_st.sum"),
    ("shared_store_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
]


def compare_counters(cli, only):
    measured = measured_launches("replay_counters_ncu.csv")
    pairs = {key: [] for key, _ in COUNTERS}  # (name, model, H100)
    for name, scenario, sets in suite_lines():
        if only not in name:
            continue
        model = model_launches(cli, scenario, sets)
        hw = measured.get(name, [])
        if isinstance(model, str) or len(model) != len(hw):
            continue
        for index, (h, m) in enumerate(zip(hw, model)):
            for key, metric in COUNTERS:
                pairs[key].append((f"{name} #{index} {m['kernel']}", m[key], h[metric]))
    print("| counter | launches counting it | equal | within 5 % | model (sum) | H100 (sum) | furthest |")
    print("|---|---|---|---|---|---|---|")
    for key, metric in COUNTERS:
        rows = [(n, m, h) for n, m, h in pairs[key] if m or h]
        if not rows:
            continue
        equal = sum(m == h for _, m, h in rows)
        close = sum(abs(m - h) <= 0.05 * max(m, h) for _, m, h in rows)
        far = max(rows, key=lambda r: abs(r[1] - r[2]) / max(r[1], r[2]))
        furthest = f"{far[0]}: {far[1]:,.0f} against {far[2]:,.0f}" if far[1] != far[2] else "none differs"
        print(f"| {key} (`{metric}`) | {len(rows)} | {equal} | {close} | {sum(m for _, m, _ in rows):,.0f} | "
              f"{sum(h for _, _, h in rows):,.0f} | {furthest} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--only", default="", help="run the suite lines whose name contains this")
    parser.add_argument("--launches", action="store_true", help="print every launch, not one row per scenario")
    parser.add_argument("--cold", action="store_true", help="compare with launches measured from cold caches")
    parser.add_argument("--counters", action="store_true", help="compare the memory counters, not the cycles")
    args = parser.parse_args()
    if args.counters:
        compare_counters(args.cli, args.only)
        return
    measured = measured_launches("replay_counters_ncu.csv" if args.cold else "warm_cycles_ncu.csv")
    errors = []  # (name, error, microseconds)
    print("| scenario | launches | H100 cycles (sum) | model cycles (sum) | error of the sum | "
          "median launch error | worst launch error |")
    print("|---|---|---|---|---|---|---|")
    for name, scenario, sets in suite_lines():
        if args.only not in name:
            continue
        hw = measured.get(name, [])
        model = model_launches(args.cli, scenario, sets)
        if isinstance(model, str):
            print(f"| {name} | {len(hw)} | {sum(m['sm__cycles_elapsed.max'] for m in hw):,.0f} | not run: {model} | | | |")
            continue
        if len(model) != len(hw):
            print(f"| {name} | {len(hw)} | | the model ran {len(model)} launches | | | |")
            continue
        mine = []
        for index, (h, m) in enumerate(zip(hw, model)):
            cycles = h["sm__cycles_elapsed.max"]
            error = m["cycles"] / cycles - 1
            micros = cycles / h["sm__cycles_elapsed.avg.per_second"] * 1e6
            mine.append(error)
            errors.append((f"{name} #{index}", error, micros))
            if args.launches:
                print(f"| {name} #{index} {m['kernel']} | 1 | {cycles:,.0f} | {m['cycles']:,} | {100 * error:+.1f} % | "
                      f"{micros:.1f} us | |")
        hw_sum = sum(h["sm__cycles_elapsed.max"] for h in hw)
        model_sum = sum(m["cycles"] for m in model)
        worst = max(mine, key=abs)
        print(f"| {name} | {len(hw)} | {hw_sum:,.0f} | {model_sum:,} | {100 * (model_sum / hw_sum - 1):+.1f} % | "
              f"{100 * statistics.median(abs(e) for e in mine):.1f} % | {100 * worst:+.1f} % |", flush=True)
    if errors:
        long = [e for _, e, us in errors if us >= 20]
        short = [e for _, e, us in errors if us < 20]
        absolute = [abs(e) for _, e, _ in errors]
        worst = max(errors, key=lambda item: abs(item[1]))
        print(f"\n{len(errors)} launches; |error| median {100 * statistics.median(absolute):.1f} %, worst "
              f"{100 * worst[1]:+.1f} % ({worst[0]}); launches of 20 us or more: "
              f"{sum(abs(e) <= 0.15 for e in long)} of {len(long)} within 15 %; shorter: "
              f"{sum(abs(e) <= 0.25 for e in short)} of {len(short)} within 25 %")


if __name__ == "__main__":
    main()
