"""The kernels compile with NVRTC, the compiler CuPy really uses (no GPU needed).

`test_cuda_compile.py` checks kernels.cu with nvcc, which CI has. At run time,
though, CuPy hands `cuda.module_source(...)` to NVRTC, a different front end
with its own built-in headers and no host compiler. This test compiles exactly
that source, with exactly `cuda.COMPILE_OPTIONS`, through CuPy's NVRTC binding
for every word length and for the GPU generations CuPy's wheels target.

NVRTC needs no GPU or driver, but it does need CuPy and NVIDIA's NVRTC library
(`pip install -e '.[gpu]'`), so the test skips where those are missing, as in
CI.
"""

from __future__ import annotations

import pytest

nvrtc = pytest.importorskip("cupy_backends.cuda.libs.nvrtc", reason="CuPy is not installed")


def _nvrtc_version() -> tuple[int, int] | None:
    try:
        return tuple(nvrtc.getVersion())
    except Exception:  # the library itself is missing: CuPy without '.[gpu]'s NVRTC wheel
        return None


VERSION = _nvrtc_version()
pytestmark = pytest.mark.skipif(VERSION is None, reason="CuPy cannot load NVRTC")

from wordle_cli import config  # noqa: E402
from wordle_cli.backends import cuda  # noqa: E402  (imports CuPy; needs no GPU)

KERNELS = ("score_strict", "score_loose", "feedback_codes", "consistent_strict", "consistent_loose")
# Turing (oldest in CUDA 13), Ampere, Hopper; and Blackwell where NVRTC knows it.
ARCHITECTURES = ("75", "80", "90") + (("100",) if VERSION and VERSION >= (12, 8) else ())


def compile_ptx(source: str, arch: str) -> str:
    program = nvrtc.createProgram(source, "kernels.cu", [], [])
    try:
        nvrtc.compileProgram(program, [*cuda.COMPILE_OPTIONS, f"--gpu-architecture=compute_{arch}"])
    except nvrtc.NVRTCError as exc:
        pytest.fail(f"NVRTC {VERSION} rejected kernels.cu for compute_{arch}: {exc}\n{nvrtc.getProgramLog(program)}")
    ptx = nvrtc.getPTX(program)
    return ptx.decode() if isinstance(ptx, bytes) else ptx


@pytest.mark.parametrize("arch", ARCHITECTURES)
@pytest.mark.parametrize("length", range(1, config.MAX_WORD_LENGTH + 1))
def test_module_source_compiles_with_nvrtc(length, arch):
    ptx = compile_ptx(cuda.module_source(cuda.kernel_defines(length)), arch)
    for kernel in KERNELS:
        assert f".entry {kernel}(" in ptx, kernel
    assert f".target sm_{arch}" in ptx


def test_inconsistent_defines_fail_under_nvrtc():
    """The static_asserts fire under NVRTC too, so a bad config cannot slip through to a launch."""
    defines = cuda.kernel_defines(5, {"NUM_CODES": 81})
    program = nvrtc.createProgram(cuda.module_source(defines), "kernels.cu", [], [])
    with pytest.raises(nvrtc.NVRTCError):
        nvrtc.compileProgram(program, [*cuda.COMPILE_OPTIONS, "--gpu-architecture=compute_80"])
    assert "NUM_CODES must be 3^WORD_LENGTH" in nvrtc.getProgramLog(program)


@pytest.mark.parametrize("overrides", [{"STRICT_MIN_BLOCKS": 2}, {"FLAT_THREADS": 128, "LOOSE_TILE": 1024}])
def test_bench_variants_compile_with_nvrtc(overrides):
    """Variants that `bench_gpu.py --variant` suggests build too, so a GPU session does not stop at one."""
    ptx = compile_ptx(cuda.module_source(cuda.kernel_defines(5, overrides)), "90")
    assert ".entry score_strict(" in ptx
