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
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from wordle_cli import config
from wordle_cli.errors import WordleError, quote
from wordle_cli.model.game import ROWS
from wordle_cli.model.weights import digest as weights_digest
from wordle_cli.trees import search

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: checkpoints are not locked
    fcntl = None

#: Bumped when the meaning of a checkpoint line changes.
CHECKPOINT_VERSION = 1
CSV_HEADER = "opener,total,average,proven,worst,seconds"

EXACT, CUTOFF, UPPER, INFEASIBLE = "exact", "cutoff", "upper", "infeasible"


@dataclass(frozen=True)
class RankOptions:
    hard: bool = False
    max_guesses: int | None = ROWS
    top_k: int = 0
    cutoff: int | None = None  # None: the moving bound (exact search) or none (top-k)
    exact: bool = False  # every opener's own optimum: no cutoff, no moving bound


@dataclass
class RankInputs:
    """Everything a worker needs, sent once: the lists, the options and the feedback table."""

    answers: list[str]
    allowed: list[str]
    options: RankOptions
    table: np.ndarray
    digest: str
    weights: np.ndarray | None = None  # a prior: int64 weight per answer (None: uniform); totals are then weighted
    threads: int = 1  # numba threads per worker: the search is serial, and N workers x the cores' threads only contend


@dataclass(frozen=True)
class Outcome:
    """What one opener's search proved: `value` is the total (exact/upper), or a lower bound (cutoff)."""

    opener: str
    kind: str  # EXACT, CUTOFF, UPPER or INFEASIBLE
    value: int
    worst: int
    seconds: float
    worker: str = ""  # who evaluated it (host:pid), for the workers' report; not in the checkpoint
    peak_mib: float = 0.0  # that worker's peak resident memory so far, MiB (0: not measured)
    threads: int = 0  # numba threads that worker runs (0: not measured)


def digest(answers: Sequence[str], allowed: Sequence[str], options: RankOptions, weights: np.ndarray | None = None) -> str:
    """What a checkpoint is valid for: the exact lists, every option that changes a result and the prior's weights."""
    h = hashlib.sha256()
    for name, words in (("answers", answers), ("allowed", allowed)):
        h.update(f"{name}:{len(words)}\n".encode())
        h.update("\n".join(words).encode("utf-8", "surrogateescape"))
    meaning = {"v": CHECKPOINT_VERSION, "hard": options.hard, "max": options.max_guesses, "top_k": options.top_k,
               "cutoff": options.cutoff}
    if options.exact:  # absent otherwise, so that checkpoints made before --exact stay valid
        meaning["exact"] = True
    if weights is not None and (np.asarray(weights) != 1).any():  # absent when uniform, likewise
        meaning["weights"] = weights_digest(weights)
    h.update(json.dumps(meaning, sort_keys=True).encode())
    return h.hexdigest()[:32]


def make_inputs(game, options: RankOptions, backend: str, weights: np.ndarray | None = None, threads: int = 1) -> RankInputs:
    """The inputs of a ranking; `weights`: a prior, one int64 weight per answer (None: uniform); `threads`: numba's per worker."""
    from wordle_cli import backends

    table = backends.load(backend).feedback_table(game.candidate_codes, game.answer_codes)
    key = digest(game.answers, game.candidates, options, weights)
    return RankInputs(list(game.answers), list(game.candidates), options, table, key, weights, threads)


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
        problem = Problem(
            game, hard=opts.hard, max_guesses=opts.max_guesses, top_k=opts.top_k, table=inputs.table, weights=inputs.weights
        )
        cached = (inputs.digest, problem, problem.context())
        _local.problem = cached
    return cached[1], cached[2]


def evaluate_opener(inputs: RankInputs, opener: str, bound: int | None) -> Outcome:
    """The opener's optimal total (or top-k upper bound), or a lower bound once it reaches `bound`."""
    started = time.perf_counter()
    threads = use_threads(inputs.threads)
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
    return Outcome(
        opener, kind, int(value), worst, round(time.perf_counter() - started, 3), worker_name(), peak_mib(), threads,
    )


def use_threads(threads: int) -> int:
    """Run this thread's numba kernels on `threads` threads (at most the pool's); the number in effect."""
    import numba

    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
    return numba.get_num_threads()


