"""Stand-in for CuPy's `cupyx`: only `cupyx.profiler.benchmark`, for bench_gpu.py's smoke test."""
