"""The build backend of `pip install`: setuptools' own, then the kernels compiled for this machine.

pyproject.toml names it (`build-backend`, with `backend-path`). An editable
install (`pip install -e .`, the README's) compiles the kernels into the
checkout's `__pycache__` folders, where every run then loads them; a wheel
(`pip install .`) carries them, compiled in an unpacked copy of itself, so
that they sit in the installed package's `__pycache__` folders. Either way
this runs `wordle kernels build` (wordle_cli/kernel_build.py) in pip's build
environment, which holds the runtime dependencies for it
(`[build-system] requires`): the kernels are then those of the numba and
numpy that pip chose there, which a fresh environment's install chooses
too. Where they differ (an environment that keeps an older numba), each
kernel's stamp differs, and the first runs compile, saying so.

A failed compile never fails the install: the kernels then compile on their
first use, as that run says. `WORDLE_BUILD_KERNELS=0` skips the compile (a
wheel to ship to other machines: kernels are keyed by the CPU they were
compiled for, and another CPU compiles its own).
"""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook not defined here is setuptools' own


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    name = _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
    if _wanted():
        _compile(Path.cwd())  # pip runs the hooks in the checkout, which the editable install points at
    return name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    if _wanted():
        _add_kernels(Path(wheel_directory, name))
    return name


def _wanted() -> bool:
    return os.environ.get("WORDLE_BUILD_KERNELS") != "0"


def _compile(root: Path) -> bool:
    """`wordle kernels build` on the package under `root`; False (and why, on stderr) if it failed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    print("wordle-cli: compiling the kernels for this machine (`wordle kernels build`, about 1-2 min on 2 cores)",
          file=sys.stderr, flush=True)
    try:
        done = subprocess.run([sys.executable, "-m", "wordle_cli", "kernels", "build"], cwd=root, env=env, check=False,
                              stdin=subprocess.DEVNULL, timeout=3600)
    except (OSError, subprocess.SubprocessError) as exc:
        done = None
        print(f"wordle-cli: {exc}", file=sys.stderr)
    if done is not None and done.returncode == 0:
        return True
    print("wordle-cli: the kernels were not compiled at install; each compiles on its first use (that run says so), "
          "or `wordle kernels build` compiles them all", file=sys.stderr, flush=True)
    return False


def _add_kernels(wheel: Path) -> None:
    """Compile the kernels in an unpacked copy of the wheel and add them to it (and to its RECORD)."""
    with tempfile.TemporaryDirectory(prefix="wordle-wheel-") as folder:
        tree = Path(folder)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(tree)
            names = archive.namelist()
        if not _compile(tree):
            return
        added = sorted(path.relative_to(tree).as_posix() for path in tree.rglob("*")
                       if path.parent.name == "__pycache__" and path.suffix in (".nbi", ".nbc", ".json"))
        record = next(name for name in names if name.endswith(".dist-info/RECORD"))
        lines = (tree / record).read_text(encoding="utf-8").splitlines()
        lines = [line for line in lines if not line.startswith(f"{record},")]
        lines += [f"{name},sha256={_digest(tree / name)},{(tree / name).stat().st_size}" for name in added] + [f"{record},,"]
        (tree / record).write_text("\n".join(lines) + "\n", encoding="utf-8")
        rebuilt = wheel.with_suffix(".tmp")
        with zipfile.ZipFile(rebuilt, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in [*(n for n in names if n != record), *added, record]:
                archive.write(tree / name, name)
        os.replace(rebuilt, wheel)


def _digest(path: Path) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()
