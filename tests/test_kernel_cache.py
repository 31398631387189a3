"""The kernels' cache (issue 47): used only when it matches the sources and numba, read from the built place first.

Tiny kernels are compiled once for the module, in a folder of their own, and
each test works on a copy of that folder (numba's cache entries name files
relative to it), running them in fresh processes (numba keeps what it
compiled for the process). These tests also pin the numba internals that
wordle_cli/kernel_cache.py and compiled.py rely on: the cache classes'
hooks, the index file's format, the compile event's data. A numba release
that changes them fails here (pyproject.toml lets numba in only up to the
releases these tests passed with).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import pytest
import test_layers
from clitools import unbuilt_package

from wordle_cli import kernel_cache
from wordle_cli.compiled import COMPILING

pytestmark = pytest.mark.xdist_group("kernel-cache")  # one worker compiles the kernels for all

ROOT = Path(__file__).resolve().parent.parent

CALLEE = """
from wordle_cli.compiled import compiled

@compiled
def f(x):
    return x + 1

@compiled
def spin(n):
    total = 0
    for i in range(n):
        total = (total * 31 + i) % 1000003
    return total
"""

CALLER = """
import sys
if len(sys.argv) > 1:  # a stand-in for another numba release
    import numba
    numba.__version__ = sys.argv[1]
from callee import f, spin
from wordle_cli.compiled import compiled

@compiled
def g(x):
    return f(x) * 2

spin(10)
print(g(1))
"""


def notice(why: str) -> str:
    return COMPILING.format(why=why) + "\n"


#: The first compile of kernels no build made: the package's kernels are built (by tests/conftest.py) or not.
UNBUILT = re.compile(re.escape(COMPILING).replace(re.escape("{why}"), "not (among the kernels )?built at install") + "\n")


def runner(folder: Path):
    """Runs caller.py in `folder`: (stdout, stderr, the kernels it compiled)."""
    env = {k: v for k, v in os.environ.items() if k not in ("WORDLE_COMPILE_NOTICE", "NUMBA_CACHE_DIR")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(folder)])

    def run(*args: str, **more: str) -> tuple[str, str, list[str]]:
        log = folder / "compiles.jsonl"
        log.unlink(missing_ok=True)
        done = subprocess.run([sys.executable, str(folder / "caller.py"), *args], capture_output=True, text=True, cwd=folder,
                              env={**env, "WORDLE_COMPILE_TIMES": str(log), **more}, timeout=300)
        assert done.returncode == 0, done.stderr
        records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
        return done.stdout, done.stderr, sorted(r["function"].rpartition(".")[2] for r in records if r["kernel"])

    run.folder = folder
    return run


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """callee.py (f, spin) and caller.py (g, calling f) in a folder, and their first run: it compiles them."""
    folder = tmp_path_factory.mktemp("kernels")
    (folder / "callee.py").write_text(CALLEE, encoding="utf-8")
    (folder / "caller.py").write_text(CALLER, encoding="utf-8")
    return folder, runner(folder)()


@pytest.fixture
def kernels(first, tmp_path):
    """A copy of the compiled folder: `kernels()` runs its caller.py."""
    shutil.copytree(first[0], tmp_path / "kernels")
    return runner(tmp_path / "kernels")


def test_a_first_run_compiles_and_says_so_and_a_second_loads(first, kernels):
    out, err, compiled = first[1]
    assert (out, compiled) == ("4\n", ["f", "g", "spin"]) and UNBUILT.fullmatch(err), err
    assert kernels() == ("4\n", "", [])


def test_an_edit_of_a_callee_in_another_module_compiles_its_caller_again(kernels):
    """numba's own cache keys g by caller.py alone and loads g with the old f inlined: 4 instead of 6."""
    callee = kernels.folder / "callee.py"
    callee.write_text(callee.read_text().replace("x + 1", "x + 2"))
    assert kernels() == ("6\n", notice("the sources changed since they were built"), ["f", "g", "spin"])


def test_another_numba_compiles_again_and_says_which(kernels):
    why = f"they were built with numba {numba.__version__}, this is numba 0.1.0"
    assert kernels("0.1.0") == ("4\n", notice(why), ["f", "g", "spin"])


def test_the_built_place_is_read_first_and_what_compiles_later_goes_to_numba_s(kernels):
    """With NUMBA_CACHE_DIR set, the kernels built next to the source still load; a new compile goes to NUMBA_CACHE_DIR
    (as it goes to numba's user-wide cache where the package's folder cannot be written to)."""
    other = kernels.folder / "numba"
    assert kernels(NUMBA_CACHE_DIR=str(other)) == ("4\n", "", [])
    assert not list(other.rglob("*.nb[ci]"))  # (numba makes the folder when it looks for a writable place)
    caller = kernels.folder / "caller.py"
    caller.write_text(caller.read_text().replace("print(g(1))", "print(g(1), g(1.5))"))
    out, _, compiled = kernels(NUMBA_CACHE_DIR=str(other))
    assert (out, compiled) == ("4 5.0\n", ["f", "g", "g"])  # g's source changed: g (int) again, g and f for floats
    assert sorted(path.suffix for path in other.rglob("caller.g*.nb[ci]")) == [".nbc", ".nbc", ".nbi"]


