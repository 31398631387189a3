"""Where a proven opener is kept: the shipped table (`data/prior_openers.json`) and the user's cache folder.

Both are keyed by the prior's digest: the answer and guess lists, the
answers' integer weights, hard mode and the guess limit (`prior_key`), so
an entry never answers for another day's prior or other lists.

The cache holds one small JSON file per prior in the folder it is given
(the user's cache folder, `reviewer.cache.cache_dir()`, from the API), as
the review's cache does: read without following links or waiting on FIFOs
(`wordlist.read_own_file`), checked (its key, a checksum, totals a tree can
have) and ignored when damaged, then rewritten once proven again; written
whole to a temporary name and renamed into place; a cache that cannot be
written only costs the time to prove the opener again (noted in `problems`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import NamedTuple

import numpy as np

from wordle_cli import tables
from wordle_cli.trees.opener import OpenerResult

#: Bumped when what an entry means changes; older entries are then never read.
FORMAT = 1

#: The shipped table of proven openers under a prior, remade by `python -m wordle_cli.trees.recompute_opener`.
TABLE = "prior_openers.json"

#: The uniform prior's proven best openers (published proofs, and this tool's own).
KNOWN_BEST = "known_best.json"

#: The largest cache entry read (a real one is a few hundred bytes).
MAX_ENTRY_BYTES = 1 << 16

_FIELDS = ("opener", "total", "weight", "lower", "guesses", "seconds", "limit")


def weights_digest(weights: np.ndarray) -> str:
    """16 hex digits naming the answers' integer weights, in order."""
    return hashlib.sha256(np.ascontiguousarray(weights, dtype="<i8").tobytes()).hexdigest()[:16]


def prior_key(game, weights: np.ndarray, hard: bool, max_guesses: int | None) -> str:
    """What an opener is proven for: the lists, the weights, the mode and the guess limit."""
    fields = [FORMAT, tables.digest(game.answers), tables.digest(game.candidates), weights_digest(weights), bool(hard), max_guesses]
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:32]


def plausible(entry: dict, game, weights: np.ndarray, max_guesses: int | None) -> bool:
    """Whether an entry's numbers are ones a tree on these lists and weights can have."""
    opener, total, weight, lower, guesses = (entry.get(k) for k in ("opener", "total", "weight", "lower", "guesses"))
    if not isinstance(opener, str) or opener not in game.candidate_index:
        return False
    if not all(_count(x) for x in (total, weight, lower, guesses)):
        return False
    w = int(np.asarray(weights, dtype=np.int64).sum())
    least = 2 * w - int(np.max(weights, initial=1))  # any opener: one answer found at once, the rest later
    most = max_guesses * w if max_guesses is not None else None
    return weight == w and least <= lower <= total and (most is None or total <= most) and 1 <= guesses <= len(game.candidates)