def worker_name() -> str:
    """This process, as the workers' report names it: host:pid."""
    import socket

    return f"{socket.gethostname()}:{os.getpid()}"


def peak_mib() -> float:
    """This process's peak resident memory so far, in MiB (0 where the platform does not say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1 << 20 if sys.platform == "darwin" else 1 << 10), 1)  # bytes on macOS, KiB elsewhere


def worker_report(outcomes: Iterable[Outcome]) -> str | None:
    """One line on the workers that evaluated `outcomes`: how many, their numba threads, each one's peak memory
    (MiB, largest first); None when no outcome says (all read back from a checkpoint)."""
    peaks: dict[str, float] = {}
    threads: set[int] = set()
    for o in outcomes:
        if o.worker:
            peaks[o.worker] = max(peaks.get(o.worker, 0.0), o.peak_mib)
            threads.add(o.threads)
    if not peaks:
        return None
    each = ", ".join(f"{mib:.0f}" for mib in sorted(peaks.values(), reverse=True))
    plural = "s" if len(peaks) != 1 else ""
    thread_text = "/".join(str(t) for t in sorted(threads))
    return f"{len(peaks)} worker{plural}, {thread_text} numba thread{'s' if threads != {1} else ''} each; peak memory (MiB): {each}"


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
    """The bound an opener is searched with: the cutoff, else one above the best proven total (ties stay exact).

    None (no bound) with --exact and --top-k.
    """
    if options.exact:
        return None
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

    `n_answers` divides the totals into the average: the weights' sum under a prior (the expected guesses).

    A search stopped by --cutoff T is reported as `>=T`. With the moving bound, every opener not proven best is reported as
    `>=BEST+1` (true for an exact total above the best, and for a search
    cut at any bound the best ever reached).
    """
    outcomes = list(outcomes)
    best = None
    moving = options.cutoff is None and options.top_k <= 0 and not options.exact
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


def best_text(rows: list[list[str]]) -> str:
    """`; best salet 7920` for the summary line, where the first row has a total; a row only cut is no best:
    `; no opener proven below 3098137 (every one cut)`."""
    if not rows:
        return ""
    opener, total, _, proven = rows[0][:4]
    if proven == "cutoff":
        return f"; no opener proven below {total.removeprefix('>=')} (every one cut)"
    if total == "infeasible":
        return "; no opener can win every game within the guesses"
    return f"; best {opener} {total}" + (" (an upper bound)" if proven == "false" else "")


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

#: The longest checkpoint line read (an opener of 8 symbols and four numbers need far less).
MAX_CHECKPOINT_LINE = 1024


def outcome_check(inputs: RankInputs) -> Callable[[Outcome], str | None]:
    """What a checkpoint line may hold for these inputs: `check(outcome)` says why not, or None.

    Bounds every tree obeys: with n answers, a total is at least 2n, or
    2n - 1 when the opener is one of the answers (it finds that one at once;
    every other answer takes at least a second guess), at most n + n(n+1)/2
    (then each possible answer in turn) and at most n x --max-guesses; the
    worst case is 1 to n + 1 guesses (--max-guesses). Under a prior of total
    weight W, heaviest h: 2W - h (+ h when the opener is no answer), at most
    W + the answers in turn heaviest first, and W x --max-guesses.
    """
    opts = inputs.options
    allowed = set(inputs.allowed)
    answers = set(inputs.answers)
    n = len(inputs.answers)
    weights = np.ones(n, dtype=np.int64) if inputs.weights is None else np.asarray(inputs.weights, dtype=np.int64)
    total, heaviest = int(weights.sum()), int(weights.max(initial=1))
    least = 2 * total - heaviest  # any opener's; a cutoff bound is checked against it (uniform: 2n - 1)
    most = total + sum(int(w) * (i + 1) for i, w in enumerate(sorted(weights.tolist(), reverse=True)))  # n + n(n+1)/2
    deepest = n + 1
    if opts.max_guesses is not None:
        most, deepest = min(most, opts.max_guesses * total), min(deepest, opts.max_guesses)
    if opts.exact:
        kinds = (EXACT, INFEASIBLE)
    elif opts.top_k > 0:
        kinds = (UPPER, INFEASIBLE)
    else:
        kinds = (EXACT, CUTOFF, INFEASIBLE)

    def check(o: Outcome) -> str | None:
        if o.opener not in allowed:
            return "not an allowed guess of the game"
        if o.kind not in kinds:
            return f"{o.kind} is not a result of these options"
        if o.kind in (EXACT, UPPER):
            own_least = least if o.opener in answers else least + heaviest
            if not own_least <= o.value <= most or not 1 <= o.worst <= deepest:
                return "impossible total or worst case"
            if o.kind == EXACT and opts.cutoff is not None and o.value >= opts.cutoff:
                return "an exact total at or above the cutoff"
        elif o.kind == CUTOFF:
            if not max(least, opts.cutoff or 0) <= o.value <= search.INF or o.worst != 0:
                return "impossible bound"
        elif o.value != search.INF or o.worst != 0:
            return "impossible infeasible result"
        return None

    return check


