"""Ranking openers by their optimal totals: `wordle tree rank` without the distribution.

This module holds what does not depend on where the work runs: the inputs
every evaluation needs (`RankInputs`, shipped to each worker once), the
evaluation of one opener (`evaluate_opener`, run on a worker), the rows of
the CSV and their order, and the checkpoint file. `trees/cluster.py` drives
it on Dask; `rank_serially` is the same job in one process (the tests'
reference, and what a one-opener run needs).

An opener's search can stop early: once its total is proven >= a bound
(`--cutoff`, or the best total proven so far, "the moving bound"), it is
reported as `>=BOUND`. Results never depend on timing: rows cut by the
moving bound are reported against the final best (see `final_rows`).
"""

from __future__ import annotations

import csv
import errno
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from wordle_cli.errors import WordleError
from wordle_cli.trees import search

#: Bumped when the meaning of a checkpoint line changes.
CHECKPOINT_VERSION = 1
CSV_HEADER = "opener,total,average,proven,worst,seconds"

EXACT, CUTOFF, UPPER, INFEASIBLE = "exact", "cutoff", "upper", "infeasible"


@dataclass(frozen=True)
class RankOptions:
    hard: bool = False
    max_guesses: int | None = 6
    top_k: int = 0
    cutoff: int | None = None  # None: the moving bound (exact search) or none (top-k)


@dataclass
class RankInputs:
    """Everything a worker needs, sent once: the lists, the options and the feedback table."""

    answers: list[str]
    allowed: list[str]
    options: RankOptions
    table: np.ndarray
    digest: str


@dataclass(frozen=True)
class Outcome:
    """What one opener's search proved: `value` is the total (exact/upper), or a lower bound (cutoff)."""

    opener: str
    kind: str  # EXACT, CUTOFF, UPPER or INFEASIBLE
    value: int
    worst: int
    seconds: float


def digest(answers: Sequence[str], allowed: Sequence[str], options: RankOptions) -> str:
    """What a checkpoint is valid for: the exact lists and every option that changes a result."""
    h = hashlib.sha256()
    for name, words in (("answers", answers), ("allowed", allowed)):
        h.update(f"{name}:{len(words)}\n".encode())
        h.update("\n".join(words).encode("utf-8", "surrogateescape"))
    h.update(json.dumps(
        {"v": CHECKPOINT_VERSION, "hard": options.hard, "max": options.max_guesses, "top_k": options.top_k,
         "cutoff": options.cutoff}, sort_keys=True).encode())
    return h.hexdigest()[:32]


def make_inputs(game, options: RankOptions, backend: str) -> RankInputs:
    from wordle_cli import backends

    table = backends.load(backend).feedback_table(game.candidate_codes, game.answer_codes)
    return RankInputs(list(game.answers), list(game.candidates), options, table, digest(game.answers, game.candidates, options))


def promising_first(inputs: RankInputs, openers: Sequence[str]) -> list[str]:
    """`openers` by the sum of squares of their class sizes (ties: given order): good bounds come early."""
    index = {w: i for i, w in enumerate(inputs.allowed)}
    rows = np.array([index[w] for w in openers], dtype=np.int64)
    n_codes = int(inputs.table.max()) + 1 if inputs.table.size else 1
    squares = np.empty(len(rows), dtype=np.int64)
    for start in range(0, len(rows), 256):
        chunk = inputs.table[rows[start : start + 256]].astype(np.int64)
        flat = (np.arange(chunk.shape[0])[:, None] * n_codes + chunk).ravel()
        counts = np.bincount(flat, minlength=chunk.shape[0] * n_codes).reshape(chunk.shape[0], n_codes)
        squares[start : start + len(chunk)] = (counts * counts).sum(axis=1)
    return [openers[i] for i in np.argsort(squares, kind="stable")]


# ---------------------------------------------------------------- one opener (runs on a worker)

_local = threading.local()  # per worker thread: (digest, Problem, search context); a memo is never shared


