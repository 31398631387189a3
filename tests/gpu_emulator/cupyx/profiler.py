"""Stand-in for `cupyx.profiler.benchmark`, so benchmarks/bench_gpu.py runs under the emulator.

Emulated kernels run synchronously on the CPU, so the "GPU time" of a call is
its wall time. The figures mean nothing; the smoke test only checks that the
script gets through every step and prints its table.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

import numpy as np


def benchmark(func, args=(), kwargs=None, n_repeat=10000, *, name=None, n_warmup=10, max_duration=float("inf"),
              devices=None):
    """Same call and result shape as CuPy's: cpu_times (n,), gpu_times (devices, n), in seconds."""
    kwargs = kwargs or {}
    for _ in range(n_warmup):
        func(*args, **kwargs)
    times = []
    for _ in range(n_repeat):
        start = time.perf_counter()
        func(*args, **kwargs)
        times.append(time.perf_counter() - start)
    times = np.array(times)
    return SimpleNamespace(name=name or getattr(func, "__name__", "func"), cpu_times=times, gpu_times=times[np.newaxis])
