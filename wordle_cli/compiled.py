"""The one numba decorator of the package: compiled, cached on disk, the GIL released.

Every compiled function is declared with `@compiled` (or `@compiled(parallel=True)`,
`@compiled(boundscheck=False)`, ...), so that the defaults are chosen once:
`cache=True` keeps the machine code in numba's on-disk cache (next to the
sources, or in NUMBA_CACHE_DIR), so later runs skip compiling; `nogil=True`
lets a search run in a worker thread while the main thread stays free to
take Ctrl-C and SIGTERM.

The first time a kernel is compiled on a machine (its cache index absent)
one line on stderr says so, once per run, when stderr is a terminal: a
first review or solve waits for the compiler, and should not look hung (a
script's or a test's stderr stays as it was).
"""

from __future__ import annotations

import os
import sys

from numba import njit
from numba.core import event

DEFAULTS = {"cache": True, "nogil": True}

#: What a first run says on stderr while numba compiles (once per run).
COMPILING = "wordle: compiling kernels for this machine (only the first time they are used; up to a minute or two)"


class _FirstCompile(event.Listener):
    """Says `COMPILING` when a compile starts for a function numba's cache has never held on this machine."""

    said = False

    def on_start(self, ev) -> None:
        if _FirstCompile.said:
            return
        dispatcher = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
        cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
        index = getattr(cache_file, "_index_path", None)
        if index is None or os.path.exists(index):
            return  # not cached at all (nothing to say), or in the cache: loaded, not compiled
        _FirstCompile.said = True
        try:
            if sys.stderr is not None and sys.stderr.isatty():
                print(COMPILING, file=sys.stderr, flush=True)
        except (OSError, ValueError):  # a closed or broken stderr: nothing to say it on
            pass

    def on_end(self, ev) -> None:
        pass


event.register("numba:compile", _FirstCompile())


def compiled(function=None, **options):
    """`numba.njit` with the package's defaults; `options` override them."""
    settings = {**DEFAULTS, **options}
    if function is None:
        return lambda f: njit(**settings)(f)
    return njit(**settings)(function)
