"""The CUDA backend gives exactly the CPU backend's results (needs a GPU).

Every test carries the `gpu` marker and skips where `cuda_status()` finds no
usable GPU. Inputs are random word lists built to hit the kernels' edge cases:
every word length, few symbols (many repeated letters), symbol codes near
255, list sizes that are not multiples of the block size, and grids of
several blocks, also with the launch geometry shrunk.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from wordle_cli import backends, config
from wordle_cli.cli import main
from wordle_cli.encoding import Alphabet

pytestmark = [
    pytest.mark.gpu,
    pytest.mark.skipif(not backends.cuda_status()[0], reason=f"no CUDA GPU: {backends.cuda_status()[1]}"),
]

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
LENGTHS = range(1, 9)
RULES = ("strict", "loose")


@pytest.fixture(scope="module")
def cuda():
    return backends.load("cuda")


@pytest.fixture(scope="module")
def cpu():
    return backends.load("cpu")


def random_words(seed: int, n: int, length: int, n_symbols: int, first_code: int = 1) -> np.ndarray:
    """(n, length) uint8 codes drawn from n_symbols consecutive codes starting at first_code."""
    rng = np.random.default_rng(seed)
    return rng.integers(first_code, first_code + n_symbols, size=(n, length)).astype(np.uint8)


def assert_same_sums(got, want) -> None:
    """Integer sums equal, and the float sums equal to the last bit."""
    for field in ("sum_n", "sum_n2", "max_n"):
        assert getattr(got, field).dtype == np.int64, field
        np.testing.assert_array_equal(getattr(got, field), getattr(want, field), err_msg=field)
    assert got.sum_clog2c.dtype == np.float64
    assert np.array_equal(got.sum_clog2c.view(np.int64), want.sum_clog2c.view(np.int64)), "sum_clog2c bits"


# ---------------------------------------------------------------- score


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", LENGTHS)
def test_score_matches_cpu(cuda, cpu, length, rule):
    n_symbols = 3 + 5 * length  # 8..43 symbols: repeats are common
    guesses = random_words(length, 77, length, n_symbols)
    answers = random_words(100 + length, 1003, length, n_symbols)
    assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", [2, 5, 8])
def test_score_few_symbols(cuda, cpu, length, rule):
    """Two or three symbols: every word is full of repeats, and many feedbacks occur."""
    for n_symbols in (2, 3):
        guesses = random_words(7 * length + n_symbols, 45, length, n_symbols)
        answers = random_words(9 * length + n_symbols, 613, length, n_symbols)
        assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


@pytest.mark.parametrize("rule", RULES)
def test_score_high_symbol_codes(cuda, cpu, rule):
    """Codes up to 255 exercise the bytewise comparisons' unsigned range."""
    guesses = random_words(1, 40, 6, 12, first_code=244)
    answers = random_words(2, 333, 6, 12, first_code=244)
    assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", [1, 5, 6, 7, 8])
def test_score_small_geometry(cuda, cpu, monkeypatch, length, rule):
    """Shrunk blocks and tiles: many blocks, several loose rounds and tiles per guess."""
    monkeypatch.setattr(config, "CUDA_BLOCK_GUESSES", 4)
    monkeypatch.setattr(config, "CUDA_BLOCK_ANSWERS", 8)
    monkeypatch.setattr(config, "CUDA_FLAT_THREADS", 32)
    monkeypatch.setattr(config, "CUDA_LOOSE_TILE", 24)
    guesses = random_words(30 + length, 21, length, 4 + length)
    answers = random_words(40 + length, 211, length, 4 + length)
    assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("sizes", [(1, 1), (1, 33), (33, 1), (32, 32), (65, 64)])
def test_score_edge_sizes(cuda, cpu, sizes, rule):
    n_guesses, n_answers = sizes
    guesses = random_words(n_guesses, n_guesses, 5, 10)
    answers = random_words(n_answers + 1000, n_answers, 5, 10)
    assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


def test_score_no_guesses(cuda):
    sums = cuda.score(np.zeros((0, 5), np.uint8), random_words(0, 10, 5, 6), "strict")
    assert sums.sum_n.shape == sums.sum_clog2c.shape == (0,)


@pytest.mark.parametrize("rule", RULES)
def test_score_shipped_lists(cuda, cpu, rule):
    """Wordle's own answers against themselves and a slice of the allowed guesses."""
    answers_text = _read_words(WORDLISTS / "wordle-answers.txt")
    allowed_text = _read_words(WORDLISTS / "wordle-allowed.txt")[::7]
    alphabet = Alphabet.of(answers_text, allowed_text)
    answers = alphabet.encode(answers_text, 5)
    guesses = alphabet.encode(allowed_text, 5)
    assert_same_sums(cuda.score(guesses, answers, rule), cpu.score(guesses, answers, rule))


def _read_words(path: Path) -> list[str]:
    if not path.exists():
        pytest.skip(f"{path} is not there")
    lines = (line.strip().lower() for line in path.read_text(encoding="utf-8").splitlines())
    return list(dict.fromkeys(w for w in lines if w and not w.startswith("#")))


# ---------------------------------------------------------------- feedback and prune


def test_feedback_example(cuda):
    """docs/spec.md §2: guess sheer, answer super -> exact, absent, absent, exact, exact."""
    alphabet = Alphabet.of(["sheer", "super"])
    codes = cuda.feedback_codes(alphabet.encode_word("sheer"), alphabet.encode(["super"], 5))
    assert codes.dtype == np.int32
    assert codes.tolist() == [2 * 81 + 2 * 3 + 2]