def test_a_damaged_cache_entry_is_a_miss(kernels):
    for index in (kernels.folder / "__pycache__").glob("*.nbi"):
        index.write_bytes(b"not a pickle")
    assert kernels() == ("4\n", notice("its cached copy is unreadable"), ["f", "g", "spin"])


def test_the_index_format_is_numba_s_version_then_the_stamp_and_overloads(first):
    """What `KernelCache.why_missed` reads: the internals pinned (pyproject.toml's numba range)."""
    folder = first[0]
    index = next((folder / "__pycache__").glob("callee.f-*.nbi"))
    with open(index, "rb") as f:
        version = pickle.load(f)
        stamp, overloads = pickle.loads(f.read())
    assert version == numba.__version__
    assert stamp == kernel_cache.stamp_of(str(folder / "callee.py"))
    assert stamp[1:] == (("numba", numba.__version__), ("numpy", np_version()), ("python", "{}.{}".format(*sys.version_info[:2])), stamp[-1])
    (key, data), = overloads.items()
    signature, magic, code_hashes = key
    assert repr(magic) == kernel_cache.host() and len(code_hashes) == 2 and data.endswith(".nbc")


def np_version() -> str:
    import numpy

    return numpy.__version__


def test_a_kernel_loaded_from_the_cache_releases_the_gil(kernels):
    """Budgets, Ctrl-C and threads rely on it: a ticker runs while a cached kernel spins in another thread."""
    code = ("import threading, time, callee\n"
            "callee.spin(10)\n"
            "ticks = 0\n"
            "t = threading.Thread(target=callee.spin, args=(50_000_000,)); t.start()\n"
            "while t.is_alive():\n    ticks += 1; time.sleep(0.001)\n"
            "print(ticks > 5, sum(callee.spin.stats.cache_hits.values()))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(kernels.folder)])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=kernels.folder, timeout=300)
    assert done.stdout.split() == ["True", "1"], done.stderr


def test_the_import_scan_finds_every_import_of_the_package():
    """`kernel_cache` reads imports with a quick scan of the text; it finds at least what Python's parser finds."""
    modules = test_layers.module_names()
    for name, path in modules.items():
        parsed = {str(modules[other]) for other in test_layers.imports_of(name, path, modules)}
        assert parsed <= set(kernel_cache._imports(str(path))), name


def test_a_kernel_s_stamp_covers_the_modules_it_imports_and_no_others():
    search = kernel_cache.sources_of(str(ROOT / "wordle_cli" / "trees" / "search" / "recursion.py"))
    names = {kernel_cache._name(path) for path in search}
    assert {"wordle_cli/trees/search/heap.py", "wordle_cli/trees/search/shared.py", "wordle_cli/compiled.py"} <= names
    assert not any(name.startswith(("wordle_cli/cli/", "wordle_cli/api.py", "wordle_cli/solver/")) for name in names)


def test_numba_s_compile_event_carries_the_dispatcher_and_its_arguments():
    from numba.core import event

    from wordle_cli.compiled import compiled

    seen = []

    class Listener(event.Listener):
        def on_start(self, ev):
            seen.append((ev.data["dispatcher"].py_func.__name__, ev.data["args"]))

        def on_end(self, ev):
            pass

    @compiled(cache=False)
    def h(x):
        return x

    with event.install_listener("numba:compile", Listener()):
        assert h(3) == 3
    assert seen == [("h", (numba.int64,))]


def test_a_kernel_s_stamp_is_the_same_wherever_the_package_is_installed(tmp_path):
    """A wheel's kernels are built in an unpacked copy and used in site-packages, beside numpy and numba: the stamps
    name the package's own files only, by their names within it."""
    site = Path(unbuilt_package(tmp_path / "site"))
    for other in ("numpy", "numba"):  # installed packages beside it, which the kernels' modules import
        (site / other).mkdir()
        (site / other / "__init__.py").write_text("import os\n")
    for module in ("trees/search/recursion.py", "backends/cpu.py", "games/absurdle.py"):
        here, there = str(ROOT / "wordle_cli" / module), str(site / "wordle_cli" / module)
        assert kernel_cache.stamp_of(there) == kernel_cache.stamp_of(here)
        assert [kernel_cache._name(path) for path in kernel_cache.sources_of(there)] == \
            [kernel_cache._name(path) for path in kernel_cache.sources_of(here)]


def test_two_saves_at_once_of_two_signatures_of_a_kernel_keep_both(tmp_path, monkeypatch):
    """numba reads the index, adds its entry and writes it back: two saves at once kept one entry (the build's two
    queues, Dask's workers); the lock on the index keeps both. The window is widened here by a slow read."""
    import threading
    import time

    read = kernel_cache._IndexFile._load_index

    def slow_read(self):
        index = read(self)
        time.sleep(0.2)  # both saves have read the index before either writes it
        return index

    monkeypatch.setattr(kernel_cache._IndexFile, "_load_index", slow_read)
    files = [kernel_cache._IndexFile(cache_path=str(tmp_path), filename_base="m.k-1.py311", source_stamp=("s",)) for _ in range(2)]
    saves = [threading.Thread(target=file.save, args=(key, b"code")) for file, key in zip(files, ("int64", "float64"))]
    for save in saves:
        save.start()
    for save in saves:
        save.join()
    assert sorted(read(files[0])) == ["float64", "int64"]
