#!/usr/bin/env python3
"""Writes the Best Practices Guide's copy-and-execute scenarios (best-practices-guide-v8.0.txt §9.1.2) to
resources/scenarios/streams/: the sequential version and the staged concurrent version for nStreams 1, 2,
4, 8, 16, 32. A scenario has no loops, so the staged steps are generated here. Run from anywhere."""
import json
import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "resources" / "scenarios" / "streams"
N = "n"
BUFFERS = {"a": {"type": "f32", "count": N, "init": "zero"}}
HOST = {"a_h": {"type": "f32", "count": N, "pinned": True, "init": "iota"}}


def scenario(name, steps):
    return {
        "warpscope": 1,
        "name": name,
        "module": "../../kernels/staged_copy.cu",
        "device": "h100",
        "params": {"n": 16777216, "threads": 256},
        "buffers": BUFFERS,
        "host": HOST,
        "steps": steps + [{"synchronize": {}}],
    }


def sequential():
    return scenario("Sequential copy and execute (Best Practices Guide §9.1.2)", [
        {"memcpy": {"dst": "a", "src": "a_h", "bytes": "4 * n"}},
        {"launch": {"kernel": "kernel", "grid": ["n / threads"], "block": ["threads"], "args": ["a"]}},
    ])


def staged(streams):
    steps = []
    for i in range(streams):
        offset = f"{i} * (4 * n / {streams})"
        steps.append({"memcpy": {"dst": "a", "src": "a_h", "bytes": f"4 * n / {streams}", "dst_offset": offset,
                                 "src_offset": offset, "stream": i + 1, "async": True}})
        steps.append({"launch": {"kernel": "kernel", "grid": [f"n / (threads * {streams})"], "block": ["threads"],
                                 "stream": i + 1, "args": [{"buffer": "a", "offset": offset}]}})
    return scenario(f"Staged concurrent copy and execute, nStreams = {streams} (Best Practices Guide §9.1.2)", steps)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "sequential_copy_execute.json").write_text(json.dumps(sequential(), indent=2) + "\n")
    for streams in (1, 2, 4, 8, 16, 32):
        (OUT / f"staged_copy_execute_{streams:02d}.json").write_text(json.dumps(staged(streams), indent=2) + "\n")


if __name__ == "__main__":
    main()
