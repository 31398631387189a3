"""The kernels compiled ahead of use (issue 47): `wordle kernels build`, the install's build backend, the fallback.

tests/conftest.py runs the build before the suite when the sources changed since
the last one, so these tests see the kernels built, as a user sees them after the
install. A command then compiles nothing; a copy of the package that was never
built compiles on its first run, says so, and prints the same.
"""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from clitools import invoke, unbuilt_package

from wordle_cli import install_backend, kernel_build, kernel_cache
from wordle_cli.compiled import COMPILING

ROOT = Path(__file__).resolve().parent.parent
TEN = kernel_build.FILES["ten.txt"]


def wordle(args: list[str], cwd: Path, root: Path = ROOT, stdin: str = "", **env: str) -> tuple[subprocess.CompletedProcess, list[dict]]:
    """Run `wordle ARGS` from the package under `root`: (the process, what it compiled: WORDLE_COMPILE_TIMES's records)."""
    log = cwd / "compiles.jsonl"
    log.unlink(missing_ok=True)
    environment = {**kernel_build.environment(str(cwd)), "PYTHONPATH": str(root), "WORDLE_COMPILE_TIMES": str(log), **env}
    done = subprocess.run([sys.executable, "-m", "wordle_cli", *args], cwd=cwd, env=environment, input=stdin, capture_output=True,
                          text=True, timeout=600)
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return done, [record for record in records if record["kernel"]]


def test_the_build_environment_has_the_runtime_dependencies():
    """The build runs the package's commands: [build-system] requires every dependency but distributed, spelled alike."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    build = project["build-system"]
    assert build["build-backend"] == "wordle_cli.install_backend" and build["backend-path"] == ["."]
    runtime = [dep for dep in project["project"]["dependencies"] if not dep.startswith("distributed")]
    assert build["requires"] == ["setuptools>=64", *runtime]


def test_after_the_build_the_default_commands_compile_nothing(tmp_path):
    """What a user runs first after the install loads its kernels: the default solve (the exact search under the nyt
    prior), play's first suggestion (score: the test below; every default command, full size: the slow test)."""
    for args in (["solve", "-q", "cigar"], ["play", "--batch"]):
        done, compiled = wordle(args, tmp_path)
        assert done.returncode == 0, done.stderr
        assert compiled == [], f"wordle {' '.join(args)} compiled {[r['function'] for r in compiled]}: add a command to kernel_build.QUEUES"


@pytest.mark.slow  # the commands on today's full lists (tree build --first tarse is a proof): the fast test above covers three
@pytest.mark.parametrize("args", [
    ["solve", "-q", "nymph"],
    ["review", "--answer", "nymph", "tarse", "dimly", "nymph"],
    ["play", "--batch"],
    ["tree", "build", "-q", "--first", "tarse", "-o", "tarse.tree"],
    ["simulate", "-q", "--sample", "10"],
    ["score", "-q", "--top", "2"],
    ["solve", "-q", "--strategy", "optimal", "--prior", "uniform", "cigar"],
    ["absurdle", "solve", "-q", "--first", "salet"],
    ["fibble", "solve", "-q", "--first", "salet", "--max-guesses", "8", "--time-limit", "5"],
    ["simulate", "-q", "--boards", "4", "--sample", "5"],
])
def test_after_the_build_every_default_command_compiles_nothing(tmp_path, args):
    done, compiled = wordle(args, tmp_path)
    assert done.returncode == 0, done.stderr
    assert compiled == [], f"wordle {' '.join(args)} compiled {[r['function'] for r in compiled]}: add a command to kernel_build.QUEUES"


def test_a_package_never_built_compiles_says_so_and_prints_the_same(tmp_path):
    """The JIT fallback: a copy of the package without its built kernels (as an install whose build failed)."""
    copy = Path(unbuilt_package(tmp_path / "copy"))
    (tmp_path / "ten.txt").write_text("\n".join(TEN) + "\n")
    args = ["score", "-q", "ten.txt", "ten.txt", "-"]
    built, none = wordle(args, tmp_path)
    assert none == []  # the package's own, built: score's kernels load
    cold, compiled = wordle(args, tmp_path, root=copy, WORDLE_COMPILE_NOTICE="1")
    assert cold.returncode == 0 and compiled, cold.stderr
    assert cold.stdout == built.stdout and built.stdout.count("\n") == 11
    assert cold.stderr == COMPILING.format(why="not built at install") + "\n"