def _problem(inputs: RankInputs):
    from wordle_cli.model.game import Game
    from wordle_cli.trees.builder import Problem

    cached = getattr(_local, "problem", None)
    if cached is None or cached[0] != inputs.digest:
        opts = inputs.options
        game = Game("rank", inputs.answers, inputs.allowed)
        problem = Problem(game, hard=opts.hard, max_guesses=opts.max_guesses, top_k=opts.top_k, table=inputs.table)
        cached = (inputs.digest, problem, problem.context())
        _local.problem = cached
    return cached[1], cached[2]


def evaluate_opener(inputs: RankInputs, opener: str, bound: int | None) -> Outcome:
    """The opener's optimal total (or top-k upper bound), or a lower bound once it reaches `bound`."""
    started = time.perf_counter()
    problem, ctx = _problem(inputs)
    beta = search.INF if bound is None else bound
    value, exact = problem.opener_value(ctx, problem.start(), opener, beta)
    worst = 0
    if value >= search.INF:
        kind = INFEASIBLE
    elif not exact:
        kind = CUTOFF
    else:
        kind = EXACT if problem.top_k <= 0 else UPPER
        worst = problem.opener_worst(ctx, problem.start(), opener)
    return Outcome(opener, kind, int(value), worst, round(time.perf_counter() - started, 3))


