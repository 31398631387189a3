"""The one numba decorator of the package: compiled, cached on disk, the GIL released.

Every compiled function is declared with `@compiled` (or `@compiled(parallel=True)`,
`@compiled(boundscheck=False)`, ...), so that the defaults are chosen once:
`cache=True` keeps the machine code in numba's on-disk cache (next to the
sources, or in NUMBA_CACHE_DIR), so later runs skip compiling; `nogil=True`
lets a search run in a worker thread while the main thread stays free to
take Ctrl-C and SIGTERM.
"""

from __future__ import annotations

from numba import njit

DEFAULTS = {"cache": True, "nogil": True}


def compiled(function=None, **options):
    """`numba.njit` with the package's defaults; `options` override them."""
    settings = {**DEFAULTS, **options}
    if function is None:
        return lambda f: njit(**settings)(f)
    return njit(**settings)(function)
