"""The CUDA C sources compile, wherever nvcc is installed (no GPU needed).

CUDA C has no simulator, so this is the check that keeps the GPU path from
rotting on machines without a GPU: every `.cu` file of the package goes
through `nvcc --ptx`, standalone and with the constants Python injects for
several word lengths and launch geometries. CI has no nvcc: there the same
source is compiled by g++ under the GPU emulator (tests/test_cuda_emulated.py,
which CI must run: a missing g++ fails it under CI=true).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import wordle_cli.backends

NVCC = shutil.which("nvcc")
SOURCES = sorted(Path(wordle_cli.backends.__file__).parent.glob("*.cu"))
KERNELS = ("score_strict", "score_loose", "feedback_codes", "consistent_strict", "consistent_loose")

pytestmark = pytest.mark.skipif(NVCC is None, reason="nvcc is not installed")

# Define sets as backends/cuda.py passes them: the word length alone (the file
# derives the rest), a full set, and the shrunk geometry the GPU tests use.
DEFINE_SETS = {
    "defaults": {},
    "L1": {"WORD_LENGTH": 1},
    "L5": {"WORD_LENGTH": 5},
    "L8": {"WORD_LENGTH": 8},
    "L6-full": {
        "WORD_LENGTH": 6,
        "NUM_CODES": 729,
        "BLOCK_GUESSES": 32,
        "BLOCK_ANSWERS": 32,
        "GUESSES_PER_BLOCK": 16,
        "HIST_SHARED_BYTES": 49152,
        "FLAT_THREADS": 256,
        "LOOSE_TILE": 512,
        "STRICT_MIN_BLOCKS": 2,
    },
    "L7-small": {"WORD_LENGTH": 7, "BLOCK_GUESSES": 4, "BLOCK_ANSWERS": 8, "FLAT_THREADS": 32, "LOOSE_TILE": 24},
}


def nvcc_ptx(source: Path, out: Path, defines: dict[str, int]) -> subprocess.CompletedProcess:
    flags = [f"-D{name}={value}" for name, value in defines.items()]
    return subprocess.run(
        [NVCC, "--ptx", *flags, "-o", str(out), str(source)],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_sources_exist():
    assert any(s.name == "kernels.cu" for s in SOURCES)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
@pytest.mark.parametrize("name", DEFINE_SETS)
def test_compiles_to_ptx(tmp_path, source, name):
    out = tmp_path / f"{source.stem}-{name}.ptx"
    result = nvcc_ptx(source, out, DEFINE_SETS[name])
    assert result.returncode == 0, result.stderr
    ptx = out.read_text()
    if source.name == "kernels.cu":
        # extern "C" keeps the names cuda.py looks up unmangled.
        for kernel in KERNELS:
            assert f".entry {kernel}(" in ptx, kernel


@pytest.mark.parametrize("defines", [{"WORD_LENGTH": 9}, {"WORD_LENGTH": 5, "NUM_CODES": 81}])
def test_inconsistent_constants_are_rejected(tmp_path, defines):
    """The static_asserts catch constants that do not fit together."""
    result = nvcc_ptx(SOURCES[0].with_name("kernels.cu"), tmp_path / "bad.ptx", defines)
    assert result.returncode != 0
    assert "static assertion failed" in result.stderr or "static_assert" in result.stderr
