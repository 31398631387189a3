"""The CUDA backend, run on the CPU by tests/gpu_emulator, equals the CPU backend.

No GPU needed, only g++: the emulator stands in for CuPy and compiles the
real kernels.cu (see tests/gpu_emulator/README.md). Everything runs in
subprocesses with the emulator on PYTHONPATH, so the stand-in `cupy` never
enters this process, where `cuda_status()` must keep finding no GPU.

The cases are small random lists, seeded: word lengths 1, 3, 5, 6 and 8, few
symbols (many repeated letters), codes up to 255, sizes that are not
multiples of the block size, and the default and shrunk launch geometries,
so that every kernel runs several blocks, score_loose several tiles and
rounds, and score_strict several thread rows per guess.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EMULATOR = ROOT / "tests" / "gpu_emulator"
TIMEOUT_S = 300  # a kernel that deadlocks on a barrier hangs the emulator

pytestmark = [
    pytest.mark.emulated,
    pytest.mark.xdist_group("gpu-emulator"),  # one worker builds the emulated kernels once
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the emulator uses Linux futexes"),
]

LENGTHS = (1, 3, 5, 6, 8)
RULES = ("strict", "loose")
SMALL = {"CUDA_BLOCK_GUESSES": 4, "CUDA_BLOCK_ANSWERS": 8, "CUDA_FLAT_THREADS": 32, "CUDA_LOOSE_TILE": 24}


def _cases() -> list[dict]:
    cases = []

    def add(id_, op, length, guesses, words, symbols, *, rule=None, config=None, first_code=1, blocks=True):
        """`blocks`: some launch of the case runs more than one block."""
        cases.append({
            "id": id_, "op": op, "rule": rule, "length": length, "guesses": guesses, "words": words,
            "symbols": symbols, "first_code": first_code, "config": config or {}, "seed": len(cases) + 1,
            "several_blocks": blocks,
        })

    for rule in RULES:
        for length in LENGTHS:
            # Default geometry: at L = 8 a strict block holds one guess, so G = 5 makes 5 blocks.
            add(f"score-{rule}-L{length}", "score", length, 5 if length == 8 else 37, 300, 2 + length, rule=rule)
            add(f"score-{rule}-L{length}-small", "score", length, 21, 211, 4 + length, rule=rule, config=SMALL)
        add(f"score-{rule}-L5-two-tiles", "score", 5, 33, 700, 9, rule=rule)
        add(f"score-{rule}-L5-two-symbols", "score", 5, 15, 120, 2, rule=rule, config=SMALL)
        add(f"score-{rule}-L8-three-symbols", "score", 8, 9, 150, 3, rule=rule, config=SMALL)
        add(f"score-{rule}-L6-codes-244-255", "score", 6, 20, 333, 12, rule=rule, first_code=244)
        for guesses, answers in ((1, 1), (33, 1), (1, 33), (65, 64), (0, 10)):
            several = guesses > 32
            add(f"score-{rule}-L5-{guesses}x{answers}", "score", 5, guesses, answers, 10, rule=rule, blocks=several)
    # Histograms limited to 2 KiB: two guesses per strict block, two thread rows per guess.
    rows = {**SMALL, "CUDA_SHARED_BYTES": 2048}
    add("score-strict-L5-rows", "score", 5, 9, 150, 7, rule="strict", config=rows)
    for length in LENGTHS:
        add(f"feedback-L{length}", "feedback_codes", length, 3, 600, 2 + 3 * length)
        add(f"feedback-L{length}-small", "feedback_codes", length, 2, 211, 2 + 3 * length, config=SMALL)
        for rule in RULES:
            add(f"consistent-{rule}-L{length}", "consistent", length, 3, 500, 2 + 2 * length, rule=rule)
    for rule in RULES:
        add(f"consistent-{rule}-L5-small", "consistent", 5, 4, 211, 6, rule=rule, config=SMALL)
    add("feedback-L5-no-words", "feedback_codes", 5, 1, 0, 5, blocks=False)
    for length in (1, 5, 6):  # uint8 codes up to L = 5, uint16 from L = 6
        add(f"feedback-table-L{length}", "feedback_table", length, 4, 300, 2 + 3 * length)
    add("feedback-table-L5-no-words", "feedback_table", 5, 3, 0, 5, blocks=False)
    return cases


CASES = _cases()
# Tails, many blocks, several rows per guess: where an index can step out of bounds.
SANITIZED_CASES = [c for c in CASES if re.search(r"-small$|-rows$|-\d+x\d+$", c["id"])]


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "WORDLE_BACKEND"}
    env["PYTHONPATH"] = os.pathsep.join([str(EMULATOR), str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env["WORDLE_GPU_EMULATOR_CACHE"] = str(cache)  # build output stays out of the source tree
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def emulator_env(tmp_path_factory) -> dict[str, str]:
    return _env(tmp_path_factory.mktemp("gpu-emulator-cache"))


def _run_cases(cases: list[dict], env: dict[str, str]) -> dict:
    """Each case's result, from one run of tests/gpu_emulator/run_cases.py in `env`."""
    proc = subprocess.run(
        [sys.executable, str(EMULATOR / "run_cases.py")],
        input=json.dumps(cases), env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=TIMEOUT_S, check=False,
    )
    flags = env.get("WORDLE_GPU_EMULATOR_CXXFLAGS", "")
    assert proc.returncode == 0, f"run_cases.py {flags} failed ({proc.returncode}):\n{proc.stderr[-4000:]}"
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def results(emulator_env) -> dict:
    """Every case's result, from one run of the emulator."""
    return _run_cases(CASES, emulator_env)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_cuda_equals_cpu(results, case):
    result = results[case["id"]]
    assert result["ok"], result["detail"]
    if case["several_blocks"]:
        assert any(grid[0] > 1 for _, grid, _ in result["launches"]), result["launches"]


