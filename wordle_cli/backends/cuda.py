"""CUDA backend: the kernels of `kernels.cu`, compiled and launched through CuPy.

Same functions as the CPU backend, same results bit for bit. This module
is imported only once the cuda backend has been chosen (`backends.resolve`),
so it imports CuPy at the top.

The kernel source is package data. Python prefixes it with `#define`s for the
word length and the launch geometry (from `wordle_cli.config`) and compiles it
once per (device, defines) into a `cupy.RawModule`; CuPy also caches the
binary on disk, so later runs skip NVRTC. `kernels.cu` describes the kernels.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources

import cupy as cp
import numpy as np

from wordle_cli import config
from wordle_cli.backends import RULES
from wordle_cli.codes import encode
from wordle_cli.encoding import clog2c_table, pack, table_dtype
from wordle_cli.errors import WordleError, one_line
from wordle_cli.interrupts import kept_from_new_threads
from wordle_cli.stats import ScoreSums

KERNEL_SOURCE = "kernels.cu"
COMPILE_OPTIONS = ("-std=c++17",)  # CuPy adds the device's -arch itself

Defines = tuple[tuple[str, int], ...]


# ---------------------------------------------------------------- interface


def score(guesses: np.ndarray, answers: np.ndarray, rule: str) -> ScoreSums:
    """Per-guess sums of n(g, a) over the answers (see `wordle_cli.stats`)."""
    _check_rule(rule)
    length = _word_length(guesses, answers)
    n_guesses, n_answers = guesses.shape[0], answers.shape[0]
    if n_guesses == 0:
        return ScoreSums(*(np.zeros(0, dtype=t) for t in (np.int64, np.int64, np.int64, np.float64)))
    defines = kernel_defines(length)
    with _gpu_errors(f"scoring {n_guesses} guesses against {n_answers} answers"):
        kernel = _kernel(defines, f"score_{rule}")
        out = [cp.zeros(n_guesses, dtype=np.int64) for _ in range(3)]
        out.append(cp.zeros(n_guesses, dtype=np.float64))
        args = (
            _to_device(guesses),
            np.int32(n_guesses),
            _to_device(answers),
            np.int32(n_answers),
            cp.asarray(clog2c_table(n_answers)),
            *out,
        )
        kernel(*_score_geometry(rule, n_guesses, dict(defines)), args)
        return ScoreSums(*(cp.asnumpy(x) for x in out))


def feedback_codes(guess: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Feedback code of `guess` against every word, as int32[N]."""
    length = _word_length(guess[np.newaxis, :], words)
    n_words = words.shape[0]
    if n_words == 0:
        return np.zeros(0, dtype=np.int32)
    with _gpu_errors(f"computing feedback for {n_words} words"):
        codes = cp.empty(n_words, dtype=np.int32)
        args = (_packed_word(guess), _to_device(words), np.int32(n_words), codes)
        _launch_flat(kernel_defines(length), "feedback_codes", n_words, args)
        return cp.asnumpy(codes)


