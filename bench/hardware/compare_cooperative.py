#!/usr/bin/env python3
"""Compares the H100's cooperative-groups results (printf_coop_on_device.sh output) with warpscope's.

usage: compare_cooperative.py H100_OUTPUT.txt WARPSCOPE_CLI
Runs `WARPSCOPE_CLI run resources/scenarios/cooperative_reduce.json --functional --dump NAME=FILE` for the
buffers the probe prints (sum32, sum64, total, partial, lanes) and compares them value for value.
"""
import os
import struct
import subprocess
import sys
import tempfile

BUFFERS = {"tile32Reduce": ("sum32", "i"), "tile64Reduce": ("sum64", "i"), "gridReduce": ("total", "i"),
           "gridReduce_partial": ("partial", "i"), "warpIntrinsics": ("lanes", "I")}


def h100_values(path):
    values = {}
    for line in open(path, encoding="utf-8"):
        key, _, rest = line.strip().partition(",")
        if key in BUFFERS and rest:
            values[key] = [int(v) for v in rest.split(",")]
    return values


def modeled_values(cli, folder):
    args = [cli, "run", "resources/scenarios/cooperative_reduce.json", "--functional"]
    for key, (buffer, _) in BUFFERS.items():
        args += ["--dump", f"{buffer}={os.path.join(folder, buffer)}"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    out = {}
    for key, (buffer, fmt) in BUFFERS.items():
        data = open(os.path.join(folder, buffer), "rb").read()
        out[key] = list(struct.unpack(f"<{len(data) // 4}{fmt}", data))
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    measured = h100_values(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        modeled = modeled_values(sys.argv[2], folder)
    failures = 0
    for key in BUFFERS:
        m, h = modeled[key], measured.get(key, [])
        equal = sum(1 for a, b in zip(m, h) if a == b)
        failures += equal != len(h) or len(m) != len(h)
        print(f"{key}: {len(m)} values modeled, {len(h)} measured, {equal} equal")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
