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

The CPU module also has ``count_codes(table, n_codes, rows) -> int32[N, n_codes]``,
a host-side histogram of any backend's feedback table per word (`wordle infer`
counts how many guesses give each feedback against each candidate with it).

Modules are imported lazily, so `wordle --help` and `wordle prune` never pay
for numba or CuPy.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from wordle_cli.errors import WordleError, one_line, quote, whole_number

NAMES = ("auto", "cpu", "cuda")
#: The consistency rules every backend computes (docs/spec.md §3): the true one, and the original program's.
RULES = ("strict", "loose")


@cache
def cuda_status() -> tuple[bool, str]:
    """(available, reason or device name) for the CUDA backend, without raising.

    Terminating signals are blocked while CuPy starts CUDA, whose threads must
    never take them (see `interrupts.kept_from_new_threads`).
    """
    from wordle_cli.interrupts import kept_from_new_threads

    with kept_from_new_threads():
        return _probe_cuda()


def _probe_cuda() -> tuple[bool, str]:
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
        raise WordleError(f"unknown backend {quote(str(name))}; choose one of {', '.join(NAMES)}")
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
    if name == "cpu":
        numba_module()  # a bad environment is one line here, not a traceback from inside numba
    return importlib.import_module(f"wordle_cli.backends.{name}")


#: Most threads NUMBA_NUM_THREADS may ask for (or the machine's cores, if more):
#: numba itself crashes (SIGSEGV) when it cannot start them all, e.g. 100000.
MAX_NUMBA_THREADS = 1024

#: numba's threading layers (NUMBA_THREADING_LAYER); anything else fails at the first parallel kernel.
_THREADING_LAYERS = ("default", "safe", "forksafe", "threadsafe", "tbb", "omp", "workqueue")


def check_numba_environment() -> None:
    """WordleError naming a NUMBA_* variable that would make numba fail with a traceback (or crash).

    NUMBA_NUM_THREADS=0 makes `import numba` raise, 100000 makes the first
    parallel kernel crash; a misspelt threading layer makes it raise. Reads
    the environment only.
    """
    import os

    threads = os.environ.get("NUMBA_NUM_THREADS", "").strip()
    most = max(MAX_NUMBA_THREADS, os.cpu_count() or 1)
    if threads and not 0 < (whole_number(threads) or 0) <= most:
        raise WordleError(f"NUMBA_NUM_THREADS={quote(threads)} is invalid: it must be a whole number from 1 to {most} (or unset)")
    layer = os.environ.get("NUMBA_THREADING_LAYER", "").strip()
    if layer and layer.lower() not in _THREADING_LAYERS:
        raise WordleError(
            f"NUMBA_THREADING_LAYER={quote(layer)} is invalid: choose one of {', '.join(_THREADING_LAYERS)} (or unset)"
        )
    choose_numba_cache()


def choose_numba_cache() -> None:
    """Make sure numba finds a writable directory for its on-disk cache (call before numba is imported).

    Every kernel is compiled with `cache=True`. numba caches beside the
    package (its `__pycache__` folders), else in the user's cache folder
    (~/.cache/numba), or in NUMBA_CACHE_DIR when that is set and writable;
    when none is writable (a read-only install and an unwritable HOME, as for
    a service user in a container), importing a kernel fails with "cannot
    cache function ...: no locator available". Then NUMBA_CACHE_DIR is set
    to a private folder in the temporary directory, `wordle-cli-numba-UID`
    (made 0700; used only if this user owns it and nobody else may write to
    it), which Dask's worker processes inherit too. A NUMBA_CACHE_DIR that
    was set but cannot be written is replaced so, with one warning line.
    Without any usable folder, a one-line error says to set NUMBA_CACHE_DIR.
    """
    import os

    wanted = os.environ.get("NUMBA_CACHE_DIR", "")
    if wanted and _writable_folder(wanted):
        return
    if not wanted and (os.name == "nt" or all(map(_writable_folder, _in_tree_caches())) or _writable_folder(_user_cache())):
        return
    fallback = _private_cache()
    if fallback is None:
        raise WordleError(
            "numba, the CPU backend, finds no writable folder for its cache (the package's, ~/.cache/numba, "
            "the temporary directory's): set NUMBA_CACHE_DIR to a writable folder"
        )
    os.environ["NUMBA_CACHE_DIR"] = fallback
    if wanted:
        import warnings

        warnings.warn(f"NUMBA_CACHE_DIR={quote(wanted)} is not a writable folder; numba caches in {fallback} instead", stacklevel=2)


def _writable_folder(path: str) -> bool:
    """Whether `path` is (or can be made) a folder this process can create files in: numba's own test."""
    import os
    import tempfile

    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except (OSError, ValueError):
        return False
    return True


def _in_tree_caches() -> list[str]:
    """The `__pycache__` folder of every folder of the package (where numba caches first)."""
    import os

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folders = [package] + [entry.path for entry in os.scandir(package) if entry.is_dir() and not entry.name.startswith(("_", "."))]
    return [os.path.join(folder, "__pycache__") for folder in folders]


def _user_cache() -> str:
    """numba's user-wide cache folder (its AppDirs' user_cache_dir for appname "numba")."""
    import os
    import sys

    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Caches/numba")
    return os.path.join(os.getenv("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "numba")


def _private_cache() -> str | None:
    """`wordle-cli-numba-UID` in the temporary directory, if it is (or becomes) this user's own folder."""
    import os
    import stat
    import tempfile

    try:
        path = os.path.join(tempfile.gettempdir(), f"wordle-cli-numba-{os.getuid()}")
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.lstat(path)
    except (OSError, AttributeError):  # no usable temporary directory (or no getuid: Windows)
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
        return None  # someone else's, or writable by others: its cached code could not be trusted
    return path if _writable_folder(path) else None


def numba_module() -> ModuleType:
    """`import numba`, its environment checked first; any failure to start it is one line."""
    check_numba_environment()
    try:
        import numba
    except Exception as exc:  # a broken install or another bad NUMBA_* variable
        raise WordleError(f"cannot start numba, the CPU backend: {one_line(exc)}") from None
    return numba


class NumbaImportCheck:
    """A sys.meta_path entry: `check_numba_environment` the first time anything imports numba.

    Many modules import numba at their top (kernels are compiled functions),
    so checking in `numba_module` alone would miss most ways in. The `wordle`
    program installs this (`install`) before running a command; it finds
    no module itself, and leaves once numba's environment has passed.
    """

    @classmethod
    def install(cls) -> None:
        import sys

        if not any(isinstance(finder, cls) for finder in sys.meta_path):
            sys.meta_path.insert(0, cls())

    def find_spec(self, name, path=None, target=None):
        import sys

        if name == "numba":
            check_numba_environment()
            sys.meta_path.remove(self)
        return None


def resolve_with_threads(name: str, pairs: int | None, threads: int | None) -> str:
    """`resolve`, then the CPU's thread limit (`set_threads`) where the CPU is chosen: every command's first step."""
    chosen = resolve(name, pairs)
    if chosen == "cpu":
        set_threads(threads)
    return chosen


def set_threads(threads: int | None) -> None:
    """Limit the CPU backend's threads (numba); None leaves numba's default."""
    if threads is None:
        return
    numba = numba_module()

    limit = numba.config.NUMBA_NUM_THREADS
    if not 1 <= threads <= limit:
        raise WordleError(f"--threads must be between 1 and {limit} on this machine, got {threads}")
    numba.set_num_threads(threads)

