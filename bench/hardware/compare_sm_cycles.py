#!/usr/bin/env python3
"""Puts the timing model's kernel cycles beside the SM cycles Nsight Compute counted on a real H100.

Reads the ncu export of bench/hardware/sm_clock_on_device.sh (bench/hardware/h100/sm_clock/sm_cycles_ncu.csv:
sm__cycles_elapsed.max, the clock it ran at, gpu__time_duration), runs each launch on the h100 profile with
warpscope-cli (one launch from cold caches, as ncu leaves them) and prints a Markdown table of cycles, the
model's error, and the clock:

    bench/hardware/compare_sm_cycles.py build/bin/warpscope-cli [--every N]

Cycles leave out the launch overhead and the clock, so this compares the model's kernel time alone.
"""
import argparse
import statistics

from ncu_launches import ROOT, paired

NCU_CSV = ROOT / "bench" / "hardware" / "h100" / "sm_clock" / "sm_cycles_ncu.csv"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cli", nargs="?", default=str(ROOT / "build" / "bin" / "warpscope-cli"))
    parser.add_argument("--every", type=int, default=1, help="copies: only every N-th offset and stride")
    args = parser.parse_args()
    print("| launch | H100 cycles | model cycles | error | H100 clock (MHz) |")
    print("|---|---|---|---|---|")
    errors = []
    clocks = []
    every_nth = lambda value, label: "Copy" not in label or value % args.every == 0
    for label, hw, m in paired(args.cli, NCU_CSV, keep=every_nth):
        measured = hw["sm__cycles_elapsed.max"]
        mhz = hw["sm__cycles_elapsed.avg.per_second"] / 1e6
        error = m["cycles"] / measured - 1
        errors.append(abs(error))
        clocks.append(mhz)
        print(f"| {label} | {measured:,.0f} | {m['cycles']:,.0f} | {100 * error:+.1f} % | {mhz:.0f} |", flush=True)
    print(f"\n{len(errors)} launches; |error| median {100 * statistics.median(errors):.1f} %, "
          f"within 15 %: {sum(e <= 0.15 for e in errors)}; clock {min(clocks):.0f}-{max(clocks):.0f} MHz")


if __name__ == "__main__":
    main()