def feedback_table(guesses: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Feedback code of every guess against every word, (G, N): uint8 when 3^L <= 256, else uint16.

    One `feedback_codes` launch per guess over words kept on the device; rows
    are gathered in slabs of about 64 M codes so any table fits.
    """
    length = _word_length(guesses, words)
    n_guesses, n_words = guesses.shape[0], words.shape[0]
    table = np.empty((n_guesses, n_words), dtype=table_dtype(length))
    if table.size == 0:
        return table
    defines = kernel_defines(length)
    slab = max(1, (1 << 26) // n_words)
    with _gpu_errors(f"computing the feedback of {n_guesses} guesses against {n_words} words"):
        device_words = _to_device(words)
        packed = pack(np.ascontiguousarray(guesses, dtype=np.uint8))
        for start in range(0, n_guesses, slab):
            stop = min(start + slab, n_guesses)
            codes = cp.empty((stop - start, n_words), dtype=np.int32)
            for row in range(stop - start):
                args = (np.uint64(packed[start + row]), device_words, np.int32(n_words), codes[row])
                _launch_flat(defines, "feedback_codes", n_words, args)
            table[start:stop] = cp.asnumpy(codes.astype(table.dtype))
    return table


def consistent(guess: np.ndarray, tiles: np.ndarray, words: np.ndarray, rule: str) -> np.ndarray:
    """Which words are still possible after `guess` got `tiles`, as bool[N]."""
    _check_rule(rule)
    length = _word_length(guess[np.newaxis, :], words)
    code = _feedback_code_of(tiles, length)
    n_words = words.shape[0]
    if n_words == 0:
        return np.zeros(0, dtype=np.bool_)
    with _gpu_errors(f"pruning {n_words} words"):
        keep = cp.empty(n_words, dtype=np.bool_)
        args = (_packed_word(guess), np.int32(code), _to_device(words), np.int32(n_words), keep)
        _launch_flat(kernel_defines(length), f"consistent_{rule}", n_words, args)
        return cp.asnumpy(keep)


# ---------------------------------------------------------------- inputs


def _check_rule(rule: str) -> None:
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}")


def _word_length(*word_arrays: np.ndarray) -> int:
    """The common word length of (N, L) code arrays; kernels are compiled per L."""
    lengths = {a.shape[1] for a in word_arrays if a.ndim == 2}
    if len(lengths) != 1 or any(a.ndim != 2 for a in word_arrays):
        raise ValueError(f"word arrays must be (N, L) with one L, got shapes {[a.shape for a in word_arrays]}")
    (length,) = lengths
    if not 1 <= length <= config.MAX_WORD_LENGTH:
        raise ValueError(f"word length must be 1..{config.MAX_WORD_LENGTH}, got {length}")
    return length


def _feedback_code_of(tiles: np.ndarray, length: int) -> int:
    """Base-3 code of a tile vector (0 absent, 1 contained, 2 exact)."""
    tiles = np.asarray(tiles, dtype=np.int64)
    if tiles.shape != (length,) or tiles.min() < 0 or tiles.max() > 2:
        raise ValueError(f"tiles must be {length} values in 0..2, got {tiles.tolist()}")
    return encode(tiles.tolist())


def _to_device(words: np.ndarray) -> cp.ndarray:
    """Words packed one per uint64 (see `encoding.pack`), on the GPU."""
    return cp.asarray(pack(np.ascontiguousarray(words, dtype=np.uint8)))


def _packed_word(word: np.ndarray) -> np.uint64:
    return np.uint64(pack(np.ascontiguousarray(word, dtype=np.uint8)[np.newaxis, :])[0])


# ---------------------------------------------------------------- kernels


def kernel_defines(length: int, overrides: Mapping[str, int] | None = None) -> Defines:
    """The constants kernels.cu is compiled with, for words of `length` symbols.

    A strict block keeps one histogram of 3^L 32-bit counters per guess in
    static shared memory, so from L = 6 on it holds fewer than
    CUDA_BLOCK_GUESSES guesses and several thread rows share one guess.
    `overrides` replaces some of the values afterwards (benchmark variants,
    compile tests); a name kernels.cu does not take is a ValueError.
    """
    block_guesses, block_answers = config.CUDA_BLOCK_GUESSES, config.CUDA_BLOCK_ANSWERS
    if block_guesses < 1 or block_answers < 1 or block_guesses * block_answers > 1024:
        raise ValueError(f"CUDA block {block_answers}x{block_guesses} must have 1..1024 threads")
    shared_bytes = config.CUDA_SHARED_BYTES
    n_codes = 3**length
    guesses_per_block = max(
        d for d in range(1, block_guesses + 1) if block_guesses % d == 0 and (d == 1 or d * n_codes * 4 <= shared_bytes)
    )
    defines = (
        ("WORD_LENGTH", length),
        ("NUM_CODES", n_codes),
        ("BLOCK_GUESSES", block_guesses),
        ("BLOCK_ANSWERS", block_answers),
        ("GUESSES_PER_BLOCK", guesses_per_block),
        ("HIST_SHARED_BYTES", shared_bytes),
        ("FLAT_THREADS", config.CUDA_FLAT_THREADS),
        ("LOOSE_TILE", config.CUDA_LOOSE_TILE),
        ("STRICT_MIN_BLOCKS", config.CUDA_STRICT_MIN_BLOCKS),
    )
    overrides = overrides or {}
    unknown = sorted(set(overrides) - {name for name, _ in defines})
    if unknown:
        raise ValueError(f"kernels.cu takes no {', '.join(unknown)}; it takes {', '.join(name for name, _ in defines)}")
    return tuple((name, overrides.get(name, value)) for name, value in defines)


def _score_geometry(rule: str, n_guesses: int, defines: dict[str, int]) -> tuple[tuple[int], tuple[int, ...]]:
    """(grid, block) of score_strict (guess tiles x answer lanes) or score_loose (a block per guess)."""
    if rule == "strict":
        grid = -(-n_guesses // defines["GUESSES_PER_BLOCK"])
        return (grid,), (defines["BLOCK_ANSWERS"], defines["BLOCK_GUESSES"])
    return (n_guesses,), (defines["FLAT_THREADS"],)


def _launch_flat(defines: Defines, name: str, n_items: int, args: tuple) -> None:
    """Launch a one-dimensional kernel with a thread per item."""
    threads = dict(defines)["FLAT_THREADS"]
    _kernel(defines, name)((-(-n_items // threads),), (threads,), args)


def _kernel(defines: Defines, name: str) -> cp.RawKernel:
    return _function(cp.cuda.Device().id, defines, name)


@cache
def _function(device_id: int, defines: Defines, name: str) -> cp.RawKernel:
    """One kernel of the module (memoised: the solver launches many small jobs)."""
    return _module(device_id, defines).get_function(name)


@cache
def _module(device_id: int, defines: Defines) -> cp.RawModule:
    """kernels.cu with `defines`, compiled for one device (memoised; CuPy caches on disk too).

    Compiling here, not at first launch, lets `_gpu_errors` tell a broken
    CUDA toolchain from a failed launch.
    """
    module = cp.RawModule(code=module_source(defines), options=COMPILE_OPTIONS)
    try:
        module.get_function("score_strict")  # compiles the whole module
    except (cp.cuda.compiler.CompileException, RuntimeError, OSError) as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise WordleError(f"could not compile or load the CUDA kernels on device {device_id}: {detail}") from exc
    return module


def module_source(defines: Defines) -> str:
    """The CUDA C that NVRTC compiles: kernels.cu prefixed with `defines` (the NVRTC test builds this too)."""
    header = "".join(f"#define {name} {value}\n" for name, value in defines)
    return header + _source()


@cache
def _source() -> str:
    return resources.files("wordle_cli.backends").joinpath(KERNEL_SOURCE).read_text(encoding="utf-8")


@contextlib.contextmanager
def _gpu_errors(task: str) -> Iterator[None]:
    """Turn CuPy/CUDA failures a user can meet (no memory, driver trouble) into one-line WordleErrors.

    Terminating signals are blocked meanwhile, so the threads CUDA starts
    never take them (see `interrupts.kept_from_new_threads`).
    """
    try:
        with kept_from_new_threads():
            yield
    except cp.cuda.memory.OutOfMemoryError as exc:
        raise WordleError(f"the GPU ran out of memory {task}; try --backend cpu") from exc
    except (cp.cuda.runtime.CUDARuntimeError, cp.cuda.driver.CUDADriverError) as exc:
        raise WordleError(f"CUDA failed {task}: {one_line(exc)}") from exc
