#!/usr/bin/env python3
"""Puts the model's cycles beside the H100's for the timing-rule probes (bench/hardware/timing_rules_probe.cu).

Reads the case list and Nsight Compute's sm__cycles_elapsed.max of each launch from
bench/hardware/h100/timing_rules/ (made by bench/hardware/timing_rules_on_device.sh), runs every case on the h100
profile with warpscope-cli (a scenario written from the case row: x, y and out of `count` zeroed floats, 65 536
zeroed words; one launch from cold caches, as ncu runs it) and prints a Markdown table:

    bench/hardware/compare_timing_rules.py build/bin/warpscope-cli [--only SUBSTRING] [--max-instructions N]

Cases whose H100 run executed more than --max-instructions warp instructions (ncu smsp__inst_executed.sum) are
left out, so a Debug build can run the rest quickly.
"""
import argparse
import csv
import json
import statistics
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "h100" / "timing_rules"


def read_ncu(path):
    rows = list(csv.DictReader(line for line in path.open() if line.startswith('"')))
    by_id = {}
    for row in rows:
        entry = by_id.setdefault(int(row["ID"]), {"kernel": row["Kernel Name"]})
        entry[row["Metric Name"]] = float(row["Metric Value"].replace(",", ""))
    return [by_id[k] for k in sorted(by_id)]


def scenario(case, folder):
    count = int(case["count"])
    path = Path(folder) / f"{case['kernel']}.json"
    module = HERE / ("polybench_kernels.cu" if case["kernel"].startswith("polybench") else "timing_rules_kernels.cu")
    path.write_text(json.dumps({
        "warpscope": 1, "name": case["label"], "module": str(module), "device": "h100",
        "params": {"n": int(case["n"]), "reps": int(case["reps"])},
        "buffers": {"x": {"type": "f32", "count": count, "init": "zero"},
                    "y": {"type": "f32", "count": count, "init": "zero"},
                    "out": {"type": "f32", "count": count, "init": "zero"},
                    "words": {"type": "u32", "count": 65536, "init": "zero"}},
        "steps": [{"launch": {"kernel": case["kernel"], "grid": [int(case["gx"]), int(case["gy"])],
                              "block": [int(case["bx"]), int(case["by"])],
                              "args": ["x", "y", "out", "words", "n", "reps"]}}, {"synchronize": {}}]}))
    return path


def model_launch(cli, case, folder):
    """The model's launch record, or the CLI's one-line error when it could not run the case."""
    command = [cli, "run", str(scenario(case, folder)), "--device", "h100", "--json"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit {result.returncode}"
    return json.loads(result.stdout)["launches"][0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli")
    parser.add_argument("--only", default="", help="run the cases whose label contains this")
    parser.add_argument("--max-instructions", type=float, default=float("inf"))
    args = parser.parse_args()
    cases = list(csv.DictReader((DATA / "timing_rules_cases.csv").open()))
    measured = read_ncu(DATA / "timing_rules_ncu.csv")
    if len(cases) != len(measured):
        raise SystemExit(f"{len(cases)} cases but {len(measured)} ncu launches")
    print("| case | H100 cycles | model cycles | error | H100 warp instructions (SASS) | model (PTX) |")
    print("|---|---|---|---|---|---|")
    errors = []
    with tempfile.TemporaryDirectory() as folder:
        for case, hw in zip(cases, measured):
            if args.only not in case["label"] or hw["smsp__inst_executed.sum"] > args.max_instructions:
                continue
            if case["kernel"] not in hw["kernel"]:
                raise SystemExit(f"{case['label']}: ncu names {hw['kernel']}")
            m = model_launch(args.cli, case, folder)
            cycles = hw["sm__cycles_elapsed.max"]
            if isinstance(m, str):
                print(f"| {case['label']} | {cycles:,.0f} | not run: {m.split(': ')[-1]} | | "
                      f"{hw['smsp__inst_executed.sum']:,.0f} | |", flush=True)
                continue
            error = m["cycles"] / cycles - 1
            errors.append((case["label"], error, cycles / hw["sm__cycles_elapsed.avg.per_second"] * 1e6))
            print(f"| {case['label']} | {cycles:,.0f} | {m['cycles']:,.0f} | {100 * error:+.1f} % | "
                  f"{hw['smsp__inst_executed.sum']:,.0f} | {m['warp_instructions']:,} |", flush=True)
    if errors:
        within = lambda limit, short: [e for _, e, us in errors if (us < 20) == short and abs(e) <= limit]
        short = [e for _, e, us in errors if us < 20]
        long = [e for _, e, us in errors if us >= 20]
        print(f"\n{len(errors)} cases; |error| median {100 * statistics.median(abs(e) for _, e, _ in errors):.1f} %; "
              f"launches of 20 us or more: {len(within(0.15, False))} of {len(long)} within 15 %; "
              f"shorter: {len(within(0.25, True))} of {len(short)} within 25 %")


if __name__ == "__main__":
    main()