@pytest.mark.parametrize("length", LENGTHS)
def test_feedback_codes_match_cpu(cuda, cpu, length):
    words = random_words(length, 2049, length, 2 + 3 * length)
    for guess in random_words(50 + length, 6, length, 2 + 3 * length):
        got = cuda.feedback_codes(guess, words)
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, cpu.feedback_codes(guess, words))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", LENGTHS)
def test_consistent_matches_cpu(cuda, cpu, length, rule):
    n_symbols = 2 + 2 * length
    words = random_words(length, 1500, length, n_symbols)
    rng = np.random.default_rng(1000 + length)
    for guess in random_words(60 + length, 5, length, n_symbols):
        # Tiles the guess really gets from some word (non-empty result), and random ones.
        real = cpu.feedback_codes(guess, words[:1])[0]
        real_tiles = np.array([(real // 3 ** (length - 1 - i)) % 3 for i in range(length)], dtype=np.uint8)
        for tiles in (real_tiles, rng.integers(0, 3, size=length).astype(np.uint8)):
            got = cuda.consistent(guess, tiles, words, rule)
            assert got.dtype == np.bool_
            np.testing.assert_array_equal(got, cpu.consistent(guess, tiles, words, rule))


def test_empty_word_lists(cuda):
    guess = np.array([1, 2, 3], dtype=np.uint8)
    empty = np.zeros((0, 3), dtype=np.uint8)
    assert cuda.feedback_codes(guess, empty).shape == (0,)
    assert cuda.consistent(guess, np.array([0, 1, 2], np.uint8), empty, "loose").shape == (0,)


# ---------------------------------------------------------------- the CLI's bytes


def score_csv(backend: str, allowed: Path, answers: Path, rule: str, out: Path) -> bytes:
    """The file `wordle score --backend BACKEND` writes."""
    args = ["score", "-q", "--backend", backend, "--rule", rule, str(allowed), str(answers), str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return out.read_bytes()


def assert_same_csv(tmp_path: Path, allowed: Path, answers: Path, rule: str) -> None:
    cuda_csv = score_csv("cuda", allowed, answers, rule, tmp_path / "cuda.csv")
    cpu_csv = score_csv("cpu", allowed, answers, rule, tmp_path / "cpu.csv")
    assert cuda_csv.count(b"\n") > 1
    assert cuda_csv == cpu_csv


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("answers", ["wordle-answers.txt", "wordle-allowed.txt"])
def test_cli_same_bytes_on_shipped_lists(tmp_path, rule, answers):
    """docs/spec.md's two jobs and the loose walk-through's: allowed x answers and allowed x allowed."""
    assert_same_csv(tmp_path, WORDLISTS / "wordle-allowed.txt", WORDLISTS / answers, rule)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", LENGTHS)
def test_cli_same_bytes_on_generated_lists(tmp_path, length, rule):
    """Generated lists as the CPU tests use them: every length, repeats, non-ASCII symbols."""
    allowed, answers = generated_lists(tmp_path, length, 400)
    assert_same_csv(tmp_path, allowed, answers, rule)


def generated_lists(folder: Path, length: int, n_words: int) -> tuple[Path, Path]:
    """ALLOWED and ANSWERS files of random words over a few symbols, some of them non-ASCII."""
    rng = random.Random(length)
    symbols = "aeσπδéøü7"[: 3 + length]
    words = sorted({"".join(rng.choice(symbols) for _ in range(length)) for _ in range(n_words)})
    allowed, answers = folder / "allowed.txt", folder / "answers.txt"
    allowed.write_text("\n".join(words) + "\n", encoding="utf-8")
    answers.write_text("\n".join(rng.sample(words, max(1, len(words) // 3))) + "\n", encoding="utf-8")
    return allowed, answers


# ---------------------------------------------------------------- compute-sanitizer

SANITIZER = shutil.which("compute-sanitizer") or shutil.which("compute-sanitizer", path="/usr/local/cuda/bin")


@pytest.mark.slow
@pytest.mark.skipif(SANITIZER is None, reason="compute-sanitizer (CUDA Toolkit) is not installed")
@pytest.mark.parametrize("tool", ["memcheck", "racecheck", "synccheck"])
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("length", [5, 6])
def test_kernels_pass_compute_sanitizer(tmp_path, tool, rule, length):
    """No out-of-bounds access, shared-memory race or misplaced barrier in a real `wordle score` run.

    At L = 6 a strict block holds 16 guesses with two thread rows each; the
    emulator cannot see hardware races, this can.
    """
    allowed, answers = generated_lists(tmp_path, length, 150)
    out = tmp_path / "out.csv"
    cmd = [SANITIZER, "--tool", tool, "--error-exitcode", "86", sys.executable, "-m", "wordle_cli",
           "score", "-q", "--backend", "cuda", "--rule", rule, str(allowed), str(answers), str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    report = proc.stdout + proc.stderr
    assert proc.returncode == 0, report[-4000:]
    # memcheck and synccheck end with "ERROR SUMMARY: N errors"; racecheck (CUDA 13) with
    # "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)".
    summary = re.search(r"ERROR SUMMARY: (\d+) error|RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) errors?, (\d+) warnings?\)", report)
    assert summary is not None, report[-4000:]
    assert [int(n) for n in summary.groups() if n is not None] in ([0], [0, 0]), report[-4000:]
    assert out.read_bytes().count(b"\n") > 1