def _without_crlf(line: bytes) -> bytes:
    """A line ending in CR LF (the file went through Windows) as if it ended in LF; lines appended later end in LF."""
    return line[:-2] + b"\n" if line.endswith(b"\r\n") else line


class Checkpoint:
    """Finished openers, one line each, appended and fsynced as they come; keyed by `digest`.

    Line 1: `# wordle tree rank checkpoint v1 key=DIGEST`; then
    `opener,kind,value,worst,seconds`. A last line cut short by a crash
    (the header included) is dropped and overwritten when the file is
    opened again; any other line that is not a valid result (checked by
    `check`, see `outcome_check`) is refused with its line number. Lines
    ending in CR LF (a file copied through Windows) read as lines ending in LF.
    Anything but a regular file (a FIFO, a device) is refused, naming the file,
    before it is read.

    From `load` to `close` the file is locked (`fcntl.flock`): a second run
    given the same file refuses it in one line instead of interleaving its
    lines. Use as a context manager, or call `close`.
    """

    def __init__(self, path: str, key: str, check: Callable[[Outcome], str | None] | None = None):
        self.path = path
        self.key = key
        self.check = check
        self.header = f"# wordle tree rank checkpoint v{CHECKPOINT_VERSION} key={key}"
        self._file = None
        self._writable = False
        self._created = False
        self._valid_length = 0

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def load(self) -> dict[str, Outcome]:
        """What an earlier run finished (empty for a new file); WordleError if it was made for other inputs.

        Reads line by line: time linear in the file, memory bounded by the
        game's openers (a line for an opener met before replaces nothing).
        """
        self._lock()
        self._file.seek(0)
        header = (self.header + "\n").encode()
        first = self._file.readline(len(header) + 2)
        if not first.endswith(b"\n"):  # empty, or a header cut short by a crash: a fresh file
            if header.startswith(first):
                return {}
            raise WordleError(f"{self.path} is not a wordle tree rank checkpoint; give another --checkpoint")
        if _without_crlf(first) != header:
            if first.startswith(b"# wordle tree rank checkpoint"):
                raise WordleError(
                    f"checkpoint {self.path} was made with other word lists or options; "
                    "remove it or give another --checkpoint"
                )
            raise WordleError(f"{self.path} is not a wordle tree rank checkpoint; give another --checkpoint")
        valid = len(first)
        done: dict[str, Outcome] = {}
        number = 1
        while True:
            line = self._file.readline(MAX_CHECKPOINT_LINE + 1)
            if not line:
                break
            number += 1
            if not line.endswith(b"\n"):
                if len(line) <= MAX_CHECKPOINT_LINE and not self._file.read(1):
                    break  # the last line, cut short by a crash: dropped
                self._damaged(number, "too long")
            outcome = self._parse(_without_crlf(line)[:-1], number)
            earlier = done.get(outcome.opener)
            if earlier is not None and (earlier.kind, earlier.value) != (outcome.kind, outcome.value):
                self._damaged(number, f"{quote(outcome.opener)} was already given another result")
            done[outcome.opener] = outcome
            valid += len(line)
        self._valid_length = valid
        return done

    def _parse(self, data: bytes, number: int) -> Outcome:
        try:
            text = data.decode("utf-8")
            if '"' in text:  # a quoted opener (one with a comma): the CSV reader
                (opener, kind, value, worst, seconds), = csv.reader([text])
            else:
                opener, kind, value, worst, seconds = text.split(",")
                if "\r" in text:
                    raise ValueError(text)
            outcome = Outcome(opener, kind, int(value), int(worst), float(seconds))
        except (ValueError, csv.Error):  # not UTF-8, a stray carriage return, a field missing or not a number
            self._damaged(number, "not opener,kind,total,worst,seconds")
        if not 0 <= outcome.seconds < float("inf"):
            self._damaged(number, "impossible seconds")
        if outcome.kind not in (EXACT, CUTOFF, UPPER, INFEASIBLE):
            self._damaged(number, f"unknown kind {quote(kind)}")
        why = self.check(outcome) if self.check is not None else None
        if why:
            self._damaged(number, f"{quote(outcome.opener)}: {why}")
        return outcome

    def _damaged(self, number: int, why: str):
        raise WordleError(f"checkpoint {self.path} line {number}: damaged ({why}); remove the line or the file")

    def _lock(self) -> None:
        """Open (creating an empty file if none) and lock the file; refuse one held by another run."""
        if self._file is not None:
            return
        existed = os.path.lexists(self.path)
        # Non-blocking: opening a FIFO read-only would wait for a writer. Cleared once the file is known to be regular.
        flags = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        try:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o666)
                self._writable = True
            except PermissionError:  # a read-only checkpoint can still be read (writing it fails later)
                if not existed:
                    raise
                fd = os.open(self.path, os.O_RDONLY | flags)
        except IsADirectoryError:
            raise WordleError(f"{self.path}: is a directory, not a checkpoint") from None
        except OSError as exc:
            raise WordleError(f"cannot open checkpoint {self.path}: {exc.strerror or exc}") from None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):  # a FIFO, device or socket: before any read or seek of it
                raise WordleError(f"{self.path}: not a regular file, so not a checkpoint")
            if info.st_size > config.MAX_TEXT_BYTES:
                raise WordleError(f"{self.path}: larger than {config.MAX_TEXT_BYTES >> 20} MiB, so not a checkpoint")
            os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise
        self._file = os.fdopen(fd, "r+b" if self._writable else "rb")
        self._created = not existed
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._created = False  # the other run's file
                self.close()
                raise WordleError(
                    f"checkpoint {self.path} is in use by another wordle tree rank; "
                    "wait for it to finish or give another --checkpoint"
                ) from None
            except OSError:  # a file system without locks: go on unlocked
                pass

    def open(self) -> None:
        """Ready to append (writing the header to a new file, dropping a cut-short last line)."""
        if self._file is None:
            self.load()
        try:
            if not self._writable:
                raise PermissionError(errno.EACCES, "Permission denied")
            self._file.truncate(self._valid_length)
            self._file.seek(self._valid_length)
            if self._valid_length == 0:
                self._file.write((self.header + "\n").encode())
            self._sync()
        except OSError as exc:
            raise WordleError(f"cannot write checkpoint {self.path}: {exc.strerror or exc}") from None
        self._created = False  # it holds a header now: a checkpoint worth keeping

    def append(self, outcome: Outcome) -> None:
        self.extend([outcome])

    def extend(self, outcomes: Iterable[Outcome]) -> None:
        """Append a line for each outcome, with one sync for them all (the opener proof's cut pass: thousands)."""
        lines = "".join(csv_line([o.opener, o.kind, o.value, o.worst, o.seconds]) for o in outcomes)
        try:
            self._file.write(lines.encode("utf-8", "surrogateescape"))
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
        """Unlock and close; an empty file this run created (nothing was written) is removed."""
        if self._file is None:
            return
        try:
            if self._created and os.fstat(self._file.fileno()).st_size == 0 and os.path.samestat(
                os.fstat(self._file.fileno()), os.stat(self.path)
            ):
                os.unlink(self.path)
        except OSError:
            pass
        finally:
            self._file.close()  # closing releases the lock
            self._file = None
