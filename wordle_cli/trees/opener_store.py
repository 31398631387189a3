"""Where a proven opener is kept: the shipped table (`data/prior_openers.json`) and the user's cache folder.

Both are keyed by the prior's digest: the answer and guess lists, the
answers' integer weights, hard mode and the guess limit (`prior_key`), so
an entry never answers for another day's prior or other lists.

The cache holds one small JSON file per prior in the folder it is given
(the user's cache folder, `cache_folder.cache_dir()`, from the API), as
the review's cache does: read without following links or waiting on FIFOs
(`wordlist.read_own_file`), checked (its key, a checksum, totals a tree can
have, no number that is not finite, no total below its opener's simple
bound) and ignored when damaged, then rewritten once proven again; written
whole to a temporary name and renamed into place; a cache that cannot be
written only costs the time to prove the opener again (noted in `problems`).
A proof under way keeps its checkpoint beside the entry (`.checkpoint`), so
that a run stopped resumes; it goes once the entry is proven.

What an entry is trusted for: a game of at most `RECOMPUTED_MAX_POOL`
answers proves its opener in a moment, so no stored entry answers for it
(it is proven again); a bounded entry (a proof that ran out of time) answers
only a run with no more time, never a request for a proof; the shipped
table likewise. An entry names the day of the prior it was proven for
(`date`, when known), so that a review under another day's prior can grade
turn 1 against the best opener proven for the nearest day (`reference`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import os
import stat
from pathlib import Path
from typing import NamedTuple

import numpy as np

from wordle_cli import tables
from wordle_cli.trees.opener import INF, OpenerResult

#: Bumped when what an entry means changes; older entries are then never read.
FORMAT = 2

#: A game of at most this many answers proves its best opener in a moment: no stored entry answers for it.
RECOMPUTED_MAX_POOL = 400

#: The shipped table of proven openers under a prior, remade by `python -m wordle_cli.trees.recompute_opener`.
TABLE = "prior_openers.json"

#: The uniform prior's proven best openers (published proofs, and this tool's own).
KNOWN_BEST = "known_best.json"

#: The largest cache entry read (a real one is a few hundred bytes).
MAX_ENTRY_BYTES = 1 << 16

_FIELDS = ("opener", "total", "weight", "lower", "guesses", "seconds", "limit", "next", "next_total", "left", "date")


def weights_digest(weights: np.ndarray) -> str:
    """16 hex digits naming the answers' integer weights, in order."""
    return hashlib.sha256(np.ascontiguousarray(weights, dtype="<i8").tobytes()).hexdigest()[:16]


def prior_key(game, weights: np.ndarray, hard: bool, max_guesses: int | None) -> str:
    """What an opener is proven for: the lists, the weights, the mode and the guess limit."""
    fields = [FORMAT, tables.digest(game.answers), tables.digest(game.candidates), weights_digest(weights), bool(hard), max_guesses]
    return hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:32]


def plausible(entry: dict, game, weights: np.ndarray, max_guesses: int | None) -> bool:
    """Whether an entry's numbers are ones a proof on these lists and weights can give: whole numbers in range,
    finite seconds, and no total below its opener's simple bound (`opener_bounds`: a check of one row)."""
    opener, total, weight, lower, guesses = (entry.get(k) for k in ("opener", "total", "weight", "lower", "guesses"))
    if not isinstance(opener, str) or opener not in game.candidate_index:
        return False
    if not all(_count(x) for x in (total, weight, lower, guesses)):
        return False
    if not _seconds(entry.get("seconds")) or not (entry.get("limit") is None or _seconds(entry["limit"], positive=True)):
        return False
    runner_up, next_total, left = entry.get("next"), entry.get("next_total"), entry.get("left", 0)
    if not _count(left) or not (next_total is None or _count(next_total)) or not (runner_up is None or isinstance(runner_up, str)):
        return False
    if runner_up is not None and (runner_up not in game.candidate_index or next_total is None):
        return False
    if not (entry.get("date") is None or _day(entry["date"]) is not None):
        return False
    w = int(np.asarray(weights, dtype=np.int64).sum())
    least = 2 * w - int(np.max(weights, initial=1))  # any opener: one answer found at once, the rest later
    most = max_guesses * w if max_guesses is not None else None
    if not (weight == w and least <= lower <= total and (most is None or total <= most) and 1 <= guesses <= len(game.candidates)):
        return False
    if next_total is not None and next_total < total:
        return False
    return total >= own_simple_bound(game, weights, opener) and (
        runner_up is None or next_total >= INF or next_total >= own_simple_bound(game, weights, runner_up)
    )


