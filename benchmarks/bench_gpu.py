"""GPU benchmark for the cuda backend (`make bench-gpu`): correctness first, then speed.

Needs CuPy and a CUDA GPU. It first checks that the cuda backend gives the CPU
backend's exact sums, and the CLI the same bytes, on Wordle's allowed guesses
against its answers; only then does it time:

- the score kernel alone (inputs already on the GPU), with CUDA events;
- `cuda.score()` as the CLI calls it (transfers, compilation cached);
- `wordle score --backend cuda ...` end to end, wall time of a fresh process;
- the same command with `--backend cpu`, the baseline of the same run, and
  the ratio of the two;

for strict 12972x12972, strict 12972x2315 and loose 12972x12972. GPU times
are medians of --repeat runs after warm-up (`cupyx.profiler.benchmark`), CLI
times medians of --repeat runs after one untimed run that fills the caches.
Nothing is asserted about speed; the table is the result.
"""

from __future__ import annotations

import argparse
import filecmp
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from common import pin_game, wordle_cmd

from wordle_cli import backends
from wordle_cli.encoding import Alphabet, clog2c_table

SETTINGS = pin_game()  # the 2022 lists, uniform: the figures these check and the docs quote

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ROOT / "wordlists" / "wordle-allowed.txt"
ANSWERS = ROOT / "wordlists" / "wordle-answers.txt"
LENGTH = 5


def main() -> int:
    args = parse_args()
    ok, device = backends.cuda_status()
    if not ok:
        print(f"bench-gpu: the cuda backend is not usable here: {device}", file=sys.stderr)
        return 1
    cuda, cpu = backends.load("cuda"), backends.load("cpu")
    check_variant_names(cuda, args.variant)
    allowed, answers = read_words(ALLOWED, args.limit), read_words(ANSWERS, args.limit)
    alphabet = Alphabet.of(allowed, answers)
    codes = {"allowed": alphabet.encode(allowed, LENGTH), "answers": alphabet.encode(answers, LENGTH)}
    print(f"device: {device}; {len(allowed)} allowed, {len(answers)} answers; {SETTINGS}")

    with tempfile.TemporaryDirectory() as tmp:
        files = {"allowed": Path(tmp, "allowed.txt"), "answers": Path(tmp, "answers.txt")}
        files["allowed"].write_text("\n".join(allowed) + "\n", encoding="utf-8")
        files["answers"].write_text("\n".join(answers) + "\n", encoding="utf-8")

        check_sums(cuda, cpu, codes["allowed"], codes["answers"])
        check_cli_bytes(files["allowed"], files["answers"], Path(tmp))

        cases = [("strict", "allowed"), ("strict", "answers"), ("loose", "allowed")]
        rows, variant_rows = [], []
        for rule, answer_list in cases:
            guesses, targets = codes["allowed"], codes[answer_list]
            label = f"{rule} {len(guesses)}x{len(targets)}"
            print(f"timing {label} ...", file=sys.stderr)
            want = cpu.score(guesses, targets, rule)
            kernel_ms = time_kernel(cuda, guesses, targets, rule, args.repeat, {}, want)
            score_ms = time_score(cuda, guesses, targets, rule, args.repeat)
            first_s, cli_s = time_cli("cuda", files["allowed"], files[answer_list], rule, Path(tmp), args.repeat)
            _, cpu_s = time_cli("cpu", files["allowed"], files[answer_list], rule, Path(tmp), args.repeat)
            rows.append((label, kernel_ms, score_ms, cli_s, first_s, cpu_s))
            for text, overrides in args.variant:
                ms = time_kernel(cuda, guesses, targets, rule, args.repeat, overrides, want)
                variant_rows.append((label, text, ms, kernel_ms))
    print_table(rows, args.repeat)
    if variant_rows:
        print_variants(variant_rows)
    return 0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (median; default 5)")
    parser.add_argument("--limit", type=int, default=None, help="use only the first N words of each list (smoke test)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME=VALUE[,NAME=VALUE...]",
        help="also time the score kernels built with these kernels.cu constants changed, checking their sums "
             "too; repeatable (e.g. STRICT_MIN_BLOCKS=2, or FLAT_THREADS=128,LOOSE_TILE=1024)",
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    try:
        args.variant = [(text, parse_variant(text)) for text in args.variant]
    except ValueError as exc:
        parser.error(str(exc))
    return args


def parse_variant(text: str) -> dict[str, int]:
    """`NAME=VALUE,...` into overrides of kernels.cu's constants (names checked once CuPy is loaded)."""
    overrides = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if not name.isidentifier() or not value.strip().isdigit():
            raise ValueError(f"--variant {text!r}: expected NAME=INTEGER[,NAME=INTEGER...]")
        overrides[name] = int(value)
    return overrides


def check_variant_names(cuda, variants: list[tuple[str, dict[str, int]]]) -> None:
    for text, overrides in variants:
        try:
            cuda.kernel_defines(LENGTH, overrides)
        except ValueError as exc:
            sys.exit(f"bench-gpu: --variant {text!r}: {exc}")


def read_words(path: Path, limit: int | None) -> list[str]:
    """The list's words in order, without blanks, comments or duplicates."""
    lines = (line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    words = list(dict.fromkeys(w for w in lines if w and not w.startswith("#")))
    return words[:limit]


# ---------------------------------------------------------------- correctness


def check_sums(cuda, cpu, guesses: np.ndarray, answers: np.ndarray) -> None:
    """The cuda backend's sums equal the CPU backend's exactly, floats to the last bit."""
    for rule in ("strict", "loose"):
        compare_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule), rule)
        print(f"correct: cuda == cpu for {rule} {len(guesses)}x{len(answers)}")


