"""The launches of kernel_probe's "ncu" mode, an Nsight Compute CSV export of them, and the same launch on the
h100 profile (warpscope-cli run --json, one launch from cold caches, as ncu's default --cache-control all
leaves them). Shared by the compare_*.py scripts beside it.
"""
import csv
import json
import subprocess
from collections import OrderedDict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "resources" / "scenarios"

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


def read_ncu(path):
    lines = [line for line in Path(path).open() if not line.startswith("==")]
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


def paired(cli, ncu_csv, keep=lambda value, label: True):
    """(label, ncu counters, model launch) for the launches of the export that `keep` accepts (the offset
    or stride a copy sweeps, else 0; the label), in kernel_probe's order."""
    measured = read_ncu(ncu_csv)
    cases = launches()
    if len(measured) != len(cases):
        raise SystemExit(f"{ncu_csv}: {len(measured)} launches, expected {len(cases)}")
    for (scenario, kernel, params, label), hw in zip(cases, measured):
        if kernel and kernel not in hw["kernel"]:
            raise SystemExit(f"launch {label}: ncu names {hw['kernel']}")
        if not keep(list(params.values())[-1] if kernel else 0, label):
            continue
        yield label, hw, model(cli, scenario, params)
