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
import sys

from ncu_launches import ROOT, paired, ratio

NCU_CSV = ROOT / "bench" / "hardware" / "h100" / "cache_hits_ncu.csv"


def percent(value):
    return "—" if value is None else f"{100 * value:.1f} %"


def mib(value):
    return f"{value / (1 << 20):.1f}"


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build" / "bin" / "warpscope-cli")
    print("| launch | L1 hit (H100 / model) | L2 read hit (H100 / model) | DRAM read MiB (H100 / model) "
          "| DRAM written MiB (H100 / model) |")
    print("|---|---|---|---|---|")
    for label, hw, m in paired(cli, NCU_CSV):
        l1 = ratio(hw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum"],
                   hw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"])
        l2 = ratio(hw["lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum"], hw["lts__t_sectors_srcunit_tex_op_read.sum"])
        print(f"| {label} | {percent(l1)} / {percent(m.get('l1_hit_rate'))} | {percent(l2)} / "
              f"{percent(m.get('l2_hit_rate'))} | {mib(hw['dram__bytes_read.sum'])} / {mib(m['dram_bytes_read'])} | "
              f"{mib(hw['dram__bytes_write.sum'])} / {mib(m['dram_bytes_write'])} |", flush=True)


if __name__ == "__main__":
    main()
