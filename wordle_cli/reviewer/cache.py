"""Proven values kept on disk, so a position's exact value is proven once per machine.

One small JSON file per entry, in the user's cache directory
(`cache_dir()`), under a folder named by the lists' digest, the mode and the
guess limit. An entry is what one search of a review found (`ExactValues`:
a position's value, a guess's classes, the ties for a best guess), with the
search work it took, so that a review reading it is charged what a review
proving it again would be: the output never depends on what the cache
holds. Each file holds its own key and a checksum of its content; a
file that cannot be read, does not parse, names another key or fails its
checksum is ignored (and rewritten once the value is proven again), never
trusted; so is a value its pool cannot have (`ExactValues` checks that).
Files are written whole to a temporary name and renamed into place
(`output.AtomicOutput`), so concurrent runs at worst prove a value twice.

Whatever else sits at an entry's name is damage, never followed or waited
on: a link (to a file, to /dev/zero), a FIFO, a device or a folder is
ignored and left as it is; a file over 64 KiB or JSON nested too deeply is
ignored and replaced. A cache that cannot be written (a full disk) is
noted once, and the run writes no more of it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from wordle_cli import interrupts
from wordle_cli.errors import one_line
from wordle_cli.output import AtomicOutput
from wordle_cli.wordlist import NotReadable, read_own_file

#: Bumped when what an entry means changes; older entries are then simply never read. (2: entries carry their
#: search work, and a range is kept for the budget that made it, never for a time.)
FORMAT = 2

#: Environment variable naming the cache folder (tests, or a shared location).
ENV = "WORDLE_CACHE_DIR"

#: The largest entry read: a real one is a few hundred bytes (a key, two numbers, a word, a checksum), a guess's
#: classes or a whole review a few KB.
MAX_ENTRY_BYTES = 1 << 16


def cache_dir() -> Path:
    """$WORDLE_CACHE_DIR, else platformdirs' user cache folder for wordle-cli (as `history.data_dir` finds its data)."""
    explicit = os.environ.get(ENV)
    if explicit:
        return Path(explicit)
    import platformdirs

    return Path(platformdirs.user_cache_dir("wordle-cli", appauthor=False))


def _checksum(key: str, total: int, best: str, lower: int | None = None, **more) -> str:
    """An exact entry's checksum covers (key, total, best); a range's its lower bound too; and every further field
    (`more`: its work, the search it counts for, the budget that cut it, its classes...) by name."""
    fields = [FORMAT, key, total, best] if lower is None else [FORMAT, key, total, best, lower]
    for name in sorted(more):
        if more[name] is not None:
            fields += [name, more[name]]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()


#: The fields of an entry besides key, total, best, lower and check (`ProvenCache.put`'s `more`).
MORE = ("work", "search", "within", "ties", "parts", "failed", "cut", "review")


