"""A stand-in for CuPy that runs wordle_cli's CUDA kernels on the CPU.

With tests/gpu_emulator first on PYTHONPATH, `import cupy` finds this package
instead of CuPy. It has only what `wordle_cli.backends.cuda` uses:

- device arrays are numpy arrays of the subclass `ndarray`; kernels accept
  only those, so a host array passed to a kernel fails as it would on a GPU;
- `RawModule` compiles the CUDA C source with g++ against emu.h, the host
  emulation of the CUDA built-ins, into a shared library;
- a `RawKernel` call runs the grid block by block, one std::thread per CUDA
  thread, and is recorded in `LAUNCHES`.

Libraries are built in $WORDLE_GPU_EMULATOR_CACHE, else
$XDG_CACHE_HOME/wordle-cli/gpu-emulator (~/.cache when unset), and reused
when the source, emu.h and flags are unchanged. $WORDLE_GPU_EMULATOR_CXXFLAGS
adds g++ flags (say -fsanitize=undefined). See README.md.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import numpy as np

EMULATOR_DIR = Path(__file__).resolve().parent.parent
CXXFLAGS = ["-std=c++17", "-O1", "-shared", "-fPIC", "-pthread", "-ffp-contract=off", "-Wall", "-Wno-unknown-pragmas"]
MAX_BLOCK = (1024, 1024, 64)
MAX_GRID = (2**31 - 1, 65535, 65535)

#: (kernel name, grid, block) of every launch, oldest first.
LAUNCHES: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = []


class ndarray(np.ndarray):  # CuPy's name
    """An array in "device memory": a numpy array that kernels accept."""


def asarray(a, dtype=None) -> ndarray:
    return np.array(a, dtype=dtype, copy=True).view(ndarray)


def zeros(shape, dtype=float) -> ndarray:
    return np.zeros(shape, dtype=dtype).view(ndarray)


def empty(shape, dtype=float) -> ndarray:
    """Filled with 0xAB bytes, so that outputs a kernel never writes show up."""
    out = np.empty(shape, dtype=dtype)
    out.view(np.uint8)[...] = 0xAB
    return out.view(ndarray)


def asnumpy(a) -> np.ndarray:
    return np.array(a, copy=True).view(np.ndarray)


# ---------------------------------------------------------------- cupy.cuda


class CompileException(Exception):
    pass


class OutOfMemoryError(MemoryError):
    pass


class CUDARuntimeError(RuntimeError):
    pass


class CUDADriverError(RuntimeError):
    pass


class Device:
    def __init__(self, device: int = 0):
        self.id = device


def _get_device_count() -> int:
    return 1


def _get_device_properties(device: int) -> dict:
    return {"name": b"CPU emulation (tests/gpu_emulator)"}


cuda = types.SimpleNamespace(
    Device=Device,
    compiler=types.SimpleNamespace(CompileException=CompileException),
    memory=types.SimpleNamespace(OutOfMemoryError=OutOfMemoryError),
    runtime=types.SimpleNamespace(
        CUDARuntimeError=CUDARuntimeError,
        getDeviceCount=_get_device_count,
        getDeviceProperties=_get_device_properties,
    ),
    driver=types.SimpleNamespace(CUDADriverError=CUDADriverError),
)


# ---------------------------------------------------------------- kernels

_KERNEL_NAME = re.compile(r'extern\s+"C"\s+__global__\s+void\s+(?:__launch_bounds__\([^)]*\)\s*)?(\w+)\s*\(')


class RawKernel:
    def __init__(self, library: ctypes.CDLL, name: str):
        self.name = name
        self._launch = getattr(library, f"emu_launch_{name}")
        self._launch.restype = None

    def __call__(self, grid, block, args, shared_mem=0) -> None:
        grid, block = _dim3(grid, MAX_GRID, "grid"), _dim3(block, MAX_BLOCK, "block")
        if block[0] * block[1] * block[2] > 1024:
            raise CUDARuntimeError(f"{self.name}: block {block} has more than 1024 threads")
        if shared_mem:
            raise NotImplementedError("dynamic shared memory is not emulated")
        values = [_kernel_argument(self.name, a) for a in args]
        pointers = (ctypes.c_void_p * len(values))(*(ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values))
        LAUNCHES.append((self.name, grid, block))
        self._launch(*(ctypes.c_uint(v) for v in grid + block), pointers)


def _dim3(dims, limits, what) -> tuple[int, int, int]:
    dims = tuple(int(d) for d in dims) + (1,) * (3 - len(dims))
    if len(dims) != 3 or any(not 1 <= d <= limit for d, limit in zip(dims, limits)):
        raise CUDARuntimeError(f"invalid {what} dimensions {dims}")
    return dims


def _kernel_argument(kernel: str, a):
    """A ctypes value holding the argument, as CuPy would pass it."""
    if isinstance(a, ndarray):
        if not a.flags.c_contiguous:
            raise ValueError(f"{kernel}: non-contiguous array argument")
        return ctypes.c_void_p(a.ctypes.data)
    if isinstance(a, np.ndarray):
        raise TypeError(f"{kernel}: a host numpy array cannot be passed to a kernel")
    if isinstance(a, np.int32):
        return ctypes.c_int32(int(a))
    if isinstance(a, np.uint64):
        return ctypes.c_uint64(int(a))
    raise TypeError(f"{kernel}: unsupported kernel argument type {type(a).__name__}")


class RawModule:
    """CUDA C source, compiled by g++ on the first get_function."""

    def __init__(self, code: str, *, options=(), **kwargs):  # NVRTC's options do not apply
        self.code = code
        self._library = None

    def get_function(self, name: str) -> RawKernel:
        if self._library is None:
            self._library = ctypes.CDLL(str(_build(self.code)))
        return RawKernel(self._library, name)


def _build(code: str) -> Path:
    """The shared library of `code` and a launcher per kernel, built once per content."""
    launchers = "".join(
        f'extern "C" void emu_launch_{name}(unsigned gx, unsigned gy, unsigned gz,'
        f" unsigned bx, unsigned by, unsigned bz, void** args)"
        f" {{ emu::launch({name}, dim3{{gx, gy, gz}}, dim3{{bx, by, bz}}, args); }}\n"
        for name in _KERNEL_NAME.findall(code)
    )
    source = f'#include "emu.h"\n{code}\n{launchers}'
    flags = CXXFLAGS + os.environ.get("WORDLE_GPU_EMULATOR_CXXFLAGS", "").split()
    emu_h = (EMULATOR_DIR / "emu.h").read_text(encoding="utf-8")
    key = hashlib.sha256("\0".join([source, emu_h, *flags]).encode()).hexdigest()[:20]
    cache = _cache_dir()
    library = cache / f"kernels-{key}.so"
    if library.exists():
        return library
    cache.mkdir(parents=True, exist_ok=True)
    cpp, partial = cache / f"kernels-{key}.{os.getpid()}.cpp", cache / f"kernels-{key}.{os.getpid()}.so"
    cpp.write_text(source, encoding="utf-8")
    try:
        cmd = ["g++", *flags, f"-I{EMULATOR_DIR}", "-o", str(partial), str(cpp)]
        result = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise CompileException(result.stderr)
        if result.stderr.strip():
            print(result.stderr, file=sys.stderr)  # warnings
        os.replace(partial, library)
    finally:
        cpp.unlink(missing_ok=True)
        partial.unlink(missing_ok=True)
    return library


def _cache_dir() -> Path:
    if os.environ.get("WORDLE_GPU_EMULATOR_CACHE"):
        return Path(os.environ["WORDLE_GPU_EMULATOR_CACHE"])
    xdg = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(xdg) / "wordle-cli" / "gpu-emulator"
