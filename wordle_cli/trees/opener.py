"""The best first guess under a prior, proven over every allowed guess (issues 40 and 48).

Every opener gets a lower bound that rises only as far as it must:

1. **order**: every allowed guess's simple bound (`opener_bounds`: a
   second guess for every answer, a third for all but one of each class);
   the shortlist with the least simple bounds gets its two-ply bound in
   full, and the leaders are the given openers (the uniform prior's best),
   then the shortlist's least two-ply bounds;
2. **the leaders** are proven exactly: the first in full, the others each
   only below the cutoff;
3. **the cut pass**: every other opener's two-ply bound, stopped as soon as
   it reaches the cutoff (most openers stop after a class or two);
4. **the search**: the few openers left, least bound first, each by the
   exact search within the cutoff (`Problem.opener_value`: each class's
   one-level bound, then the classes smallest first in what is left); in
   hard mode by the normal mode's search first (no opener does better in
   hard mode than in normal mode, and its search is far cheaper), then hard
   mode's for those it does not cut.

The cutoff is the best total proven so far plus a margin (`MARGIN`), or
the second best total once it is below that: every opener below it ends
with its exact total, so when none is left the best is proven, and so is
the runner-up ("tarse 3.09778, proven best; the next, sater, 3.09882"),
or, past the margin, the least total any other opener can have.

Steps 3 and 4 run on a `Runner`: in this process (`SerialRunner`), or on the
workers of `tree rank`'s Dask cluster (`cluster.ClusterRunner`). Finished
openers go to a checkpoint as they come (`rank.Checkpoint`, keyed by the
lists, the weights and the rules), so a run stopped by a signal or a crash
resumes where it stopped. Under a time limit the result is the best opener
proven so far, with the least bound among the openers not yet cut, labelled
as only bounded. Ties go to the leaders in their order, then to candidate
order: the result never depends on which worker finished first.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from wordle_cli.trees import opener_bounds, rank, search
from wordle_cli.trees.budget import NO_LIMIT, Deadline

#: How many of the most promising openers (besides those given) are proven before the others are cut.
LEADERS = 3

#: The openers with the least simple bounds whose two-ply bound is computed in full to choose the leaders.
SHORTLIST = 48

#: Openers per task of the cut pass (a task of today's lists: about a second).
CHUNK = 64

#: Seconds between the log's progress lines (openers left, the least bound among them).
LOG_EVERY = 60

#: Searches for the runner-up once the best is proven, when the margin left it unknown.
RUNNER_UP_TRIES = 3

#: Openers within this share of the answers' weight of the best (1/MARGIN: 0.01 guesses) are proven exactly.
MARGIN = 100

INF = search.INF


@dataclass(frozen=True)
class OpenerResult:
    """The best opener found, with what is proven about it.

    `total` is the opener's own proven weighted total (sum of weight x
    guesses over the answers, every answer within `max_guesses`); `weight`
    the prior's total weight, so `expected` = total / weight guesses. No
    opener of the `guesses` allowed has a total below `lower`: when `lower`
    equals `total` the opener is proven best over all of them. `next_total`:
    no other opener has a total below it, and `runner_up` has exactly it
    (None: only bounded, or no other opener can win within the guesses).
    """

    opener: str
    total: int
    weight: int
    lower: int
    guesses: int
    hard: bool
    max_guesses: int | None
    seconds: float  # the time the proof took when it was made (a cached or shipped one's, not this lookup's)
    time_limit: float | None = None  # the budget of a run that stopped before the proof was complete
    source: str = "computed"  # "computed", "cache" or "shipped"
    runner_up: str | None = None
    next_total: int | None = None
    left: int = 0  # openers not yet cut when the proof stopped (0 when proven)

    @property
    def proven(self) -> bool:
        """No allowed guess opens better (ties may exist: this one is the first in the proof's order)."""
        return self.lower >= self.total

    @property
    def expected(self) -> Fraction:
        """The expected number of guesses under the prior, exactly."""
        return Fraction(self.total, self.weight)

    @property
    def expected_lower(self) -> Fraction:
        """No opener's expected guesses are below this."""
        return Fraction(self.lower, self.weight)

    def next_text(self) -> str | None:
        """`the next, sater, 3.09882`, `every other opener needs at least 3.1622`, or None (not known)."""
        from wordle_cli.stats import format_g

        if not self.proven or self.next_total is None:
            return None
        if self.next_total >= INF:
            within = f"within {self.max_guesses} guesses" if self.max_guesses is not None else "with no guess limit"
            return f"no other opener can win every game {within}"
        value = format_g(Fraction(self.next_total, self.weight))
        if self.runner_up is not None:
            return f"the next, {self.runner_up}, {value}"
        return f"every other opener needs at least {value}"

    def proof_text(self) -> str:
        """One phrase saying what is proven: `proven best over all N guesses; the next, ...`, or the bound not closed."""
        from wordle_cli.stats import format_g

        mode = " in hard mode" if self.hard else ""
        if self.proven:
            after = self.next_text()
            return f"proven best over all {self.guesses} guesses{mode}" + (f"; {after}" if after else "")
        limit = f" in the {self.time_limit:g} s given" if self.time_limit else ""
        left = f"{self.left} of the {self.guesses} openers not yet cut, each" if self.left else f"every opener of the {self.guesses} guesses"
        return (
            f"best found{limit}, not proven best{mode}: {left} needs at least "
            f"{format_g(self.expected_lower)} expected guesses (weighted total >= {self.lower})"
        )

    def headline(self) -> str:
        """`tarse 3.09778, proven best; the next, sater, 3.09882` (or `..., not proven best: ...`)."""
        from wordle_cli.stats import format_g

        if self.proven:
            after = self.next_text()
            return f"{self.opener} {format_g(self.expected)}, proven best" + (f"; {after}" if after else "")
        return f"{self.opener} {format_g(self.expected)}, {self.proof_text()}"


@dataclass(frozen=True)
class Progress:
    """Where a proof stands: openers `done` of `total` (cut, proven or unable to win); the least bound of those left."""

    done: int
    total: int
    lowest: int  # the least total any opener not yet cut can have (INF: none left)
    best: str | None
    best_total: int
    stage: str  # "leaders", "cutting", "searching"


@dataclass(frozen=True)
class Found:
    """What a task proved of one opener: exact, cut (a bound >= the cutoff it was given) or infeasible."""

    opener: int  # candidate index
    kind: str  # rank.EXACT, rank.CUTOFF, rank.INFEASIBLE
    value: int  # the total (exact), a lower bound (cut), INF (infeasible)
    worst: int = 0  # exact: the most guesses any answer needs
    seconds: float = 0.0
    final: bool = True  # False: stopped at the deadline, `value` a bound short of the cutoff


# ---------------------------------------------------------------- the tasks (in this process or on a worker)


@dataclass
class Local:
    """A runner's source in this process: the proof's own problem and search context."""

    problem: object
    ctx: object


def _source(inputs):
    if isinstance(inputs, Local):
        return inputs.problem, inputs.ctx
    return rank._problem(inputs)  # a worker: the problem built once per worker thread from the scattered inputs


def cut_task(inputs, openers: Sequence[int], beta: int) -> list[int]:
    """Each opener's two-ply bound, each stopped once it reaches `beta`."""
    problem, _ = _source(inputs)
    if not isinstance(inputs, Local):
        rank.use_threads(inputs.threads)
    return opener_bounds.two_ply_of(problem, openers, beta).tolist()


def search_task(inputs, opener: int, beta: int, seconds: float | None = None) -> Found:
    """The opener's exact total below `beta`, or a bound >= beta, by the exact search (stopped after `seconds`)."""
    started = time.perf_counter()
    problem, ctx = _source(inputs)
    if not isinstance(inputs, Local):
        rank.use_threads(inputs.threads)
    word = problem.game.candidates[opener]
    start = problem.start()
    deadline = Deadline(seconds)
    if problem.hard and beta < INF:  # normal mode first: it never costs less than hard mode, and is far cheaper to search
        normal, normal_ctx = _relaxed(problem)
        with deadline.armed([normal_ctx]):
            value, exact = normal.opener_value(normal_ctx, normal.start(), word, beta)
        stopped = bool(normal_ctx.stop[0])
        normal_ctx.stop[0] = 0
        if not stopped and (value >= INF or not exact):  # unable to win, or cut: so in hard mode too
            kind = rank.INFEASIBLE if value >= INF else rank.CUTOFF
            return Found(opener, kind, int(min(value, INF)), seconds=round(time.perf_counter() - started, 3))
    with deadline.armed([ctx]):
        value, exact = problem.opener_value(ctx, start, word, beta)
    stopped = bool(ctx.stop[0])
    ctx.stop[0] = 0
    took = round(time.perf_counter() - started, 3)
    if stopped:
        return Found(opener, rank.CUTOFF, int(min(value, INF)), seconds=took, final=False)
    if value >= INF:
        return Found(opener, rank.INFEASIBLE, INF, seconds=took)
    if not exact:
        return Found(opener, rank.CUTOFF, int(value), seconds=took)
    return Found(opener, rank.EXACT, int(value), problem.opener_worst(ctx, start, word), took)


def _relaxed(problem):
    """(the same game in normal mode, its search context), made once per problem: hard mode's relaxation."""
    twin = getattr(problem, "_normal_twin", None)
    if twin is None:
        normal = copy.copy(problem)
        normal.hard = False
        normal._quick = None
        twin = problem._normal_twin = (normal, normal.context())
    return twin


class SerialRunner:
    """The tasks one after the other in this process, on the proof's own search context."""

    def __init__(self, problem, ctx):
        self.inputs = Local(problem, ctx)

    def run(self, fn: Callable, items: Iterable, args: Callable, done: Callable, stop: Callable[[], bool]) -> None:
        """`done(item, fn(inputs, item, *args(item)))` for each item until `stop()`."""
        from wordle_cli import interrupts

        for item in items:
            if stop():
                return
            done(item, interrupts.in_worker(fn, self.inputs, item, *args(item)))


# ---------------------------------------------------------------- the proof


class _Proof:
    """The state of one proof: what is known of every opener, the cutoff, and the checkpoint."""

    def __init__(self, problem, leaders: list[int], checkpoint, log, progress):
        self.problem = problem
        self.names = problem.game.candidates
        self.openers = problem.start().cands.tolist()
        self.order = {c: i for i, c in enumerate(leaders)}  # ties: the leaders in order, then candidate order
        self.weight = problem.weight(problem.start())
        self.margin = max(1, self.weight // MARGIN)
        self.exact: dict[int, int] = {}
        self.bound: dict[int, int] = {}  # a proven lower bound of each opener not exact (absent: not known yet)
        self.infeasible: set[int] = set()
        self.checkpoint = checkpoint
        self.log = log
        self.progress = progress
        self.stage = "leaders"
        self.simple: np.ndarray | None = None
        self.logged = time.perf_counter()

    # ------------------------------------------------------------ what is known

    def rank_of(self, c: int) -> tuple:
        return (self.exact[c], self.order.get(c, len(self.order)), c)

    def ranked(self) -> list[int]:
        return sorted(self.exact, key=self.rank_of)

    def best(self) -> int | None:
        ranked = self.ranked()
        return ranked[0] if ranked else None

    def cutoff(self) -> int:
        """Openers whose total is known to reach this are out of the race: the best + the margin, or the second best."""
        ranked = self.ranked()
        if not ranked:
            return INF
        cut = min(INF, self.exact[ranked[0]] + self.margin)
        return min(cut, self.exact[ranked[1]]) if len(ranked) > 1 else cut

    def settled(self, c: int) -> bool:
        return c in self.exact or c in self.infeasible or self.bound.get(c, -1) >= self.cutoff()

    def known_bound(self, c: int) -> int:
        if c in self.exact:
            return self.exact[c]
        if c in self.infeasible:
            return INF
        return max(self.bound.get(c, 0), int(self.simple[c]) if self.simple is not None else 0)

    def others(self, best: int) -> list[int]:
        """Every opener but `best` (and its twins: a list may repeat a word)."""
        return [c for c in self.openers if self.names[c] != self.names[best]]

    def left(self) -> list[int]:
        cut = self.cutoff()
        return [c for c in self.openers
                if not (c in self.exact or c in self.infeasible or self.bound.get(c, -1) >= cut)]

    def lowest_left(self) -> int:
        left = self.left()
        return min((self.known_bound(c) for c in left), default=INF)

    # ------------------------------------------------------------ what is learnt

    def learn(self, found: Found) -> None:
        c = found.opener
        if found.kind == rank.EXACT:
            self.exact[c] = found.value
            self.bound.pop(c, None)
        elif found.kind == rank.INFEASIBLE:
            self.infeasible.add(c)
        else:
            self.bound[c] = max(self.bound.get(c, 0), found.value)

    def record(self, found: list[Found]) -> None:
        """Learn `found`, and keep the final ones in the checkpoint (one write for them all)."""
        for f in found:
            self.learn(f)
        final = [f for f in found if f.final]
        if self.checkpoint is not None and final:
            self.checkpoint.extend(rank.Outcome(self.names[f.opener], f.kind, f.value, f.worst, f.seconds) for f in final)

    def resume(self, saved: dict[str, rank.Outcome]) -> int:
        index = self.problem.game.candidate_index
        for outcome in saved.values():
            self.learn(Found(index[outcome.opener], outcome.kind, outcome.value, outcome.worst, outcome.seconds))
        return len(saved)

    def shown(self, total: int) -> str:
        """A total as expected guesses, the total beside it: `3.09778 (3098137)`."""
        from wordle_cli.stats import format_g

        return "none" if total >= INF else f"{format_g(Fraction(total, self.weight))} ({total})"

    def described(self, found: Found) -> str:
        if found.kind == rank.EXACT:
            return self.shown(found.value)
        if found.kind == rank.INFEASIBLE:
            return f"cannot win every game {_within(self.problem)}"
        return f">= {self.shown(found.value)}" + ("" if found.final else " (stopped at the time limit)")

    def say(self, started: float, line: str) -> None:
        if self.log is not None:
            self.log(f"{time.perf_counter() - started:8.1f} s  {line}")

    def tell(self, started: float | None = None) -> None:
        """Progress to the bar, and to the log once a minute (`started`: the proof's start, for the log's clock)."""
        if started is not None and self.log is not None and time.perf_counter() - self.logged >= LOG_EVERY:
            self.logged = time.perf_counter()
            left = self.left()
            self.say(started, f"{self.stage}: {len(left)} of {len(self.openers)} openers left, the least bound "
                              f"{self.shown(min((self.known_bound(c) for c in left), default=INF))}")
        if self.progress is None:
            return
        best = self.best()
        left = self.left()
        self.progress(Progress(
            done=len(self.openers) - len(left), total=len(self.openers),
            lowest=min((self.known_bound(c) for c in left), default=INF),
            best=None if best is None else self.names[best], best_total=INF if best is None else self.exact[best], stage=self.stage,
        ))


def prove_opener(
    problem,
    deadline: Deadline = NO_LIMIT,
    count: int = LEADERS,
    first: Sequence[str] = (),
    log: Callable[[str], None] | None = None,
    *,
    runner=None,
    checkpoint=None,
    progress: Callable[[Progress], None] | None = None,
) -> OpenerResult:
    """The best opener of `problem`'s game (a `trees.builder.Problem`, weighted or not) over every allowed guess.

    See the module's docstring for the method. `deadline` bounds everything
    after the first leader's proof. `first`: openers to prove before the
    bounds' `count` leaders (the uniform prior's best, a good incumbent under
    any prior near it); those the game does not allow are skipped. `log(line)`
    hears each step; `progress(Progress)` each change. `runner`: where the
    cut pass and the search run (None: a `SerialRunner` in this process).
    `checkpoint`: a `rank.Checkpoint` for these lists, weights and rules,
    loaded (what it holds is not done again) and appended to.
    """
    from wordle_cli import interrupts

    started = time.perf_counter()
    ctx = problem.context()
    start = problem.start()
    runner = runner if runner is not None else SerialRunner(problem, ctx)
    index = problem.game.candidate_index
    allowed = set(start.cands.tolist())
    simple = interrupts.in_worker(opener_bounds.simple_of, problem)
    by_simple = sorted(allowed, key=lambda c: (int(simple[c]), c))
    shortlist = by_simple[:SHORTLIST]
    full = interrupts.in_worker(opener_bounds.two_ply_of, problem, shortlist, INF)
    by_two_ply = [c for _, c in sorted(zip(full.tolist(), shortlist))]
    given = [index[w] for w in first if w in index and index[w] in allowed]
    leaders = list(dict.fromkeys(given + by_two_ply[:count]))
    proof = _Proof(problem, leaders, checkpoint, log, progress)
    proof.simple = simple
    for c, b in zip(shortlist, full.tolist()):
        proof.bound[c] = b
    if checkpoint is not None:
        resumed = proof.resume(checkpoint.load())
        checkpoint.open()
        if resumed:
            proof.say(started, f"resumed {resumed} openers from the checkpoint")
    proof.say(started, f"bounds: the least simple bound {proof.shown(int(simple[by_simple[0]]))} ({proof.names[by_simple[0]]}), leaders "
              + ", ".join(proof.names[c] for c in leaders))

    # The leaders: the first in full (a real incumbent whatever the time limit), the others within the cutoff.
    for i, c in enumerate(leaders):
        if proof.settled(c) or (i and deadline.passed()):
            continue
        found = search_task(Local(problem, ctx), c, proof.cutoff(), None if i == 0 else _seconds_left(deadline))
        if i == 0:
            deadline.start()
        proof.record([found])
        proof.say(started, f"leader {proof.names[c]}: {proof.described(found)}")
        proof.tell()

    # The cut pass: every other opener's two-ply bound, the least simple bounds first.
    proof.stage = "cutting"
    todo = [c for c in by_simple if not proof.settled(c) and c not in proof.bound]
    chunks = [todo[i : i + CHUNK] for i in range(0, len(todo), CHUNK)]

    def cut(chunk, bounds):
        proof.record([Found(c, rank.CUTOFF, b, final=b >= proof.cutoff()) for c, b in zip(chunk, bounds)])
        proof.tell(started)

    runner.run(cut_task, chunks, lambda chunk: (proof.cutoff(),), cut, deadline.passed)
    left = proof.left()
    proof.say(started, f"cut pass: {len(left)} openers left" + (f", the least bound {proof.shown(proof.lowest_left())}" if left else ""))

    # The search: the openers left, least bound first, each within the cutoff.
    proof.stage = "searching"
    survivors = sorted(left, key=lambda c: (proof.known_bound(c), c))

    def searched(c, found):
        proof.record([found])
        if found.kind == rank.EXACT:
            proof.say(started, f"{proof.names[c]}: {proof.described(found)}")
        proof.tell(started)

    runner.run(search_task, survivors, lambda c: (proof.cutoff(), _seconds_left(deadline)), searched, deadline.passed)
    if not proof.left():
        _runner_up(proof, Local(problem, ctx), deadline, started)
    return _result(proof, problem, started, deadline)


def _runner_up(proof: _Proof, inputs: Local, deadline: Deadline, started: float) -> None:
    """Name the runner-up when its total is not known yet: the other opener of least bound, proven up to the next
    least bound (a few tries: past the margin the bounds of the others are all close to the cutoff)."""
    best = proof.best()
    for _ in range(RUNNER_UP_TRIES if best is not None else 0):
        others = sorted((proof.known_bound(c), c not in proof.exact, c) for c in proof.others(best) if c not in proof.infeasible)
        if not others or not others[0][1] or deadline.passed():  # the least is exact (ties: the exact one first)
            return
        beta = others[1][0] + 1 if len(others) > 1 else INF
        found = search_task(inputs, others[0][2], beta, _seconds_left(deadline))
        proof.record([found])
        proof.say(started, f"the next, {proof.names[found.opener]}: {proof.described(found)}")


def _seconds_left(deadline: Deadline) -> float | None:
    """The seconds a task may search (None: no limit; never 0, which would mean none)."""
    left = deadline.left()
    return None if left is None else max(left, 1e-6)


def _result(proof: _Proof, problem, started: float, deadline: Deadline) -> OpenerResult:
    best = proof.best()
    if best is None:
        lowest = proof.lowest_left()
        if lowest >= INF:
            raise _no_opener(problem, f"no opener wins every game {_within(problem)}")
        raise _no_opener(problem, f"no opener was proven {_within(problem)} in the time limit (every opener left needs a weighted "
                                  f"total of at least {lowest})")
    total = proof.exact[best]
    left = proof.left()
    lower = min(total, min((proof.known_bound(c) for c in left), default=INF))
    runner_up, next_total = None, None
    if not left:
        others = proof.others(best)
        least = min(others, key=lambda c: (proof.known_bound(c), c not in proof.exact, proof.order.get(c, len(proof.order)), c),
                    default=None)
        if least is not None:
            next_total = proof.known_bound(least)
            runner_up = proof.names[least] if least in proof.exact else None
    return OpenerResult(
        opener=proof.names[best], total=int(total), weight=int(proof.weight), lower=int(lower), guesses=len(proof.openers),
        hard=problem.hard, max_guesses=problem.max_guesses, seconds=round(time.perf_counter() - started, 3),
        time_limit=deadline.seconds if lower < total else None, runner_up=runner_up,
        next_total=None if next_total is None else int(next_total), left=len(left),
    )


def _no_opener(problem, why: str):
    from wordle_cli.errors import WordleError

    return WordleError(why)


def _within(problem) -> str:
    return f"within {problem.max_guesses} guesses" if problem.max_guesses is not None else "with no guess limit"
