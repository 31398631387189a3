"""The backend layer: one interface, a CPU (numba) and a CUDA (CuPy) implementation.

Every backend module exposes the same four functions over encoded words
(uint8 symbol codes, see `wordle_cli.encoding`):

- ``score(guesses, answers, rule) -> ScoreSums``
    guesses (G, L) and answers (A, L) uint8; rule "strict" or "loose".
- ``feedback_codes(guess, words) -> int32[N]``
    the base-3 feedback code of `guess` (L,) against each of `words` (N, L).
- ``feedback_table(guesses, words) -> uint8|uint16[G, N]``
    every guess's feedback code against every word (the tree search's table;
    uint8 while 3^L <= 256).
- ``consistent(guess, tiles, words, rule) -> bool[N]``
    which words are still possible after `guess` (L,) received `tiles` (L,)
    (0 absent, 1 contained, 2 exact).

Modules are imported lazily, so `wordle --help` and `wordle prune` never pay
for numba or CuPy.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from wordle_cli.errors import WordleError, one_line

NAMES = ("auto", "cpu", "cuda")
RULES = ("strict", "loose")


@cache
def cuda_status() -> tuple[bool, str]:
    """(available, reason or device name) for the CUDA backend, without raising."""
    try:
        import cupy  # noqa: F401
    except Exception as exc:  # ImportError, or a broken CUDA install
        return False, f"CuPy is not installed ({type(exc).__name__}); install with: pip install 'wordle-cli[gpu]'"
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as exc:
        return False, _plain_cuda_error(exc)
    if count < 1:
        return False, "no GPU is visible"
    try:
        props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
        name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    except Exception:
        name = "CUDA device"
    return True, name


# CUDA's names for what users meet most, in words (CuPy's text follows in brackets).
_CUDA_ERRORS_IN_WORDS = {
    "cudaErrorInsufficientDriver": "no NVIDIA driver, or one too old for the CUDA version of this CuPy",
    "cudaErrorNoDevice": "no GPU is visible",
}


def _plain_cuda_error(exc: Exception) -> str:
    text = one_line(exc)
    for code, words in _CUDA_ERRORS_IN_WORDS.items():
        if code in text:
            return f"{words} ({text})"
    return f"no usable CUDA driver or GPU ({text})"


def resolve(name: str, pairs: int | None = None) -> str:
    """Turn `auto|cpu|cuda` into the concrete backend to use.

    `auto` picks CUDA only when a GPU is usable and the job is big enough
    (`pairs` guess-answer comparisons; None means "big") to repay a launch.
    """
    from wordle_cli.config import AUTO_CUDA_MIN_PAIRS

    if name not in NAMES:
        raise WordleError(f"unknown backend {name!r}; choose one of {', '.join(NAMES)}")
    if name == "cpu":
        return "cpu"
    ok, reason = cuda_status()
    if name == "cuda":
        if not ok:
            raise WordleError(f"--backend cuda is not available: {reason}")
        return "cuda"
    if ok and (pairs is None or pairs >= AUTO_CUDA_MIN_PAIRS):
        return "cuda"
    return "cpu"


def load(name: str) -> ModuleType:
    """The module implementing a concrete backend ("cpu" or "cuda")."""
    return importlib.import_module(f"wordle_cli.backends.{name}")


def set_threads(threads: int | None) -> None:
    """Limit the CPU backend's threads (numba); None leaves numba's default."""
    if threads is None:
        return
    import numba

    limit = numba.config.NUMBA_NUM_THREADS
    if not 1 <= threads <= limit:
        raise WordleError(f"--threads must be between 1 and {limit} on this machine, got {threads}")
    numba.set_num_threads(threads)

