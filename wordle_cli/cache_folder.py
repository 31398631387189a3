"""The folder every cache of wordle-cli lives in (proven values, best openers, their checkpoints).

Beside the base modules so that every layer finds the same folder: the
review's cache (`reviewer.cache`) and the program that remakes the shipped
openers (`trees.recompute_opener`), which must not import each other's layer.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Environment variable naming the cache folder (tests, or a shared location).
ENV = "WORDLE_CACHE_DIR"


def cache_dir() -> Path:
    """$WORDLE_CACHE_DIR, else platformdirs' user cache folder for wordle-cli (as `history.data_dir` finds its data)."""
    explicit = os.environ.get(ENV)
    if explicit:
        return Path(explicit)
    import platformdirs

    return Path(platformdirs.user_cache_dir("wordle-cli", appauthor=False))