def own_simple_bound(game, weights: np.ndarray, opener: str) -> int:
    """`opener`'s simple bound (`opener_bounds`): W + per feedback class but the win, 2 W_c - h_c."""
    from wordle_cli import backends

    codes = backends.load("cpu").feedback_codes(game.encode_word(opener), game.answer_codes).astype(np.int64)
    weights = np.asarray(weights, dtype=np.int64)
    sums = np.bincount(codes, weights=weights, minlength=game.win_code + 1).astype(np.int64)
    heavy = np.zeros(game.win_code + 1, dtype=np.int64)
    np.maximum.at(heavy, codes, weights)
    sums[game.win_code] = heavy[game.win_code] = 0
    return int(weights.sum() + 2 * sums.sum() - heavy.sum())


def _count(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _seconds(x, positive: bool = False) -> bool:
    """A number of seconds: finite (never NaN or Infinity, which JSON readers accept), >= 0 (> 0 if `positive`)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and (x > 0 if positive else x >= 0)


def _day(text) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        return None


def _result(entry: dict, hard: bool, max_guesses: int | None, source: str) -> OpenerResult:
    return OpenerResult(
        opener=entry["opener"], total=entry["total"], weight=entry["weight"], lower=entry["lower"], guesses=entry["guesses"],
        hard=hard, max_guesses=max_guesses, seconds=float(entry.get("seconds") or 0.0), time_limit=entry.get("limit"),
        source=source, runner_up=entry.get("next"), next_total=entry.get("next_total"), left=entry.get("left", 0),
    )


def entry_of(result: OpenerResult, date: dt.date | None = None) -> dict:
    """What an entry holds of a result (`date`: the day of the prior it was proven for, when known)."""
    return {
        "opener": result.opener, "total": result.total, "weight": result.weight, "lower": result.lower, "guesses": result.guesses,
        "seconds": result.seconds, "limit": None if result.proven else result.time_limit,
        "next": result.runner_up, "next_total": result.next_total, "left": result.left,
        "date": None if date is None else date.isoformat(),
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

    def checkpoint_path(self, key: str) -> Path:
        return self.root / f"opener-v{FORMAT}-{key}.checkpoint"

    def get(self, game, weights: np.ndarray, hard: bool, max_guesses: int | None) -> OpenerResult | None:
        """The stored result for this prior, or None when absent or damaged (damage is noted in `problems`)."""
        data = self._read(self.path(prior_key(game, weights, hard, max_guesses)))
        if data is None:
            return None
        if not self._sound(data, prior_key(game, weights, hard, max_guesses), game, weights, max_guesses):
            self.problems.append(f"ignored damaged cache entry {self.path(prior_key(game, weights, hard, max_guesses))}")
            return None
        return _result(data, hard, max_guesses, "cache")

    def _read(self, path: Path) -> dict | None:
        from wordle_cli.wordlist import NotReadable, read_own_file

        if not self.usable:
            return None
        try:
            return json.loads(read_own_file(str(path), MAX_ENTRY_BYTES).decode("utf-8"), parse_constant=_no_constant)
        except FileNotFoundError:
            return None
        except NotReadable as exc:
            if not self.root.is_dir():  # no folder there (a file, or one under a file): said once, left alone
                self.usable = False
                self.problems.append(f"ignored the cache {self.root} ({exc}): neither reading nor writing it")
            else:
                self.problems.append(f"ignored cache entry {path} ({exc})")
            return None
        except (ValueError, RecursionError) as exc:  # not UTF-8, not JSON (NaN, Infinity), nested too deeply
            self.problems.append(f"ignored damaged cache entry {path} ({type(exc).__name__})")
            return None

    @staticmethod
    def _sound(data, key: str, game, weights: np.ndarray, max_guesses: int | None) -> bool:
        try:
            return data.get("key") == key and data.get("check") == _checksum(key, data) and plausible(data, game, weights, max_guesses)
        except (AttributeError, TypeError):  # not an object
            return False

    def put(self, game, weights: np.ndarray, result: OpenerResult, date: dt.date | None = None) -> None:
        """Keep `result`, written whole; a failure is noted in `problems`, never raised; a special file is left alone."""
        if not self.usable:
            return
        from wordle_cli.output import write_kept

        key = prior_key(game, weights, result.hard, result.max_guesses)
        path = self.path(key)
        entry = {"key": key, **entry_of(result, date), "lists": _lists(game, result.hard, result.max_guesses)}
        entry["check"] = _checksum(key, entry)
        try:
            if not write_kept(self.root, path, json.dumps(entry, ensure_ascii=False) + "\n"):
                self.problems.append(f"left cache entry {path} as it is: not a regular file")
        except Exception as exc:  # noqa: BLE001 - a cache that cannot be written only costs time
            self.problems.append(f"cannot write the cache entry {path}: {getattr(exc, 'strerror', None) or exc}")

    def dated(self) -> list[dict]:
        """Every proven entry of the folder that names its day (for `reference`): its fields, not checked against a prior."""
        if not self.usable or not self.root.is_dir():
            return []
        found = []
        try:
            paths = sorted(self.root.glob(f"opener-v{FORMAT}-*.json"))
        except OSError:
            return []
        for path in paths:
            data = self._read(path)
            try:
                if (isinstance(data, dict) and data.get("check") == _checksum(data.get("key"), data) and _day(data.get("date"))
                        and data.get("lower") == data.get("total") and isinstance(data.get("lists"), dict)):
                    found.append(data)
            except TypeError:
                continue
        return found


def _no_constant(name: str):
    raise ValueError(f"{name} is no number of a cache entry")


def _regular_or_absent(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return True


def _lists(game, hard: bool, max_guesses: int | None) -> dict:
    """The lists and rules an entry was proven for, readable without the prior's weights (`reference`)."""
    return {"answers": tables.digest(game.answers), "candidates": tables.digest(game.candidates), "hard": bool(hard),
            "max_guesses": max_guesses}


def _checksum(key: str, entry: dict) -> str:
    fields = [FORMAT, key, *(entry.get(k) for k in _FIELDS), entry.get("lists")]
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- the three together


def trusted(game) -> bool:
    """Whether a stored entry may answer for `game`: not for one small enough to prove its opener in a moment."""
    return len(game.answers) > RECOMPUTED_MAX_POOL


def stored(game, weights: np.ndarray, *, hard: bool = False, max_guesses: int | None = 6, cache_root: Path | None = None) -> OpenerResult | None:
    """The best opener under `weights` already known: shipped, else kept in `cache_root` (None: not looked in); None
    when neither holds it, or the game is small enough to prove it at once. Nothing is searched: for a game or a
    review that must start at once."""
    weights = np.asarray(weights, dtype=np.int64)
    if not trusted(game):
        return None
    found = shipped(game, weights, hard, max_guesses)
    if found is None and cache_root is not None:
        found = OpenerCache(cache_root).get(game, weights, hard, max_guesses)
    return found


def reference(game, *, hard: bool = False, max_guesses: int | None = 6, date: dt.date | None = None,
              cache_root: Path | None = None) -> tuple[str, dt.date] | None:
    """(opener, day): the best opener proven for the day nearest `date` (None: the latest) under the same guesses,
    mode and guess limit, shipped or in the cache; None when no day has one. Its value under another day's prior is
    not proven best there, only the best known: the review grades turn 1 against it, labelled so."""
    want = {"candidates": tables.digest(game.candidates), "hard": bool(hard), "max_guesses": max_guesses}
    days: dict[dt.date, str] = {}
    for entry in _shipped_entries():
        if entry.get("limit") is None and entry.get("lower") == entry.get("total") and all(entry.get(k) == v for k, v in want.items()):
            days.setdefault(_day(entry["date"]), entry["opener"])
    if cache_root is not None:
        for entry in OpenerCache(cache_root).dated():
            if all(entry["lists"].get(k) == v for k, v in want.items()):
                days.setdefault(_day(entry["date"]), entry["opener"])
    days = {day: opener for day, opener in days.items() if day is not None and opener in game.candidate_index}
    if not days:
        return None
    if date is None:
        day = max(days)
    else:
        day = min(days, key=lambda d: (abs((d - date).days), d))
    return days[day], day


def find(
    game, weights: np.ndarray | None, *, hard: bool = False, max_guesses: int | None = 6, time_limit: float | None = None,
    cache_root: Path | None = None, backend: str = "cpu", problems: list[str] | None = None, proving=None, fresh: bool = False,
    date: dt.date | None = None, workers: int | None = None, address: str | None = None, quiet: bool = False,
    progress=None, log=None, use_shipped: bool = True,
) -> OpenerResult:
    """The best opener under `weights` (int64, one per answer of `game`; None: uniform): shipped, else cached in
    `cache_root` (None: no cache), else proven now (and cached), within `time_limit` seconds (None: to the end).

    A stored entry that is only bounded answers only a run with no more time than it had; none answers for a
    game of at most RECOMPUTED_MAX_POOL answers (proven again: a moment). Cache problems are appended to
    `problems`; `proving()`, if given, is called before a proof starts (to say that it may take minutes).
    `fresh`: prove it now, whatever is shipped or cached. `date`: the day of the prior, kept with the entry.
    `workers`/`address`: where the proof runs (`runner`). `progress`, `log`: `trees.opener.prove_opener`'s.
    `use_shipped` False: the shipped table is not read (the program that remakes it reads the cache only).
    A proof kept in `cache_root` is checkpointed there as it goes, and a run stopped resumes it.
    """
    from wordle_cli.trees.budget import Deadline
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.opener import prove_opener

    weights = np.ones(len(game.answers), dtype=np.int64) if weights is None else np.asarray(weights, dtype=np.int64)
    if not fresh and use_shipped and trusted(game):
        found = shipped(game, weights, hard, max_guesses)
        if found is not None and usable(found, time_limit):  # what wordle-cli ships answers unless a proof is asked for
            return found
    cache = OpenerCache(cache_root) if cache_root is not None else None
    if cache is not None and not fresh and trusted(game):
        found = cache.get(game, weights, hard, max_guesses)
        if found is not None and usable(found, time_limit):
            _noted(cache, problems)
            return found
    if proving is not None:
        proving()
    problem = Problem(game, hard=hard, max_guesses=max_guesses, backend=backend, weights=weights)
    key = prior_key(game, weights, hard, max_guesses)
    checkpoint = _checkpoint(cache, key, problem) if cache is not None and trusted(game) else None
    try:
        with runner(problem, key, workers, address, quiet) as run_on:
            result = prove_opener(problem, Deadline(time_limit), first=uniform_leaders(game, hard, max_guesses), runner=run_on,
                                  checkpoint=checkpoint, progress=progress, log=log)
    finally:
        if checkpoint is not None:
            checkpoint.close()
    if cache is not None and trusted(game):
        cache.put(game, weights, result, date)
        if result.proven and checkpoint is not None and not cache.problems:
            _remove(cache.checkpoint_path(key))  # the entry answers now
        _noted(cache, problems)
    return result


def _checkpoint(cache: OpenerCache, key: str, problem):
    """The proof's checkpoint beside its entry, locked (`open` is the proof's); None (noted) when it cannot be
    used: a damaged one is started afresh, one in use by another run, or no regular file, is left alone."""
    from wordle_cli.errors import WordleError
    from wordle_cli.trees import rank

    path = cache.checkpoint_path(key)
    inputs = rank.RankInputs(list(problem.game.answers), list(problem.game.candidates),
                             rank.RankOptions(hard=problem.hard, max_guesses=problem.max_guesses), problem.table, key, problem.weights)
    for attempt in (1, 2):
        if not cache.usable or not _regular_or_absent(path):
            return None
        checkpoint = rank.Checkpoint(str(path), key, rank.outcome_check(inputs))
        try:
            cache.root.mkdir(parents=True, exist_ok=True)
            checkpoint.load()
            return checkpoint
        except (WordleError, OSError) as exc:
            checkpoint.close()
            why = getattr(exc, "strerror", None) or str(exc)
            if attempt == 1 and isinstance(exc, WordleError) and "in use" not in why and _remove(path):
                cache.problems.append(f"started the checkpoint {path} afresh: {why}")
                continue
            if "in use" in why:
                why = f"{path} is in use by another proof of this opener (one in the background?)"
            cache.problems.append(f"proving without a checkpoint: {why}")
            return None
    return None


def _remove(path: Path) -> bool:
    """Remove a regular file (never anything else); whether it is gone."""
    try:
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False


#: A game of at least this many feedbacks (answers x guesses) is proven on a cluster's workers by default.
CLUSTER_MIN_CELLS = 5_000_000


class runner:
    """`with runner(problem, key, workers, address, quiet) as run_on`: where the proof's cut pass and search run.

    In this process (None: the proof's own `SerialRunner`) for one worker or a small game; else on `tree rank`'s
    Dask cluster (`trees.cluster`): a local one of `workers` processes (default: one per core), or `address`.
    """

    def __init__(self, problem, key: str, workers: int | None, address: str | None, quiet: bool):
        self.problem, self.key, self.workers, self.address, self.quiet = problem, key, workers, address, quiet
        self.cluster = None

    def __enter__(self):
        big = len(self.problem.game.answers) * len(self.problem.game.candidates) >= CLUSTER_MIN_CELLS
        workers = self.workers if self.workers is not None else ((os.cpu_count() or 1) if big else 1)
        if self.address is None and workers <= 1:
            return None
        from wordle_cli.trees import cluster, rank

        problem = self.problem
        inputs = rank.RankInputs(list(problem.game.answers), list(problem.game.candidates),
                                 rank.RankOptions(hard=problem.hard, max_guesses=problem.max_guesses), np.ascontiguousarray(problem.table),
                                 self.key, problem.weights)
        self.cluster = cluster.Cluster(self.address, workers, quiet=self.quiet)
        try:
            return cluster.ClusterRunner(self.cluster, inputs)
        except BaseException:
            self.cluster.close()
            raise

    def __exit__(self, *exc) -> None:
        if self.cluster is not None:
            self.cluster.close()


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
