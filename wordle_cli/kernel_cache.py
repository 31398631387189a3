"""numba's on-disk cache of the package's kernels, keyed by everything their machine code depends on.

numba keys a cached kernel by its own module's source and its own bytecode:
a kernel whose callee in another module changed would load its old machine
code, with the old callee inlined. Here each entry's stamp is a digest of
the kernel's module and of every module of the package it imports, directly
or not (`sources_of`), with the numba, numpy and Python versions
(`stamp_of`): a change to any of them is a miss, and the kernel compiles
again.

Two places are read, in turn (`KernelCache`): the `__pycache__` folder next
to the kernel's module, where `wordle kernels build` (run by the install,
tests/conftest.py and `make bench-compile`) puts every kernel the commands
use; then numba's own place (NUMBA_CACHE_DIR if set, else that same folder
if it is writable, else numba's user-wide cache), where a kernel compiled at
run time is saved. So an install that its user cannot write to (a root
install) is read, and what its user compiles goes to their own cache.

numba internals relied on (pinned in pyproject.toml, exercised by
tests/test_kernel_cache.py, written up in docs/speed.md): `FunctionCache`
and its `_impl` (`filename_base`, `rebuild`), `_cache_path`, `_cache_file`,
`_index_key`, `_load_overload`; `IndexDataCacheFile(cache_path,
filename_base, source_stamp)` with `load`, `save`, `_load_index`,
`_index_path`;
its index file: a pickled numba version, then a pickle of (stamp, {key:
data file}), a key being (signature, the codegen's `magic_tuple()`: the
CPU, code hashes).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import pickle
import re
import sys
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import numba
import numpy
from numba.core.caching import FunctionCache, IndexDataCacheFile

#: The package's root folder (the parent of `wordle_cli/`).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: What `wordle kernels build` writes beside the built kernels: what it built them for, how many it compiled.
MANIFEST = Path(__file__).resolve().parent / "__pycache__" / "kernels.json"

_SELF = "wordle_cli/kernel_cache.py"
_DECORATED = re.compile(r"^[ \t]*@compiled\b", re.M)
# An import statement's line: `from X import names` or `import X, Y as Z`.
_IMPORT = re.compile(r"[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(.*)|import[ \t]+(.*))")


def versions() -> dict[str, str]:
    """What compiled code depends on besides the sources (numba fixes its llvmlite's version)."""
    return {"numba": numba.__version__, "numpy": numpy.__version__, "python": "{}.{}".format(*sys.version_info[:2])}


def host() -> str:
    """The machine code's target as numba keys each entry by it: the triple, the CPU and its features."""
    from numba.core.registry import cpu_target

    return repr(cpu_target.target_context.codegen().magic_tuple())


@cache
def _source(path: str) -> tuple[str, str]:
    """(text, sha256 hex digest) of a source file, read once per process."""
    with open(path, "rb") as f:
        data = f.read()
    return data.decode("utf-8", "replace"), hashlib.sha256(data).hexdigest()


def _import_statements(text: str):
    """(module, names, None) for each `from module import names`, (None, None, modules) for each `import modules`;
    names in parentheses over several lines are joined, comments dropped."""
    lines = iter(text.split("\n"))
    for line in lines:
        if "import" not in line:
            continue
        match = _IMPORT.match(line.split("#")[0])
        if match is None:
            continue
        module, names, plain = match.groups()
        if names is not None and names.lstrip().startswith("(") and ")" not in names:
            for more in lines:
                names += " " + more.split("#")[0]
                if ")" in more:
                    break
        yield module, names, plain


@cache
def _root_of(folder: str) -> str:
    """The folder that the top-level package holding `folder` sits in (`folder` itself outside packages)."""
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder = os.path.dirname(folder)
    return folder


@cache
def _module_file(root: str, own: str, name: str) -> str | None:
    """The source file of module `name` imported by a module under `root` whose top-level package is `own` ("" for
    a module outside packages), if it is one of that package's (or, outside packages, beside it) or of wordle_cli's;
    never another installed package's (numpy sitting beside an installed wordle_cli is not part of a stamp)."""
    top = name.split(".")[0]
    if top == own or (not own and top != "wordle_cli"):
        base = os.path.join(root, *name.split("."))
    elif top == "wordle_cli":
        base = os.path.join(ROOT, *name.split("."))
    else:
        return None
    for candidate in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(candidate):
            return candidate
    return None


@cache
def _imports(path: str) -> frozenset[str]:
    """The source files of the package's modules that `path` imports anywhere in its text (lazy imports included)."""
    root = _root_of(os.path.dirname(path))
    package = os.path.relpath(os.path.dirname(path), root).split(os.sep) if os.path.dirname(path) != root else []
    own = package[0] if package else ""
    found = set()
    for module, names, plain in _import_statements(_source(path)[0]):
        if plain is not None:
            targets = [item.split(" as ")[0].strip() for item in plain.split(",")]
        else:
            dots = len(module) - len(module.lstrip("."))
            if dots:
                base = package[: len(package) - (dots - 1)]
                module = ".".join([*base, module[dots:]] if module[dots:] else base)
            items = [item.split(" as ")[0].strip() for item in names.strip().strip("()").split(",")]
            # `from P import x`: the module P.x where there is one, else P itself.
            targets = [f"{module}.{item}" if module and _module_file(root, own, f"{module}.{item}") else module
                       for item in items if item]
        for target in targets:
            if target and re.fullmatch(r"[\w.]+", target):
                source = _module_file(root, own, target)
                if source is not None:
                    found.add(source)
    found.discard(path)
    return frozenset(found)


def sources_of(path: str) -> list[str]:
    """`path` (absolute) and every source file it imports, directly or through others, in a stable order; but
    this module, which makes no machine code (a change to what it stamps changes its stamps' first item)."""
    seen = {path}
    todo = [path]
    while todo:
        for other in _imports(todo.pop()):
            if other not in seen and _name(other) != _SELF:
                seen.add(other)
                todo.append(other)
    return sorted(seen)


@cache
def _name(path: str) -> str:
    """A source file's name from its package's root (the same wherever the package is installed)."""
    root = _root_of(os.path.dirname(path))
    return path[len(root):].lstrip(os.sep).replace(os.sep, "/")


@cache
def stamp_of(path: str) -> tuple:
    """The stamp of the kernels defined in `path` (absolute): the numba and numpy versions, a digest of its sources."""
    digest = hashlib.sha256()
    for source in sources_of(path):
        digest.update(f"{_name(source)} {_source(source)[1]}\n".encode())
    return ("wordle-cli kernels 1", *sorted(versions().items()), digest.hexdigest())


def kernel_modules() -> list[str]:
    """The package's modules that define kernels (a kernel is declared with `@compiled`: compiled.py)."""
    modules = sorted(str(path) for path in Path(ROOT, "wordle_cli").rglob("*.py"))
    return [module for module in modules if _DECORATED.search(_source(module)[0])]


def package_stamp() -> str:
    """A digest of every kernel's stamp and the CPU: what a complete build of the package's kernels was made for."""
    digest = hashlib.sha256(host().encode())
    for module in kernel_modules():
        digest.update(f"{_name(module)} {stamp_of(module)}\n".encode())
    return digest.hexdigest()


class _IndexFile(IndexDataCacheFile):
    """numba's index and data files of one kernel, where an index that cannot be read is an empty one (a miss,
    and overwritten by the next save) rather than an error, and a save holds a lock on the index: numba reads
    the index, adds its entry and writes it back, so two processes saving two signatures of one kernel at once
    (the build's two queues, Dask's workers) would otherwise keep only one of them."""

    def _load_index(self):
        try:
            return super()._load_index()
        except Exception:  # noqa: BLE001 - damaged, or written by something else
            return {}

    def save(self, key, data):
        with _locked(self._index_path + ".lock"):
            super().save(key, data)


@contextmanager
def _locked(path: str):
    """An exclusive lock on `path` (made if missing) among processes, where the platform has them (POSIX)."""
    try:
        import fcntl
    except ImportError:  # Windows: numba's own behaviour, unlocked
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class KernelCache(FunctionCache):
    """numba's cache of one kernel, with the stamp above, read from the built place first (see the module's doc)."""

    def __init__(self, py_func):
        super().__init__(py_func)  # numba's writable place: where a kernel compiled at run time is saved
        source = os.path.abspath(inspect.getfile(py_func))
        self.stamp = stamp_of(source)
        name = self._impl.filename_base
        self._cache_file = _IndexFile(cache_path=self._cache_path, filename_base=name, source_stamp=self.stamp)
        built = os.path.join(os.path.dirname(source), "__pycache__")
        same = os.path.abspath(self._cache_path) == built
        self._built = self._cache_file if same else _IndexFile(cache_path=built, filename_base=name, source_stamp=self.stamp)

    def _load_overload(self, sig, target_context):
        if not self._enabled:
            return None
        key = self._index_key(sig, target_context.codegen())
        for place in dict.fromkeys((self._built, self._cache_file)):  # the built place first, once if the same
            try:
                data = place.load(key)
            except Exception:  # noqa: BLE001 - a damaged data file is a miss: the kernel compiles
                data = None
            if data is not None:
                return self._impl.rebuild(target_context, data)
        return None

    def why_missed(self, sig) -> str:
        """Why a kernel compiles: why its built entry (or, with none, numba's own) could not be used."""
        for place in dict.fromkeys((self._built, self._cache_file)):
            index = place._index_path
            try:
                with open(index, "rb") as f:
                    version = pickle.load(f)
                    stamp, overloads = pickle.loads(f.read()) if version == numba.__version__ else (None, {})
            except FileNotFoundError:
                continue
            except Exception:  # noqa: BLE001 - unreadable: as good as absent
                return "its cached copy is unreadable"
            return _reason(version, stamp, self.stamp, overloads, sig)
        return "not built at install" if not MANIFEST.is_file() else "not among the kernels built at install"


def _reason(version: str, stamp, want: tuple, overloads: dict, sig) -> str:
    if version != numba.__version__:
        return f"they were built with numba {version}, this is numba {numba.__version__}"
    if not isinstance(stamp, tuple) or stamp[:-1] != want[:-1]:
        built = dict(item for item in stamp[1:-1]) if isinstance(stamp, tuple) else {}
        if built.get("numpy") and built["numpy"] != numpy.__version__:
            return f"they were built with numpy {built['numpy']}, this is numpy {numpy.__version__}"
        return "their cached copies were made by another version of wordle-cli"
    if stamp != want:
        return "the sources changed since they were built"
    if any(key[0] == sig for key in overloads):
        return "they were built for another CPU"
    return "not among the kernels built at install"


def read_manifest() -> dict:
    """What the last `wordle kernels build` wrote (empty if none, or unreadable)."""
    try:
        return json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