def rank_serially(inputs: RankInputs, openers: Iterable[str], done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """The reference: every opener in one process, in the given order, with the same bounds as the cluster."""
    outcomes = []
    best = None
    for opener in openers:
        outcome = evaluate_opener(inputs, opener, bound_for(inputs.options, best))
        best = better_bound(best, outcome)
        outcomes.append(outcome)
        if done is not None:
            done(outcome)
    return outcomes


def bound_for(options: RankOptions, best: int | None) -> int | None:
    """The bound an opener is searched with: the cutoff, else one above the best proven total (ties stay exact)."""
    if options.cutoff is not None:
        return options.cutoff
    if options.top_k > 0 or best is None:
        return None
    return best + 1


def better_bound(best: int | None, outcome: Outcome) -> int | None:
    if outcome.kind == EXACT and (best is None or outcome.value < best):
        return outcome.value
    return best


# ---------------------------------------------------------------- the CSV


def final_rows(outcomes: Iterable[Outcome], options: RankOptions, n_answers: int) -> list[list[str]]:
    """CSV rows, best first (ties by opener), independent of timing and of which bound each search saw.

    A search stopped by --cutoff T is reported as `>=T`. With the moving bound, every opener not proven best is reported as
    `>=BEST+1` (true for an exact total above the best, and for a search
    cut at any bound the best ever reached).
    """
    outcomes = list(outcomes)
    best = None
    moving = options.cutoff is None and options.top_k <= 0
    if moving:
        for outcome in outcomes:
            best = better_bound(best, outcome)
    keyed = []
    for o in outcomes:
        kind, value = o.kind, o.value
        if moving and best is not None and kind in (EXACT, CUTOFF) and value > best:
            kind, value = CUTOFF, best + 1
        elif kind == CUTOFF and options.cutoff is not None:
            value = options.cutoff  # the bound the search proved; how far past it a search got depends on its memo
        keyed.append((_sort_key(kind, value), o.opener, kind, value, o))
    keyed.sort(key=lambda row: (row[0], row[1]))
    return [_row(opener, kind, value, o, n_answers) for _, opener, kind, value, o in keyed]


def _sort_key(kind: str, value: int) -> tuple:
    order = {EXACT: 0, UPPER: 0, CUTOFF: 1, INFEASIBLE: 2}[kind]
    return (order == 2, value, order)


def _row(opener: str, kind: str, value: int, outcome: Outcome, n_answers: int) -> list[str]:
    from fractions import Fraction

    from wordle_cli.stats import format_g

    proven = {EXACT: "true", UPPER: "false", CUTOFF: "cutoff", INFEASIBLE: "true"}[kind]
    seconds = f"{outcome.seconds:.3f}"
    if kind == INFEASIBLE:
        return [opener, "infeasible", "", proven, "", seconds]
    average = format_g(Fraction(value, n_answers))
    if kind == CUTOFF:
        return [opener, f">={value}", f">={average}", proven, "", seconds]
    return [opener, str(value), average, proven, str(outcome.worst), seconds]


def csv_line(fields: Sequence[object]) -> str:
    """One CSV line with its newline, by the project's one CSV writer (`output.csv_row`)."""
    from wordle_cli.output import csv_row

    return csv_row(fields) + "\n"


# ---------------------------------------------------------------- the checkpoint


class Checkpoint:
    """Finished openers, one line each, appended and fsynced as they come; keyed by `digest`.

    Line 1: `# wordle tree rank checkpoint v1 key=DIGEST`; then
    `opener,kind,value,worst,seconds`. A last line cut short by a crash is
    dropped (and overwritten) when the file is opened again.
    """

    def __init__(self, path: str, key: str):
        self.path = path
        self.key = key
        self.header = f"# wordle tree rank checkpoint v{CHECKPOINT_VERSION} key={key}"
        self._file = None

    def load(self) -> dict[str, Outcome]:
        """What an earlier run finished (empty for a new file); WordleError if it was made for other inputs."""
        from wordle_cli.wordlist import read_bytes

        if not os.path.exists(self.path):
            return {}
        data = read_bytes(self.path, "checkpoint")  # bounded, one-line errors (the project's input reader)
        text = data.decode("utf-8", "replace")
        lines = text.split("\n")
        complete = lines[:-1]  # the part after the last newline is an unfinished line
        if not complete:
            return {}
        if complete[0] != self.header:
            if complete[0].startswith("# wordle tree rank checkpoint"):
                raise WordleError(
                    f"checkpoint {self.path} was made with other word lists or options; "
                    "remove it or give another --checkpoint"
                )
            raise WordleError(f"{self.path} is not a wordle tree rank checkpoint; give another --checkpoint")
        done = {}
        for number, line in enumerate(complete[1:], start=2):
            try:
                (opener, kind, value, worst, seconds), = csv.reader([line])
                if kind not in (EXACT, CUTOFF, UPPER, INFEASIBLE):
                    raise ValueError(kind)
                done[opener] = Outcome(opener, kind, int(value), int(worst), float(seconds))
            except ValueError:
                raise WordleError(f"checkpoint {self.path} line {number}: damaged; remove the line or the file") from None
        self._valid_length = len(("\n".join(complete) + "\n").encode("utf-8"))
        return done

    def open(self) -> None:
        """Ready to append (writing the header to a new file, dropping a cut-short last line)."""
        fresh = not os.path.exists(self.path) or os.path.getsize(self.path) == 0
        try:
            self._file = open(self.path, "r+b" if not fresh else "wb")
            if fresh:
                self._file.write((self.header + "\n").encode())
            else:
                self._file.truncate(getattr(self, "_valid_length", os.path.getsize(self.path)))
                self._file.seek(0, os.SEEK_END)
            self._sync()
        except OSError as exc:
            raise WordleError(f"cannot write checkpoint {self.path}: {exc.strerror or exc}") from None

    def append(self, outcome: Outcome) -> None:
        line = csv_line([outcome.opener, outcome.kind, outcome.value, outcome.worst, outcome.seconds])
        try:
            self._file.write(line.encode("utf-8", "surrogateescape"))
            self._sync()
        except OSError as exc:
            raise WordleError(f"cannot write checkpoint {self.path}: {exc.strerror or exc}") from None

    def _sync(self) -> None:
        self._file.flush()
        try:
            os.fsync(self._file.fileno())
        except OSError as exc:
            if exc.errno not in (errno.EINVAL, errno.EROFS, errno.ENOTSUP):  # a device or pipe: nothing to sync
                raise

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