def test_kernels_status_says_what_they_were_built_for(runner):
    result = invoke(runner, ["kernels", "status"])
    assert result.exit_code == 0, result.stderr
    versions = kernel_cache.versions()
    assert result.stdout.startswith(f"built for numba {versions['numba']}, numpy {versions['numpy']}, Python {versions['python']} and this CPU")


def test_kernels_status_says_when_they_are_out_of_date(runner, monkeypatch):
    manifest = {**kernel_cache.read_manifest(), "numba": "0.1.0", "stamp": "another"}
    monkeypatch.setattr(kernel_cache, "read_manifest", lambda: manifest)
    result = invoke(runner, ["kernels", "status"])
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the kernels are out of date, built for numba 0.1.0 (now {numba_version()}): "
                             "`wordle kernels build` compiles them again\n")
    monkeypatch.setattr(kernel_cache, "read_manifest", dict)
    result = invoke(runner, ["kernels", "status"])
    assert result.exit_code == 1 and "the kernels are not built: `wordle kernels build` compiles them" in result.stderr


def numba_version() -> str:
    return kernel_cache.versions()["numba"]


def test_a_failed_command_fails_the_build_and_leaves_the_manifest(tmp_path):
    before = kernel_cache.MANIFEST.read_bytes() if kernel_cache.MANIFEST.exists() else None
    broken = kernel_build.Workload(("score", "-q", "missing.txt", "missing.txt", "-"), "a list that is not there")
    report = kernel_build.build(queues=([broken],))
    assert len(report.failed) == 1 and report.failed[0].startswith("wordle score -q missing.txt missing.txt - failed (1): Error: ")
    assert (kernel_cache.MANIFEST.read_bytes() if kernel_cache.MANIFEST.exists() else None) == before


def test_a_wheel_carries_the_kernels_compiled_in_a_copy_of_it(tmp_path, monkeypatch):
    """build_wheel's second step: the kernels compiled in the unpacked wheel go into it, each in its RECORD."""
    wheel = tmp_path / "wordle_cli-0.1.0-py3-none-any.whl"
    record = "wordle_cli-0.1.0.dist-info/RECORD"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("wordle_cli/__init__.py", "")
        archive.writestr(record, "wordle_cli/__init__.py,sha256=x,0\n" + f"{record},,\n")

    def compile_in(tree: Path) -> bool:
        cache = tree / "wordle_cli" / "__pycache__"
        cache.mkdir()
        (cache / "heap.sift-3.py311.nbi").write_bytes(b"index")
        (cache / "heap.sift-3.py311.1.nbc").write_bytes(b"code")
        (cache / "kernels.json").write_text("{}")
        (cache / "__init__.cpython-311.pyc").write_bytes(b"bytecode")  # Python's own: pip compiles its own
        return True

    monkeypatch.setattr(install_backend, "_compile", compile_in)
    install_backend._add_kernels(wheel)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        lines = archive.read(record).decode().splitlines()
        added = {name: archive.read(name) for name in names if "__pycache__" in name}
    assert sorted(added) == ["wordle_cli/__pycache__/heap.sift-3.py311.1.nbc", "wordle_cli/__pycache__/heap.sift-3.py311.nbi",
                             "wordle_cli/__pycache__/kernels.json"]
    assert names[-1] == record and lines[-1] == f"{record},,"
    for name, data in added.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert f"{name},sha256={digest},{len(data)}" in lines


def test_the_install_skips_the_build_when_asked(tmp_path, monkeypatch):
    """WORDLE_BUILD_KERNELS=0: a wheel to ship elsewhere is setuptools' alone."""
    calls = []
    monkeypatch.setattr(install_backend._setuptools, "build_wheel", lambda *args: calls.append("wheel") or "w.whl")
    monkeypatch.setattr(install_backend, "_add_kernels", lambda wheel: calls.append("kernels"))
    monkeypatch.setenv("WORDLE_BUILD_KERNELS", "0")
    assert install_backend.build_wheel(str(tmp_path)) == "w.whl" and calls == ["wheel"]
    monkeypatch.delenv("WORDLE_BUILD_KERNELS")
    install_backend.build_wheel(str(tmp_path))
    assert calls == ["wheel", "wheel", "kernels"]
