"""Compare the cuda backend, run by the emulator, with the cpu backend.

Run with tests/gpu_emulator first on PYTHONPATH, so that `import cupy` finds
the emulator (tests/test_cuda_emulated.py does). Reads a JSON list of cases
on stdin and writes {case id: result} as JSON on stdout. A case is

    {"id": ..., "op": "score" | "feedback_codes" | "feedback_table" | "consistent",
     "rule": "strict" | "loose" (score, consistent), "length": L,
     "guesses": G, "words": N, "symbols": S, "first_code": C (default 1),
     "seed": ..., "config": {tunable of wordle_cli.config: value}}

with random words of L symbols drawn from the S codes C, C+1, ... A result is
{"ok": bool, "detail": why not, "launches": [[kernel, grid, block], ...]}.
Results are equal only when they are bit for bit: same dtype, shape and bytes.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

import cupy
import numpy as np

from wordle_cli import backends, config

EMULATOR_DIR = Path(__file__).resolve().parent
SCORE_FIELDS = ("sum_n", "sum_n2", "max_n", "sum_clog2c")
TUNABLES = ("CUDA_BLOCK_GUESSES", "CUDA_BLOCK_ANSWERS", "CUDA_FLAT_THREADS", "CUDA_LOOSE_TILE", "CUDA_SHARED_BYTES")


def main() -> int:
    if Path(cupy.__file__).resolve().parent.parent != EMULATOR_DIR:
        sys.exit(f"run_cases: `import cupy` found {cupy.__file__}, not the emulator; put {EMULATOR_DIR} first on PYTHONPATH")
    ok, device = backends.cuda_status()
    if not ok:
        sys.exit(f"run_cases: the cuda backend is unavailable under the emulator: {device}")
    cuda, cpu = backends.load("cuda"), backends.load("cpu")
    defaults = {name: getattr(config, name) for name in TUNABLES}
    results = {}
    for case in json.load(sys.stdin):
        unknown = set(case.get("config", {})) - set(TUNABLES)
        if unknown:
            sys.exit(f"run_cases: {case['id']}: unknown tunables {sorted(unknown)}")
        for name, value in {**defaults, **case.get("config", {})}.items():
            setattr(config, name, value)
        cupy.LAUNCHES.clear()
        try:
            detail = run(case, cuda, cpu)
        except Exception:  # noqa: BLE001 (any failure is the case's result)
            detail = traceback.format_exc()
        results[case["id"]] = {"ok": detail is None, "detail": detail, "launches": cupy.LAUNCHES[:]}
    json.dump(results, sys.stdout)
    return 0


def run(case: dict, cuda, cpu) -> str | None:
    """None when cuda and cpu agree on the case, else what differs."""
    rng = np.random.default_rng(case["seed"])
    length, first, symbols = case["length"], case.get("first_code", 1), case["symbols"]

    def words(n: int) -> np.ndarray:
        return rng.integers(first, first + symbols, size=(n, length)).astype(np.uint8)

    guesses, targets = words(case["guesses"]), words(case["words"])
    op = case["op"]
    if op == "score":
        got, want = cuda.score(guesses, targets, case["rule"]), cpu.score(guesses, targets, case["rule"])
        return differences({f: (getattr(got, f), getattr(want, f)) for f in SCORE_FIELDS})
    if op == "feedback_codes":
        return differences({f"guess {i}": (cuda.feedback_codes(g, targets), cpu.feedback_codes(g, targets)) for i, g in enumerate(guesses)})
    if op == "feedback_table":
        return differences({"table": (cuda.feedback_table(guesses, targets), cpu.feedback_table(guesses, targets))})
    if op == "consistent":
        pairs = {}
        for i, guess in enumerate(guesses):
            # Tiles some word really gets (a non-empty result) and random tiles.
            real = int(cpu.feedback_codes(guess, targets[i % len(targets)][np.newaxis, :])[0])
            real_tiles = np.array([real // 3 ** (length - 1 - j) % 3 for j in range(length)], dtype=np.uint8)
            for label, tiles in (("real", real_tiles), ("random", rng.integers(0, 3, size=length).astype(np.uint8))):
                rule = case["rule"]
                pairs[f"guess {i} {label} tiles"] = (cuda.consistent(guess, tiles, targets, rule), cpu.consistent(guess, tiles, targets, rule))
        return differences(pairs)
    raise ValueError(f"unknown op {op!r}")


def differences(pairs: dict[str, tuple[np.ndarray, np.ndarray]]) -> str | None:
    """What differs between the (cuda, cpu) arrays, bit for bit; None if nothing."""
    problems = []
    for name, (got, want) in pairs.items():
        if got.dtype != want.dtype or got.shape != want.shape:
            problems.append(f"{name}: cuda {got.dtype}{got.shape}, cpu {want.dtype}{want.shape}")
        else:
            bits = f"u{got.itemsize}"  # compare floats by their bits
            differ = np.flatnonzero(got.view(bits) != want.view(bits))
            if differ.size:
                i = differ[0]
                problems.append(f"{name}: {differ.size} differ, first [{i}]: cuda {got[i]!r}, cpu {want[i]!r}")
    return "; ".join(problems) or None


if __name__ == "__main__":
    sys.exit(main())
