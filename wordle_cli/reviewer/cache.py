"""Proven values kept on disk, so a position's exact value is proven once per machine.

One small JSON file per position, in the user's cache directory
(`cache_dir()`), under a folder named by the lists' digest, the mode and the
guess limit. Each file holds its own key and a checksum of its content; a
file that cannot be read, does not parse, names another key or fails its
checksum is ignored (and rewritten once the value is proven again), never
trusted. Files are written whole to a temporary name and renamed into place
(`output.AtomicOutput`), so concurrent runs at worst prove a value twice.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from wordle_cli.output import AtomicOutput

#: Bumped when what an entry means changes; older entries are then simply never read.
FORMAT = 1

#: Environment variable naming the cache folder (tests, or a shared location).
ENV = "WORDLE_CACHE_DIR"


def cache_dir() -> Path:
    """$WORDLE_CACHE_DIR, else the platform's user cache folder (XDG_CACHE_HOME or ~/.cache on Linux) + wordle-cli."""
    explicit = os.environ.get(ENV)
    if explicit:
        return Path(explicit)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "wordle-cli" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "wordle-cli"
    base = os.environ.get("XDG_CACHE_HOME")
    if not base or not os.path.isabs(base):
        base = str(Path.home() / ".cache")
    return Path(base) / "wordle-cli"


def _checksum(key: str, total: int, best: str) -> str:
    return hashlib.sha256(json.dumps([FORMAT, key, total, best], ensure_ascii=False).encode("utf-8")).hexdigest()


class ProvenCache:
    """Proven (total, best guess) per position key, for one word-list digest, mode and guess limit."""

    def __init__(self, digest: str, hard: bool, max_guesses: int | None, root: Path | None = None):
        self.folder = (root or cache_dir()) / f"v{FORMAT}-{digest}-{'hard' if hard else 'normal'}-{max_guesses or 'nolimit'}"
        self.problems: list[str] = []  # why entries were ignored or not written (for a warning)

    def _path(self, key: str) -> Path:
        return self.folder / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.json"

    def get(self, key: str) -> tuple[int, str] | None:
        """The stored (total, best) for `key`, or None when absent or damaged."""
        path = self._path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            self.problems.append(f"ignored damaged cache entry {path} ({type(exc).__name__})")
            return None
        try:
            total, best, check = data["total"], data["best"], data["check"]
            if (
                data["key"] != key
                or not isinstance(total, int)
                or isinstance(total, bool)
                or total < 0
                or not isinstance(best, str)
                or check != _checksum(key, total, best)
            ):
                raise ValueError("does not match")
        except (KeyError, TypeError, ValueError):
            self.problems.append(f"ignored damaged cache entry {path}")
            return None
        return total, best

    def damaged(self, key: str, why: str) -> None:
        """Note an entry that read well but cannot be right (its value is impossible): ignored, and rewritten."""
        self.problems.append(f"ignored damaged cache entry {self._path(key)} ({why})")

    def put(self, key: str, total: int, best: str) -> None:
        """Store a proven value; a cache that cannot be written only costs time (noted in `problems`)."""
        path = self._path(key)
        entry = {"key": key, "total": total, "best": best, "check": _checksum(key, total, best)}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with AtomicOutput(str(path)) as out:
                out.write(json.dumps(entry, ensure_ascii=False) + "\n")
        except Exception as exc:  # noqa: BLE001 - any failure to write a cache is not the user's problem
            self.problems.append(f"cannot write the cache in {self.folder}: {exc}")