def _sanitizer_runtime() -> list[str] | None:
    """g++'s AddressSanitizer and UBSan libraries, to preload into Python, or None."""
    names = ("libasan.so", "libubsan.so")
    paths = [subprocess.run(["g++", f"-print-file-name={n}"], capture_output=True, text=True, check=False).stdout.strip()
             for n in names]
    return paths if all(os.path.isabs(p) and os.path.exists(p) for p in paths) else None


@pytest.fixture(scope="module")
def sanitized_results(tmp_path_factory) -> dict:
    """SANITIZED_CASES run with kernels.cu built with -fsanitize=address,undefined."""
    runtime = _sanitizer_runtime()
    if runtime is None:
        pytest.skip("g++ has no AddressSanitizer/UBSan runtime")
    env = _env(tmp_path_factory.mktemp("gpu-emulator-asan-cache"))
    env["WORDLE_GPU_EMULATOR_CXXFLAGS"] = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    env["LD_PRELOAD"] = ":".join(runtime)  # the kernels' library is loaded into Python by ctypes
    env["ASAN_OPTIONS"] = "detect_leaks=0"  # Python and numba keep memory until exit by design
    return _run_cases(SANITIZED_CASES, env)


def test_kernels_stay_in_bounds_under_sanitizers(sanitized_results):
    """No out-of-bounds access or undefined behaviour in the kernels or the launch arguments.

    The plain emulator sees only wrong results; a write one past an output
    array leaves every result right and is caught only here.
    """
    assert len(SANITIZED_CASES) >= 20
    assert set(sanitized_results) == {c["id"] for c in SANITIZED_CASES}
    wrong = {name: r["detail"] for name, r in sanitized_results.items() if not r["ok"]}
    assert not wrong


def test_stand_in_stays_out_of_this_process(results):
    cupy = sys.modules.get("cupy")
    assert cupy is None or EMULATOR not in Path(cupy.__file__).resolve().parents


