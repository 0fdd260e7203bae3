#!/usr/bin/env python3
"""Compares the H100's device printf lines (printf_coop_on_device.sh output) with warpscope's.

usage: compare_printf_coop.py H100_OUTPUT.txt WARPSCOPE_RUN.json
WARPSCOPE_RUN.json is `warpscope-cli run resources/scenarios/device_printf.json --json`. Lines are compared
per kernel as sorted lists: the order across threads is unspecified on both sides (simt/printf_log.h).
"""
import json
import sys


def h100_sections(path):
    sections, current = {}, None
    for line in open(path, encoding="utf-8"):
        if line.startswith("== "):
            current = line[3:].strip()
            sections[current] = []
        elif current is not None and current != "end printf":
            sections[current].append(line)
    return sections


def main():
    hardware = h100_sections(sys.argv[1])
    run = json.load(open(sys.argv[2], encoding="utf-8"))
    failures = 0
    for launch in run["launches"]:
        kernel = launch["kernel"]
        if kernel not in hardware:
            continue
        model = sorted(line["text"] for line in launch["printf"])
        measured = sorted(hardware[kernel])
        same = sum(1 for a, b in zip(model, measured) if a == b)
        print(f"{kernel}: {len(model)} lines modeled, {len(measured)} measured, {same} equal")
        for a, b in zip(model, measured):
            if a != b:
                failures += 1
                print(f"  model: {a!r}\n  H100:  {b!r}")
        failures += abs(len(model) - len(measured))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