def compare_sums(got, want, what: str) -> None:
    """Exit, timing nothing, unless `got` equals `want` bit for bit."""
    for field in ("sum_n", "sum_n2", "max_n", "sum_clog2c"):
        a, b = getattr(got, field), getattr(want, field)
        if a.dtype != b.dtype or a.shape != b.shape:
            sys.exit(f"bench-gpu: MISMATCH {what} {field}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}")
        differ = np.flatnonzero(a.view(np.int64) != b.view(np.int64))  # bitwise, floats too
        if differ.size:
            sys.exit(f"bench-gpu: MISMATCH {what} {field} at {differ.size} guesses (first {differ[0]}); not timing")


def check_cli_bytes(allowed: Path, answers: Path, tmp: Path) -> None:
    """`wordle score` writes byte-identical CSV with either backend."""
    outs = {}
    for backend in ("cpu", "cuda"):
        outs[backend] = tmp / f"check-{backend}.csv"
        run_cli(backend, allowed, answers, outs[backend], "strict")
    if not filecmp.cmp(outs["cpu"], outs["cuda"], shallow=False):
        sys.exit("bench-gpu: MISMATCH: `wordle score` output differs between cpu and cuda")
    print("correct: wordle score output identical for cpu and cuda")


# ---------------------------------------------------------------- timing


def time_kernel(cuda, guesses, answers, rule: str, repeat: int, overrides: dict[str, int], want) -> float:
    """Median GPU time (ms) of one score kernel launch, inputs already on the device.

    Uses the backend's own helpers so the launch is exactly the one score()
    makes, with `overrides` of kernels.cu's constants (a variant) applied.
    The launch's sums must equal `want`, the CPU's, or nothing is reported.
    """
    import cupy as cp
    from cupyx.profiler import benchmark

    defines = cuda.kernel_defines(LENGTH, overrides)
    kernel = cuda._kernel(defines, f"score_{rule}")
    grid, block = cuda._score_geometry(rule, len(guesses), dict(defines))
    outs = [cp.zeros(len(guesses), dtype=t) for t in (np.int64, np.int64, np.int64, np.float64)]
    args = (
        cuda._to_device(guesses),
        np.int32(len(guesses)),
        cuda._to_device(answers),
        np.int32(len(answers)),
        cp.asarray(clog2c_table(len(answers))),
        *outs,
    )
    result = benchmark(kernel, (grid, block, args), n_repeat=repeat, n_warmup=3)
    got = cuda._sums(*(cp.asnumpy(x) for x in outs))  # every launch overwrites the sums
    compare_sums(got, want, f"{rule} {len(guesses)}x{len(answers)} {overrides or 'default'}")
    return float(np.median(result.gpu_times[0])) * 1e3


def time_score(cuda, guesses: np.ndarray, answers: np.ndarray, rule: str, repeat: int) -> float:
    """Median wall time (ms) of cuda.score(): upload, kernel, download (kernels already compiled)."""
    from cupyx.profiler import benchmark

    result = benchmark(cuda.score, (guesses, answers, rule), n_repeat=repeat, n_warmup=2)
    return float(np.median(result.cpu_times)) * 1e3


def time_cli(backend: str, allowed: Path, answers: Path, rule: str, tmp: Path, repeat: int) -> tuple[float, float]:
    """(first run, median of the next `repeat`) wall seconds of `wordle score --backend BACKEND`."""
    out = tmp / f"bench-{backend}-{rule}.csv"
    times = []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        run_cli(backend, allowed, answers, out, rule)
        times.append(time.perf_counter() - start)
    return times[0], statistics.median(times[1:])


def run_cli(backend: str, allowed: Path, answers: Path, out: Path, rule: str) -> None:
    cmd = [*wordle_cmd(), "score", "--backend", backend, "--rule", rule]
    cmd += [str(allowed), str(answers), str(out)]
    result = subprocess.run(cmd, check=False, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"bench-gpu: {' '.join(cmd)} failed ({result.returncode}):\n{result.stderr}")


def print_table(rows: list[tuple], repeat: int) -> None:
    header = ("case", "kernel ms", "score() ms", "cuda CLI s", "first run s", "cpu CLI s", "cpu/cuda")
    print(f"\nmedians of {repeat} runs after warm-up; CLI = `wordle score` end to end")
    print(f"{header[0]:<22}{header[1]:>11}{header[2]:>12}{header[3]:>12}{header[4]:>13}{header[5]:>11}{header[6]:>10}")
    for label, kernel_ms, score_ms, cli_s, first_s, cpu_s in rows:
        ratio = f"{cpu_s / cli_s:.1f}x"
        print(f"{label:<22}{kernel_ms:>11.2f}{score_ms:>12.2f}{cli_s:>12.3f}{first_s:>13.3f}{cpu_s:>11.3f}{ratio:>10}")


def print_variants(rows: list[tuple]) -> None:
    print("\nkernel variants (median GPU ms; ratio < 1 means faster than the default build)")
    print(f"{'case':<22}{'variant':<36}{'kernel ms':>11}{'vs default':>12}")
    for label, text, ms, default_ms in rows:
        print(f"{label:<22}{text:<36}{ms:>11.2f}{ms / default_ms:>12.2f}")


if __name__ == "__main__":
    sys.exit(main())
