#!/usr/bin/env python3
"""Compares the H100's half-precision outputs (half_precision_on_device.sh) with warpscope's, element by element.

usage: compare_half_precision.py H100_FOLDER WARPSCOPE_CLI
Runs `WARPSCOPE_CLI run resources/scenarios/half_precision.json --json --set throughput_blocks=264 --dump NAME=FILE`
for each buffer the
probe saved (H100_FOLDER/half_NAME.bin) and counts the elements whose bits are equal; then sets the model's
time of hfma2Throughput beside the H100's (half_times.csv: CUDA events; half_ncu.csv: ncu's duration).
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

ELEMENT_BYTES = {"h": 2, "h2": 2, "flags": 4, "b": 2, "acc": 2}


def ncu_durations_us(path):
    out = {}
    rows = [r for r in csv.reader(open(path, encoding="utf-8")) if len(r) > 14 and r[12] == "gpu__time_duration.sum"]
    for r in rows:
        out.setdefault(r[4].split("(")[0], float(r[14].replace(",", "")) / 1000.0)
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    folder, cli = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as scratch:
        # The probe launches hfma2Throughput on 264 blocks (two per H100 SM); the scenario's default is smaller.
        args = [cli, "run", "resources/scenarios/half_precision.json", "--json", "--set", "throughput_blocks=264"]
        for name in ELEMENT_BYTES:
            args += ["--dump", f"{name}={os.path.join(scratch, name)}"]
        report = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        failures = 0
        for name, size in ELEMENT_BYTES.items():
            measured = open(os.path.join(folder, f"half_{name}.bin"), "rb").read()
            modeled = open(os.path.join(scratch, name), "rb").read()
            count = len(measured) // size
            equal = sum(measured[i * size:(i + 1) * size] == modeled[i * size:(i + 1) * size] for i in range(count))
            failures += equal != count or len(modeled) != len(measured)
            print(f"{name}: {count} elements, {equal} bit-identical")
    ncu = ncu_durations_us(os.path.join(folder, "half_ncu.csv"))
    print("kernel | model µs | H100 ncu µs | model / H100")
    for launch in report["launches"]:
        kernel = launch["kernel"]
        model = launch["kernel_time_us"] if "kernel_time_us" in launch else launch["time_us"]
        if kernel in ncu:
            print(f"{kernel} | {model:.2f} | {ncu[kernel]:.2f} | {model / ncu[kernel]:.2f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