def test_small_geometry_is_used(results):
    """The shrunk tunables reach the launches (else the small cases test nothing new)."""
    launches = results["score-loose-L5-small"]["launches"] + results["score-strict-L5-small"]["launches"]
    assert {tuple(block) for _, _, block in launches} == {(32, 1, 1), (8, 4, 1)}


@pytest.mark.parametrize("rule", RULES)
def test_cli_score_same_bytes(tmp_path, emulator_env, rule):
    """`wordle score --backend cuda` writes the CSV that `--backend cpu` writes, byte for byte."""
    rng = random.Random(7)
    words = sorted({"".join(rng.choice("abcdeilnorst") for _ in range(5)) for _ in range(120)})
    (tmp_path / "allowed.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "answers.txt").write_text("\n".join(words[::3]) + "\n", encoding="utf-8")
    out = {}
    for backend in ("cuda", "cpu"):
        out[backend] = tmp_path / f"{backend}.csv"
        cmd = [sys.executable, "-m", "wordle_cli", "score", "--backend", backend, "--rule", rule,
               "allowed.txt", "answers.txt", out[backend].name]
        proc = subprocess.run(cmd, env=emulator_env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)
        assert proc.returncode == 0, proc.stderr
        assert f"on {backend} in" in proc.stderr  # the backend that really ran
    assert out["cuda"].read_bytes() == out["cpu"].read_bytes()


def test_cli_infer_same_output(tmp_path, emulator_env):
    """`wordle infer --backend cuda` (the emulated GPU makes the feedback table) prints what `--backend cpu` prints."""
    import naive

    rng = random.Random(11)
    words = sorted({"".join(rng.choice("abcdeilnorst") for _ in range(5)) for _ in range(60)})
    answers = words[::4]
    (tmp_path / "allowed.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n", encoding="utf-8")
    posts = []
    for _ in range(8):
        rows = [naive.feedback(rng.choice(words), answers[3]) for _ in range(2)] + [(2,) * 5]
        posts.append("Wordle 9 3/6\n" + "\n".join("".join("⬛🟨🟩"[t] for t in row) for row in rows) + "\n")
    (tmp_path / "posts.txt").write_text("\n".join(posts), encoding="utf-8")
    out = {}
    for backend in ("cuda", "cpu"):
        cmd = [sys.executable, "-m", "wordle_cli", "infer", "--backend", backend, "--top", "0", "--json",
               "--allowed", "allowed.txt", "--answers", "answers.txt", "posts.txt"]
        proc = subprocess.run(cmd, env=emulator_env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)
        assert proc.returncode == 0, proc.stderr
        assert f"; {backend} backend" in proc.stderr  # the backend that really ran
        out[backend] = proc.stdout
    assert out["cuda"] == out["cpu"]
    assert json.loads(out["cpu"])["verdict"]["answer"] == answers[3]


def test_bench_gpu_runs_through(emulator_env):
    """`make bench-gpu` gets through its checks and prints its tables (a smoke test: device time is scarce)."""
    cmd = [sys.executable, str(ROOT / "benchmarks" / "bench_gpu.py"), "--limit", "30", "--repeat", "1",
           "--variant", "STRICT_MIN_BLOCKS=2,FLAT_THREADS=64,LOOSE_TILE=16"]  # one variant: each is a compile
    proc = subprocess.run(cmd, env=emulator_env, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert "correct: cuda == cpu for strict 30x30" in proc.stdout
    assert "correct: cuda == cpu for loose 30x30" in proc.stdout
    assert "correct: wordle score output identical for cpu and cuda" in proc.stdout
    table, variants = proc.stdout.split("cpu/cuda\n", 1)[1].split("\n\n")
    assert [row.split()[:2] for row in table.splitlines()] == [["strict", "30x30"], ["strict", "30x30"], ["loose", "30x30"]]
    # Each variant is compiled, checked against the CPU and timed for each case.
    rows = [row.split()[:3] for row in variants.splitlines()[2:]]
    assert [row[2] for row in rows] == ["STRICT_MIN_BLOCKS=2,FLAT_THREADS=64,LOOSE_TILE=16"] * 3