class ProvenCache:
    """Proven (total, best guess) per position key, for one word-list digest, mode and guess limit."""

    def __init__(self, digest: str, hard: bool, max_guesses: int | None, root: Path | None = None):
        self.folder = (root or cache_dir()) / f"v{FORMAT}-{digest}-{'hard' if hard else 'normal'}-{max_guesses or 'nolimit'}"
        self.problems: list[str] = []  # why entries were ignored or not written (for a warning)
        self.writable = True  # False after the first failure to write: the rest of the run does not try
        self.readable = True  # False once the folder is found to be no folder (a file, a FIFO, a device)
        self._damaged: set[Path] = set()  # entries already warned about

    def _path(self, key: str) -> Path:
        return self.folder / f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}.json"

    def get(self, key: str) -> tuple[int, str] | None:
        """The stored exact (total, best) for `key`, or None when absent, damaged or only bounded (`get_entry`)."""
        found = self.get_entry(key)
        if found is None or found["lower"] != found["total"]:
            return None
        return found["total"], found["best"]

    def get_entry(self, key: str) -> dict | None:
        """The stored entry for `key` (a dict: key, total, best, lower, and the `MORE` fields it has), or None when
        absent or damaged.

        An exact entry has lower == total; a range's total is the value of a
        strategy opening with `best` (an upper bound). What the `MORE`
        fields hold is the writer's business (`ExactValues`), checked by it.

        Whatever sits at the entry's name is read safely (`wordlist.read_own_file`:
        no link followed, no FIFO waited on, at most MAX_ENTRY_BYTES); anything
        that does not decode to this key's entry is damage.
        """
        if not self.readable:
            return None
        path = self._path(key)
        try:
            raw = read_own_file(str(path), MAX_ENTRY_BYTES)
            data = json.loads(raw.decode("utf-8"))
        except FileNotFoundError:
            return None
        except NotReadable as exc:
            if not os.path.isdir(self.folder):  # every entry would fail alike: said once, the cache left alone
                self._no_folder(str(exc))
            else:
                self._damaged_entry(path, str(exc))
            return None
        except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, nested beyond the decoder's depth
            self._damaged_entry(path, type(exc).__name__)
            return None
        try:
            total, best, check = data["total"], data["best"], data["check"]
            lower = data.get("lower")
            more = {name: data.get(name) for name in MORE}
            if (
                data["key"] != key
                or set(data) - {"key", "total", "best", "check", "lower", *MORE}
                or not _count(total)
                or not isinstance(best, str)
                or not (lower is None or (_count(lower) and lower <= total))
                or not all(more[name] is None or _count(more[name]) for name in ("work", "within", "ties"))
                or not (more["search"] is None or isinstance(more["search"], str))
                or not all(more[name] is None or isinstance(more[name], bool) for name in ("failed", "cut"))
                or check != _checksum(key, total, best, lower, **more)
            ):
                raise ValueError("does not match")
        except (KeyError, TypeError, ValueError):
            self._damaged_entry(path, None)
            return None
        return {"key": key, "total": total, "best": best, "lower": total if lower is None else lower, **more}

    def damaged(self, key: str, why: str) -> None:
        """Note an entry that read well but cannot be right (its value is impossible): ignored, and rewritten."""
        self._damaged_entry(self._path(key), why)

    def put(self, key: str, total: int, best: str, lower: int | None = None, **more) -> None:
        """Store a proven value (or, with `lower` < total, a range: `total` being a strategy's value with `best`),
        with the `MORE` fields given; a cache that cannot be written only costs time (noted in `problems`).

        The entry is written whole to a new file in the folder and renamed
        over its name (`AtomicOutput(links=False)`): never through a link,
        never over anything but a regular file (such an entry is left as it
        is). The first failure to write (a full disk, a read-only folder) is
        noted once and ends the writing for the rest of the run.
        """
        if not self.writable:
            return
        path = self._path(key)
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            if path not in self._damaged:
                self._damaged.add(path)
                self.problems.append(f"left cache entry {path} as it is: not a regular file")
            return
        if set(more) - set(MORE):
            raise TypeError(f"unknown cache entry fields {sorted(set(more) - set(MORE))}")
        if lower is not None and lower >= total:
            lower = None  # exact
        more = {name: value for name, value in more.items() if value is not None}
        entry = {"key": key, "total": total, "best": best, "check": _checksum(key, total, best, lower, **more)}
        if lower is not None:
            entry["lower"] = lower
        entry.update(more)
        try:
            with interrupts.deferred():  # whole or not at all, even when the run is stopped
                self.folder.mkdir(parents=True, exist_ok=True)
                with AtomicOutput(str(path), links=False) as out:
                    out.write(json.dumps(entry, ensure_ascii=False) + "\n")
        except Exception as exc:  # noqa: BLE001 - any failure to write a cache is not the user's problem
            if not os.path.isdir(self.folder):
                self._no_folder(_reason(exc))
                return
            self.writable = False
            self.problems.append(f"cannot write the cache in {self.folder}: {_reason(exc)}; not writing it again in this run")

    def _no_folder(self, why: str) -> None:
        """The cache's folder is no folder (or lies under a file): one note for the run, which then leaves it alone."""
        if self.readable or self.writable:
            self.problems.append(f"ignored the cache {self.folder} ({why}): neither reading nor writing it in this run")
        self.readable = self.writable = False

    def _damaged_entry(self, path: Path, why: str | None) -> None:
        self._damaged.add(path)
        self.problems.append(f"ignored damaged cache entry {path}" + (f" ({why})" if why else ""))


def _count(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _reason(exc: Exception) -> str:
    """Why a write failed, without the path `AtomicOutput`'s messages start with ("cannot write PATH: ")."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = one_line(exc)
    prefix = "cannot write "
    if text.startswith(prefix) and ": " in text:
        return text.split(": ", 1)[1]
    return text