def _count(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _result(entry: dict, hard: bool, max_guesses: int | None, source: str) -> OpenerResult:
    limit = entry.get("limit")
    return OpenerResult(
        opener=entry["opener"], total=entry["total"], weight=entry["weight"], lower=entry["lower"], guesses=entry["guesses"],
        hard=hard, max_guesses=max_guesses, seconds=float(entry.get("seconds") or 0.0), time_limit=limit, source=source,
    )


def entry_of(result: OpenerResult) -> dict:
    return {
        "opener": result.opener, "total": result.total, "weight": result.weight, "lower": result.lower, "guesses": result.guesses,
        "seconds": result.seconds, "limit": None if result.proven else result.time_limit,
    }


def usable(result: OpenerResult, time_limit: float | None) -> bool:
    """A stored result serves a run with `time_limit` (None: prove to the end) if proven, or bounded with as much time."""
    if result.proven:
        return True
    return time_limit is not None and result.time_limit is not None and result.time_limit >= time_limit


# ---------------------------------------------------------------- the shipped table


def shipped(game, weights: np.ndarray, hard: bool, max_guesses: int | None) -> OpenerResult | None:
    """The shipped entry for exactly these lists, weights, mode and guess limit, or None."""
    key = (tables.digest(game.answers), tables.digest(game.candidates), weights_digest(weights), bool(hard), max_guesses)
    for entry in _shipped_entries():
        if (entry["answers"], entry["candidates"], entry["weights"], entry["hard"], entry["max_guesses"]) == key:
            if plausible(entry, game, weights, max_guesses):
                return _result(entry, hard, max_guesses, "shipped")
    if len(weights) and weights.min() == weights.max():
        return _known_best(game, int(weights[0]), hard, max_guesses)
    return None


def uniform_leaders(game, hard: bool, max_guesses: int | None) -> list[str]:
    """The uniform prior's proven best opener for these lists (or for the shipped list they extend by a few past
    answers: `openings.lookup`), as the first leader of a search under a prior: a strong first bound."""
    uniform = _known_best(game, 1, hard, max_guesses)
    if uniform is not None:
        return [uniform.opener]
    if max_guesses != 6:
        return []
    from wordle_cli.solver import openings

    opener = openings.lookup(game, "optimal", False, hard, True)
    return [opener] if opener is not None else []


def _known_best(game, each: int, hard: bool, max_guesses: int | None) -> OpenerResult | None:
    """Under a uniform prior (every weight `each`): the published proven best opener of `data/known_best.json`."""
    document = tables.read(KNOWN_BEST)
    if document["max_guesses"] != max_guesses:
        return None
    lists = (tables.digest(game.answers), tables.digest(game.candidates), bool(hard))
    for entry in document["entries"]:
        if (entry["answers"], entry["candidates"], entry["hard"]) == lists and entry["total"] is not None:
            total = entry["total"] * each
            return OpenerResult(
                opener=entry["opener"], total=total, weight=len(game.answers) * each, lower=total, guesses=len(game.candidates),
                hard=hard, max_guesses=max_guesses, seconds=0.0, source="shipped",
            )
    return None


def _shipped_entries() -> list[dict]:
    try:
        return tables.read(TABLE)["entries"]
    except FileNotFoundError:
        return []


# ---------------------------------------------------------------- the user's cache


class OpenerCache:
    """Proven openers in `root` (a folder), one file per prior key."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.problems: list[str] = []  # entries ignored or not written, for one warning each
        self.usable = True  # False once the folder is found to be no folder: neither read nor written again

    def path(self, key: str) -> Path:
        return self.root / f"opener-v{FORMAT}-{key}.json"

    def get(self, game, weights: np.ndarray, hard: bool, max_guesses: int | None) -> OpenerResult | None:
        """The stored result for this prior, or None when absent or damaged (damage is noted in `problems`)."""
        from wordle_cli.wordlist import NotReadable, read_own_file

        if not self.usable:
            return None
        key = prior_key(game, weights, hard, max_guesses)
        path = self.path(key)
        try:
            data = json.loads(read_own_file(str(path), MAX_ENTRY_BYTES).decode("utf-8"))
        except FileNotFoundError:
            return None
        except NotReadable as exc:
            if not self.root.is_dir():  # no folder there (a file, or one under a file): said once, left alone
                self.usable = False
                self.problems.append(f"ignored the cache {self.root} ({exc}): neither reading nor writing it")
            else:
                self.problems.append(f"ignored cache entry {path} ({exc})")
            return None
        except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON, nested too deeply
            self.problems.append(f"ignored damaged cache entry {path} ({type(exc).__name__})")
            return None
        try:
            limit = data.get("limit")
            ok = (
                data.get("key") == key
                and data.get("check") == _checksum(key, data)
                and plausible(data, game, weights, max_guesses)
                and (limit is None or (isinstance(limit, (int, float)) and not isinstance(limit, bool) and limit > 0))
                and isinstance(data.get("seconds"), (int, float))
            )
        except (AttributeError, TypeError):  # not an object
            ok = False
        if not ok:
            self.problems.append(f"ignored damaged cache entry {path}")
            return None
        return _result(data, hard, max_guesses, "cache")

    def put(self, game, weights: np.ndarray, result: OpenerResult) -> None:
        """Keep `result`, written whole; a failure is noted in `problems`, never raised; a special file is left alone."""
        if not self.usable:
            return
        from wordle_cli.output import write_kept

        key = prior_key(game, weights, result.hard, result.max_guesses)
        path = self.path(key)
        entry = {"key": key, **entry_of(result)}
        entry["check"] = _checksum(key, entry)
        try:
            if not write_kept(self.root, path, json.dumps(entry, ensure_ascii=False) + "\n"):
                self.problems.append(f"left cache entry {path} as it is: not a regular file")
        except Exception as exc:  # noqa: BLE001 - a cache that cannot be written only costs time
            self.problems.append(f"cannot write the cache entry {path}: {getattr(exc, 'strerror', None) or exc}")


def _checksum(key: str, entry: dict) -> str:
    fields = [FORMAT, key, *(entry.get(k) for k in _FIELDS)]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the three together


def stored(game, weights: np.ndarray, *, hard: bool = False, max_guesses: int | None = 6, cache_root: Path | None = None) -> OpenerResult | None:
    """The best opener under `weights` already known: shipped, else kept in `cache_root` (None: not looked in); None
    when neither holds it. Nothing is searched: for a game or a review that must start at once."""
    weights = np.asarray(weights, dtype=np.int64)
    found = shipped(game, weights, hard, max_guesses)
    if found is None and cache_root is not None:
        found = OpenerCache(cache_root).get(game, weights, hard, max_guesses)
    return found


def find(
    game, weights: np.ndarray | None, *, hard: bool = False, max_guesses: int | None = 6, time_limit: float | None = None,
    cache_root: Path | None = None, backend: str = "cpu", problems: list[str] | None = None, proving=None, fresh: bool = False,
) -> OpenerResult:
    """The best opener under `weights` (int64, one per answer of `game`; None: uniform): shipped, else cached in
    `cache_root` (None: no cache), else proven now (and cached), within `time_limit` seconds for the search over
    every guess (None: to the end). Cache problems are appended to `problems`; `proving()`, if given, is called
    before a proof starts (to say that it may take minutes). `fresh`: prove it now, whatever is shipped or cached."""
    from wordle_cli.trees.budget import Deadline
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.opener import prove_opener

    weights = np.ones(len(game.answers), dtype=np.int64) if weights is None else np.asarray(weights, dtype=np.int64)
    found = None if fresh else shipped(game, weights, hard, max_guesses)
    if found is not None:  # what wordle-cli ships answers (proven, or bounded and labelled so); no cache proves more
        return found
    cache = OpenerCache(cache_root) if cache_root is not None else None
    if cache is not None and not fresh:
        found = cache.get(game, weights, hard, max_guesses)
        if found is not None and usable(found, time_limit):
            _noted(cache, problems)
            return found
    if proving is not None:
        proving()
    problem = Problem(game, hard=hard, max_guesses=max_guesses, backend=backend, weights=weights)
    result = prove_opener(problem, Deadline(time_limit), first=uniform_leaders(game, hard, max_guesses))
    if cache is not None:
        cache.put(game, weights, result)
        _noted(cache, problems)
    return result


def _noted(cache: OpenerCache, problems: list[str] | None) -> None:
    if problems is not None:
        problems.extend(cache.problems)


# ---------------------------------------------------------------- the opener the optimal strategy plays under a prior


class Opener(NamedTuple):
    """The first guess of the optimal strategy under a prior, and what is known of it (`note`: None when proven)."""

    word: str | None
    note: str | None


def opener_for(lists, prior, *, pool_only: bool = False, hard: bool = False, cache_root: Path | None = None) -> Opener:
    """The first guess the optimal strategy plays under `prior` (an `AnswerWeights`, not uniform).

    The one place the opener under a prior is chosen (`play`, `solve`, `simulate` and their note): the best
    opener under this very prior where one is known, shipped or proven earlier by `wordle tree opener` (kept
    in `cache_root`, the user's cache folder: `stored`), said to be proven or bounded; else the uniform opening
    book's opener (`openings.lookup`), said to be unproven under the prior; word None where neither is known (the
    search then proves the opener itself: hours on full lists). Nothing is searched here: a game starts at once.
    """
    from wordle_cli.model.game import ROWS
    from wordle_cli.solver import openings

    known = None if pool_only else stored(lists, prior.weights, hard=hard, max_guesses=ROWS, cache_root=cache_root)
    if known is not None:
        note = None if known.proven else f"the opener {known.opener} is the {known.proof_text()}"
        return Opener(known.opener, note)
    opener = openings.lookup(lists, "optimal", pool_only, hard, extended=True)  # a pool grown by past answers: its list's
    if opener is None:
        return Opener(None, "no opener is known under this prior: the optimal strategy searches every opener first (hours on full lists)")
    return Opener(
        opener, f"the opener is the uniform optimum {opener} (the best under this prior is not proven: `wordle tree opener` "
        "searches it); every later guess is optimal under the prior"
    )
