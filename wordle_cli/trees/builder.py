"""Building decision trees with the search: the game, the rules, the table, the threads.

A `Problem` is a game (its answers and guess candidates) with the rules of
one search (hard mode, --pool-only, --max-guesses, --top-k) and the feedback
table every candidate x answer (built once, on the chosen backend). A
`Position` is where the search starts: the answers still possible, the
candidates and the guesses left, and in hard mode the hints revealed so far
(a fresh game, or one reached with --from).

`Problem.build` solves a position and turns the memo into a `Tree`. With a
forced first guess the pool's feedback classes are independent problems;
they are solved on `threads` threads at once (the kernel releases the GIL),
each with its own memo so that the result never depends on scheduling.

With `weights` (one positive integer per answer, in the game's answer
order) a total is the sum of weight x guesses, and the search minimises it:
the expected number of guesses under that prior is total / the weights'
sum (`Result.expected`). None, or all ones, is the uniform search.
"""

from __future__ import annotations

import copy
import dataclasses
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

from wordle_cli import backends, compiled, interrupts
from wordle_cli.errors import WordleError, quote
from wordle_cli.model.feedback import decode, encode
from wordle_cli.model.game import Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.trees import search
from wordle_cli.trees.budget import NO_LIMIT, Budget
from wordle_cli.trees.model import Node, Tree

#: Bytes one search thread's memo may take (about); past them it keeps its biggest pools in half of it.
CACHE_LIMIT = 48 << 20

#: Parts of an opener up to this many answers are proven first, smallest first (see `Problem.prove_parts`).
SMALL_PART = 128

#: Where the search switches method (tests shrink them: `search.Thresholds`).
DEFAULT_THRESHOLDS = search.Thresholds()

#: Candidates tried per node by the quick search that gives a stopped search its upper bound (a real tree):
#: the first that finds a tree within the guess limit.
QUICK_TOP_K = (1, 3, 8)

#: The largest feedback table built, in bytes (12972 x 2315 Wordle needs 30 MB).
MAX_TABLE_BYTES = 4 << 30


@dataclass
class Position:
    """Where a search starts; `turns` guesses have been played to reach it."""

    pool: np.ndarray  # int32 answer indices, ascending
    cands: np.ndarray  # int32 candidate indices allowed here
    depth: int  # guesses left (search.UNLIMITED: no limit)
    greens: np.ndarray  # hard mode: required symbol per position (0: none)
    mins: np.ndarray  # hard mode: least copies of each symbol
    turns: int = 0
    path: tuple[tuple[str, tuple[int, ...]], ...] = ()  # the turns that led here, for messages


@dataclass
class Result:
    """A solved position: its tree, its value and whether the value is proven optimal."""

    tree: Tree
    total: int  # guesses over the position's answers, counted from its next guess (weighted: weight x guesses)
    proven: bool
    seconds: float
    counters: dict[str, int]
    lower: int | None = None  # stopped by its budget: the proven least total (the tree's `total` is an upper bound)
    part_bounds: dict[int, tuple[int, int]] | None = None  # forced first guess: each class's (lower, upper) by code
    weight: int = 0  # the position's answers' weight (their number when uniform); 0: not given

    @property
    def expected(self) -> float:
        """The expected number of guesses from the position's next guess on: total / weight."""
        return self.total / self.weight


@dataclass(eq=False)
class Part:
    """One feedback class of a forced guess (`Problem.prove_parts`): its position, and what its search found."""

    code: int  # the feedback code that leads to it
    position: Position
    value: int = 0  # its least total (weighted: weight x guesses), or a lower bound of it when `stopped`
    best: int = -1  # the best candidate when exact
    work: int = 0  # the search work it took, every round's
    stopped: bool = False  # its budget (or the clock) stopped its search: `value` is a lower bound
    from_cache: bool = False  # its outcome came from `prove_parts`' `known`, not a search
    skipped: bool = False  # never searched: another class had no tree
    ctx: search.Context | None = field(default=None, repr=False)  # its search's context (None: not searched)


def _shares(left: int | None, sizes: list[int]) -> list[int | None]:
    """`left` work shared by the classes' sizes (rounded down: never more than `left` in all); None: no limit."""
    if left is None:
        return [None] * len(sizes)
    whole = sum(sizes)
    return [left * size // whole for size in sizes]


class Problem:
    """A game with the rules of one search, and its guess x answer feedback table."""

    def __init__(
        self,
        game: Game,
        *,
        hard: bool = False,
        pool_only: bool = False,
        max_guesses: int | None = None,
        top_k: int = 0,
        backend: str = "cpu",
        cache_limit: int = CACHE_LIMIT,
        table: np.ndarray | None = None,
        thresholds: search.Thresholds = DEFAULT_THRESHOLDS,
        weights: np.ndarray | None = None,
        profile: bool = False,
    ):
        self.game = game
        self.profile = profile  # each context counts where the search's time goes (benchmarks/profile_search.py)
        self.hard = hard
        self.pool_only = pool_only
        self.max_guesses = max_guesses
        self.top_k = top_k
        self.cache_limit = cache_limit
        thresholds.check()
        self.thresholds = thresholds
        #: int64 weight per answer (all ones when uniform); `weighted`: not all ones.
        self.weights = search.checked_weights(weights, len(game.answers))  # UsageProblem: the prior's one check
        self.weighted = bool((self.weights != 1).any())
        n_cand, n_ans = len(game.candidates), len(game.answers)
        itemsize = 1 if 3**game.length <= 256 else 2
        if n_cand * n_ans * itemsize > MAX_TABLE_BYTES:
            raise WordleError(
                f"the feedback table of {n_cand} guesses x {n_ans} answers needs "
                f"{n_cand * n_ans * itemsize / 2**30:.1f} GiB; tree search supports up to {MAX_TABLE_BYTES >> 30} GiB"
            )
        if table is None:
            table = backends.load(backend).feedback_table(game.candidate_codes, game.answer_codes)
        self.answer_cand = game.cand_of_answer.astype(np.int32)
        self.win = game.win_code
        self.max_patterns = int(search.max_patterns(table, self.win + 1))
        # The search reads one answer's feedbacks for many candidates in a row: answer-major.
        self.by_answer = search.transposed(table)  # `table` is given by `wordle tree rank`, computed once for all
        self.cand_codes = np.ascontiguousarray(game.candidate_codes)
        self.cand_counts = _symbol_counts(self.cand_codes, game.alphabet.size)
        self.neighbour_start, self.neighbours = search.neighbour_lists(self.cand_codes)
        self.families = search.families(np.ascontiguousarray(game.answer_codes), thresholds.family_min)
        self._quick: list[tuple[Problem, search.Context]] | None = None  # the problems of `quick`, made when first needed

    @property
    def table(self) -> np.ndarray:
        """(C, A): feedback code of every candidate against every answer (a view of `by_answer`)."""
        return self.by_answer.T

    # ------------------------------------------------------------ positions

    def start(self) -> Position:
        """A fresh game: every answer possible, every candidate allowed."""
        depth = self.max_guesses if self.max_guesses is not None else search.UNLIMITED
        cands = self.answer_cand.copy() if self.pool_only else np.arange(len(self.game.candidates), dtype=np.int32)
        return Position(
            np.arange(len(self.game.answers), dtype=np.int32),
            np.sort(cands),
            depth,
            np.zeros(self.game.length, dtype=np.int32),
            np.zeros(self.game.alphabet.size + 1, dtype=np.int32),
        )

    def after(self, position: Position, guess: str, tiles: Sequence[int]) -> Position:
        """The position once `guess` (any word of the game's length) got `tiles`."""
        code = encode(tiles)
        row = self._row(guess)
        pool = position.pool[row[position.pool] == code]
        if len(pool) == 0:
            raise WordleError(f"no possible answer gives {''.join('BYG'[t] for t in tiles)} for {quote(guess)} here")
        greens, mins = position.greens, position.mins
        cands = position.cands
        if self.hard:
            greens, mins = _hints(self.game, guess, tiles, greens, mins)
            cands = search.allowed(self.context(), cands, greens, mins)
        depth = position.depth - 1 if position.depth < search.UNLIMITED else position.depth
        return Position(pool.astype(np.int32), cands, depth, greens, mins, position.turns + 1, position.path + ((guess, tuple(tiles)),))

    def _row(self, guess: str) -> np.ndarray:
        """`guess`'s feedback code against every answer (from the table when it is a candidate)."""
        index = self.game.candidate_index.get(guess)
        if index is not None:
            return self.table[index]
        codes = backends.load("cpu").feedback_codes(self.game.encode_word(guess), self.game.answer_codes)
        return codes.astype(self.table.dtype)

    # ------------------------------------------------------------ solving

    def context(self) -> search.Context:
        """A fresh search state (memo, counters) over this problem's fixed inputs."""
        return search.new_context(
            table=self.by_answer, answer_cand=self.answer_cand, win=self.win, max_patterns=self.max_patterns,  # the problem
            cand_codes=self.cand_codes, cand_counts=self.cand_counts, neighbours=(self.neighbour_start, self.neighbours),
            families=self.families,
            top_k=self.top_k, pool_only=self.pool_only, hard=self.hard,  # its rules
            cache_limit=self.cache_limit, thresholds=self.thresholds,  # how the search runs
            weights=self.weights if self.weighted else None, profile=self.profile,
        )

    def weight(self, position: Position) -> int:
        """The position's answers' weight: what one more guess costs them all (their number when uniform)."""
        return int(self.weights[position.pool].sum())

    def value(self, ctx: search.Context, position: Position, beta: int = search.INF) -> tuple[int, int]:
        """(value, best candidate) of a position: exact when value < beta.

        From the main thread the search runs in a worker thread while this one waits, so that Ctrl-C and
        SIGTERM stop it at once (a compiled search would hold them back until it returns).
        """
        if threading.current_thread() is threading.main_thread():
            return interrupts.in_worker(self._value, ctx, position, beta)
        return self._value(ctx, position, beta)

    def bounded_value(self, ctx: search.Context, position: Position, budget: Budget | None = None) -> tuple[int, int, bool]:
        """(value, best candidate, exact): the search stopped by `budget` (given what is left of it, and charged its
        work) gives a lower bound (exact False, best -1)."""
        budget = budget if budget is not None else Budget()
        if budget.limited:
            self.ready(ctx, position)
        start = int(ctx.stats[search.WORK])
        with budget.armed([ctx]):
            value, best = self.value(ctx, position)
        stopped = bool(ctx.stop[0])
        ctx.stop[0] = 0
        budget.charge(int(ctx.stats[search.WORK]) - start)
        return value, (-1 if stopped else best), not stopped

    def with_limit(self, max_guesses: int | None) -> Problem:
        """This problem under another guess limit: the same tables, no quick searches made yet."""
        problem = copy.copy(self)
        problem.max_guesses = max_guesses
        problem._quick = None
        return problem

    def quick(self, position: Position) -> tuple[int, Node | None]:
        """(total, tree) of a strategy for `position` found fast (the search trying only its few most promising
        guesses per node, `QUICK_TOP_K`): an upper bound of its value, checked by counting the tree's leaves;
        (INF, None) when none of these searches finds a tree within the guess limit."""
        if self._quick is None:
            self._quick = []
            for k in QUICK_TOP_K:
                problem = copy.copy(self)  # the same tables; its own rules and memo
                problem.top_k = k
                problem.thresholds = dataclasses.replace(self.thresholds, cache_min_pool=3)  # every pool kept: one extract
                problem._quick = []
                self._quick.append((problem, problem.context()))
        for problem, ctx in self._quick:
            with NO_LIMIT.armed([ctx]):  # no deadline, but an abandoned run (Ctrl-C in `play`) stops it
                value, _ = problem.value(ctx, position)
            if ctx.stop[0]:
                ctx.stop[0] = 0
                raise interrupts.Interrupted(interrupts.abandoned() or signal.SIGINT)  # nobody waits for this tree
            if value >= search.INF:
                continue
            node = problem._extract(ctx, position)
            self._check_adds_up(node, position, value)
            return value, node
        return search.INF, None

    def _check_adds_up(self, node: Node, position: Position, value: int) -> None:
        """A quick tree must reach each of the pool's answers once, and its total (weight x guesses under a
        prior, guesses when uniform) must be the search's value: anything else is a fault of the search."""
        leaves = list(node.leaves(self.win))
        index = self.game.answer_index
        reached = sorted(index[answer] for answer, _ in leaves)
        total = sum(int(self.weights[index[answer]]) * depth for answer, depth in leaves)
        if reached != sorted(position.pool.tolist()) or total != value:
            raise AssertionError(
                f"the quick search's tree does not add up ({total} over {len(leaves)} answers, not {value} over {len(position.pool)})"
            )

    def _value(self, ctx: search.Context, position: Position, beta: int) -> tuple[int, int]:
        args = self._solve_args(ctx, position, beta)
        value = search.solve(*args)
        return int(value), int(args[-1][0])

    def _solve_args(self, ctx: search.Context, position: Position, beta: int) -> tuple:
        """`search.solve`'s arguments for `position` (the last: where it writes the best candidate)."""
        none = np.empty((0, 0), dtype=self.by_answer.dtype), np.empty(0, dtype=np.int32)  # the codes: gathered by the search
        best = np.empty(1, dtype=np.int64)
        return (ctx, position.pool, position.cands, *none, beta, position.depth, position.greens, position.mins, best)

    def ready(self, ctx: search.Context, position: Position) -> None:
        """Compile the search and the tree's extraction for these types (or load them from numba's cache) before
        a time budget starts: compiling is never counted against a budget, so a first run gives a warm run's values."""
        compiled.ready(search.solve, *self._solve_args(ctx, position, search.INF))
        room = np.empty(0, dtype=np.int64)
        compiled.ready(search.extract, ctx, position.pool, position.cands, position.depth, position.greens, position.mins,
                       room, room, room, np.empty(0, dtype=np.bool_))
        compiled.ready(search.class_bound, 1, self.max_patterns)  # the review's count of ties, from Python

    def build(
        self,
        position: Position,
        first: str | None = None,
        threads: int = 1,
        progress: Callable[[int], None] | None = None,
        budget: Budget | None = None,
    ) -> Result:
        """The best tree from `position` (its first guess forced to `first` if given).

        `progress(done)` is called with the number of answers settled so far.
        A search stopped by `budget` leaves a proven lower bound
        (`Result.lower`) and the tree of the quick search (`quick`) in its
        place; a class with no quick tree is None in the tree (total INF).
        """
        budget = budget if budget is not None else Budget()
        started = time.perf_counter()
        n = len(position.pool)
        lower = None
        part_bounds = None
        if first is None:
            ctx = self.context()
            value, _, exact = self.bounded_value(ctx, position, budget)
            self._check_feasible(value, position)
            if exact:
                root = self._extract(ctx, position)
            else:
                lower = value
                value, root = self.quick(position)
                if root is None:
                    raise WordleError(f"no tree was found within the budget (at least {lower} guesses in all); give more")
            counters = _counters([ctx])
        else:
            parts, failed = self.prove_parts(position, first, threads, progress, budget)
            if failed is not None:
                self._check_feasible(failed.value, failed.position, opener=first if not position.path else None)
            root = Node(first)
            part_bounds = {}
            stopped = [part for part in parts if part.stopped]
            done = n - sum(len(part.position.pool) for part in stopped)  # the bar's clock moves meanwhile
            for part in parts:
                if part.code == self.win:
                    root.children[part.code] = None
                    continue
                if part.stopped:
                    upper, root.children[part.code] = self.quick(part.position)
                    done += len(part.position.pool)
                    if progress is not None:
                        progress(done)
                else:
                    upper, root.children[part.code] = part.value, self._extract(part.ctx, part.position)
                part_bounds[part.code] = (part.value, upper)
            value = min(search.INF, self.weight(position) + sum(upper for _, upper in part_bounds.values()))
            if stopped:
                lower = self.weight(position) + sum(low for low, _ in part_bounds.values())
            counters = _counters([part.ctx for part in parts if part.ctx is not None])
        if progress is not None:
            progress(n)
        return Result(
            Tree(root, self.game.length), value, self.top_k <= 0 and lower is None, time.perf_counter() - started, counters,
            lower=lower, part_bounds=part_bounds, weight=self.weight(position),
        )

    def prove_parts(
        self,
        position: Position,
        first: str,
        threads: int = 1,
        progress: Callable[[int], None] | None = None,
        budget: Budget | None = None,
        known: Callable[[Part, int | None], tuple[int, int, int] | None] | None = None,
        proven: Callable[[Part, int | None], None] | None = None,
    ) -> tuple[list[Part], Part | None]:
        """Every feedback class of `first` played at `position` (`Part`s, in code order, the win's included), each
        proven on its own context (`Part.ctx`) on up to `threads` threads, and the class found to have no tree
        within the guesses left (None: none was): the opener then fails, and the other classes need not be proven.

        Under a work budget the classes are proven in rounds, each class given a share fixed before the round
        starts (`_shares`), so that no count depends on the threads (`Budget`); see `_rounds`. `known(part,
        share)` may give a class's first-round outcome (value, best candidate, work) without a search (a cache:
        valid only if the search given `share` would end so); `proven(part, share)` is told every class whose
        first round proved it (its outcome a function of the class and that share alone: a fresh context).
        """
        budget = budget if budget is not None else Budget()
        if position.depth <= 0:
            raise WordleError("no guesses are left to play")
        if self.hard:
            why = _hard_violation(self.game, first, position)
            if why:
                raise WordleError(f"{quote(first)} is not allowed in hard mode here: {why}")
        parts = [Part(code, part) for code, part in self._parts(position, first, self._row(first))]
        jobs = [part for part in parts if part.code != self.win]
        # The small parts go first, smallest first: an opener that cannot win every game (half the openers in
        # hard mode on today's lists) almost always fails on a small class (a letter family such as _ills) and
        # is refuted in seconds instead of after every class. Then the big parts, biggest first, so that the
        # threads finish together.
        small = sorted((part for part in jobs if len(part.position.pool) <= SMALL_PART), key=lambda part: len(part.position.pool))
        order = small + sorted((part for part in jobs if len(part.position.pool) > SMALL_PART), key=lambda part: -len(part.position.pool))
        settled = [len(position.pool) - sum(len(part.position.pool) for part in jobs)]
        if progress is not None:
            progress(settled[0])
        if budget.limited and jobs:
            self.ready(self.context(), jobs[0].position)
        if budget.work is None:  # one round, every class to its end (or the clock): as fast as the threads allow
            failed = self._round(order, [None] * len(order), threads, progress, settled, budget, known, proven, quick_fail=True)
        else:
            failed = self._rounds(order, threads, progress, settled, budget, known, proven)
        return parts, failed

    def _rounds(self, order, threads, progress, settled, budget, known, proven) -> Part | None:
        """`prove_parts` under a work budget, in rounds: each round gives the classes not yet proven what is left of
        the budget, shared by their sizes (`_shares`); a class that ends within its share hands the rest on to the
        next round, where the classes its share stopped go on, each on its own context (the memo it filled kept).
        The rounds end when every class is proven or a round proves none (all used their shares: nothing is left).
        Each round's shares and each class's search depend only on the classes and the budget, never on the
        threads or the time, so the values, the stopped classes and the work charged are the same on any machine."""
        pending = list(order)
        first = True
        while pending:
            shares = _shares(budget.left(), [len(part.position.pool) for part in pending])
            failed = self._round(pending, shares, threads, progress, settled, budget, known if first else None, proven if first else None)
            if failed is not None:
                return failed
            still = [part for part in pending if part.stopped]
            if len(still) == len(pending):
                break
            pending, first = still, False
        return None

    def _round(self, parts, shares, threads, progress, settled, budget, known=None, proven=None, quick_fail=False) -> Part | None:
        """One round of `prove_parts`: each part searched with its share (None: no work limit) on up to `threads`
        threads, and charged its work. The first part in `parts`' order with no tree (INF) fails the round: the
        parts before it are proven all the same and charged, those after it stopped and left uncharged, so what
        is charged never depends on which thread ran first. (`quick_fail`, without a work budget: any part with
        no tree ends the round at once, as nothing is charged that matters.)"""
        before = {id(part): part.work for part in parts}
        run = []
        for part in parts:
            part.skipped = False
        for part, share in zip(parts, shares):
            found = known(part, share) if known is not None else None
            if found is not None:
                part.value, part.best, work = found
                part.work += work
                part.stopped, part.from_cache = False, True
            else:
                if part.ctx is None:
                    part.ctx = self.context()
                run.append((part, share))
        failed_at = [len(parts)]  # the position in `parts` of the first part found with no tree
        lock = threading.Lock()
        place = {id(part): i for i, part in enumerate(parts)}
        for i, part in enumerate(parts):
            if part.from_cache and part.value >= search.INF:
                failed_at[0] = min(failed_at[0], i)
        stop_after = threading.Event()  # with quick_fail: set once any part has no tree

        def prove(part):
            if stop_after.is_set() or place[id(part)] > failed_at[0]:
                part.skipped = True
                return
            start = int(part.ctx.stats[search.WORK])
            part.value, part.best = self._value(part.ctx, part.position, search.INF)
            part.work += int(part.ctx.stats[search.WORK]) - start
            part.stopped = bool(part.ctx.stop[0])  # left set: `Budget.armed` reads it on the way out (the next round resets it)
            if part.value >= search.INF:
                with lock:
                    failed_at[0] = min(failed_at[0], place[id(part)])
                    if quick_fail:
                        stop_after.set()  # no part starts any more; those running are left to end (as always)
                    else:
                        for other in parts[failed_at[0] + 1 :]:  # their results no longer count: stop them
                            if other.ctx is not None:
                                other.ctx.stop[0] = 1

        pool = ThreadPoolExecutor(max_workers=max(1, threads))
        armed = budget.armed([part.ctx for part, _ in run], [share for _, share in run])
        armed.__enter__()
        try:
            futures = {pool.submit(prove, part): part for part, _ in run}
            pending = set(futures)
            for part in parts:
                if part.from_cache and not part.stopped:
                    settled[0] += len(part.position.pool)
            while pending:
                done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in done:
                    future.result()
                    part = futures[future]
                    if not part.stopped and not part.skipped:  # a part stopped is settled once bounded (`build`), not now
                        settled[0] += len(part.position.pool)
                if quick_fail and stop_after.is_set():
                    pool.shutdown(wait=False, cancel_futures=True)  # the opener fails: the rest need not be proven
                    break
                if progress is not None:
                    progress(settled[0])
            for other in parts[failed_at[0] + 1 :]:  # stopped because another part failed: their flags tell nothing
                if other.ctx is not None and not quick_fail:
                    other.ctx.stop[0] = 0  # (all ended: the loop above waited for every one)
        except BaseException:
            # Ctrl-C, SIGTERM: stop the searches running (they unwind at their next candidate) and leave at once.
            for part, _ in run:
                part.ctx.stop[0] = 1
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            armed.__exit__(None, None, None)
        pool.shutdown(wait=not quick_fail or not stop_after.is_set())
        counted = parts[: failed_at[0] + 1]
        budget.charge(sum(part.work - before[id(part)] for part in counted))
        if failed_at[0] < len(parts):
            return parts[failed_at[0]]
        if proven is not None:
            for part, share in zip(parts, shares):
                if not part.stopped and not part.from_cache:
                    proven(part, share)
        return None

    def opener_value(self, ctx: search.Context, position: Position, guess: str, beta: int = search.INF) -> tuple[int, bool]:
        """(total, True) with `guess` played first, or (a lower bound >= beta, False) once it reaches beta.

        The classes are solved smallest first, each in the window the others'
        lower bounds leave, so a bad opener stops at its first few classes.
        """
        parts = [(code, part) for code, part in self._parts(position, guess, self._row(guess)) if code != self.win]
        # A class's one-level bound (its best guess's classes' bounds): one cheap pass, and often enough.
        lower = [self.value(ctx, part, 2 * self.weight(part))[0] for _, part in parts]
        if any(value >= search.INF for value in lower):
            return search.INF, True  # a class that cannot be solved in the guesses left
        total = self.weight(position) + sum(lower)
        for i in sorted(range(len(parts)), key=lambda i: (len(parts[i][1].pool), i)):
            if total >= beta:
                return total, False
            value, _ = self.value(ctx, parts[i][1], beta - (total - lower[i]))
            if value >= search.INF:
                return search.INF, True  # a class that cannot be solved in the guesses left
            total += value - lower[i]
        return total, total < beta

    def opener_worst(self, ctx: search.Context, position: Position, guess: str) -> int:
        """The most guesses any answer needs in the best tree opening with `guess` (after `opener_value`)."""
        root = Node(guess)
        for code, part in self._parts(position, guess, self._row(guess)):
            root.children[code] = None if code == self.win else self._extract(ctx, part)
        return Tree(root, self.game.length).stats().worst

    def _parts(self, position: Position, guess: str, row: np.ndarray) -> list[tuple[int, Position]]:
        """The positions after `guess`, one per feedback class, in code order."""
        codes = row[position.pool]
        useful = search.useful(self.context(), position.pool, position.cands)
        parts = []
        for code in np.unique(codes).tolist():
            pool = position.pool[codes == code].astype(np.int32)
            greens, mins, cands = position.greens, position.mins, useful
            if self.hard:
                greens, mins = _hints(self.game, guess, decode(code, self.game.length), greens, mins)
                cands = search.allowed(self.context(), useful, greens, mins)
            depth = position.depth - 1 if position.depth < search.UNLIMITED else position.depth
            step = (guess, decode(code, self.game.length))
            parts.append((code, Position(pool, cands, depth, greens, mins, position.turns + 1, position.path + (step,))))
        return parts

    def _check_feasible(self, value: int, position: Position, opener: str | None = None) -> None:
        """WordleError naming the position (the answers, the turns that left them, the guesses left) if it has no tree.

        `opener`: the forced first guess of a fresh game that led here; the message then says first
        that this opener cannot win every game within the limit, and which limit would let it try.
        """
        if value >= search.INF:
            if opener is not None and self.max_guesses is not None:
                n = len(position.pool)
                tiles = "".join("BYG"[t] for t in position.path[-1][1])
                raise WordleError(
                    f"{opener} cannot win every game within {_guesses(self.max_guesses)}{' in hard mode' if self.hard else ''}: "
                    f"no strategy solves {'every one of the ' if n != 1 else 'the '}{n} answer{'s' if n != 1 else ''} left after "
                    f"{opener} {tiles} in the {_guesses(position.depth)} left (--max-guesses {self.max_guesses + 1} allows one more)"
                )
            n = len(position.pool)
            answers = f"the {n} answers" if n != 1 else "the 1 answer"
            if position.path:
                turns = position.path[-4:]
                shown = ", ".join(f"{g} {''.join('BYG'[t] for t in tiles)}" for g, tiles in turns)
                answers += f" left after {'..., ' if len(position.path) > len(turns) else ''}{shown}"
            if self.max_guesses is None:
                limit = "at all"
            elif position.path:
                limit = f"in the {_guesses(position.depth)} left (--max-guesses {self.max_guesses})"
            else:
                limit = f"within {_guesses(self.max_guesses)}"
            raise WordleError(f"no strategy solves {'every one of ' if n != 1 else ''}{answers} {limit}" + (" in hard mode" if self.hard else ""))

    def _extract(self, ctx: search.Context, position: Position) -> Node:
        """The tree the memo proves best for `position` (re-solving what it did not keep), built in one compiled call."""
        room = 2 * len(position.pool) + 2
        guess, parent, code = (np.empty(room, dtype=np.int64) for _ in range(3))
        win = np.empty(room, dtype=np.bool_)
        n_nodes = search.extract(
            ctx, position.pool, position.cands, position.depth, position.greens, position.mins, guess, parent, code, win
        )
        if n_nodes < 0:
            return self._extract_node_by_node(ctx, position)
        candidates = self.game.candidates
        nodes = [Node(candidates[g]) for g in guess[:n_nodes].tolist()]
        for node, up, x in zip(nodes[1:], parent[1:n_nodes].tolist(), code[1:n_nodes].tolist()):
            nodes[up].children[x] = node
        for node, has_win in zip(nodes, win[:n_nodes].tolist()):
            if has_win:
                node.children[self.win] = None  # the highest code: after the others, as in code order
        return nodes[0]


    def _extract_node_by_node(self, ctx: search.Context, position: Position) -> Node:
        """As `_extract`, solving each node from Python (when the memo no longer holds the tree)."""
        value, best = self.value(ctx, position)
        self._check_feasible(value, position)
        guess = self.game.candidates[best]
        node = Node(guess)
        for code, part in self._parts(position, guess, self.table[best]):
            node.children[code] = None if code == self.win else self._extract_node_by_node(ctx, part)
        return node


#: Words of a tiny game for `compile_ahead`: each letter a-e in turn at one position, the rest "a".
def _ahead_words(length: int) -> list[str]:
    return sorted({"a" * i + letter + "a" * (length - i - 1) for i in range(length) for letter in "abcde"})


def compile_ahead(length: int, backend: str = "cpu") -> threading.Thread:
    """Compile (or load from numba's cache) the exact search for games of `length`-letter words, in a daemon
    thread, by proving a tiny game of such words; the thread is returned.

    `wordle play` starts this while it waits for the player's first line: its review and its exact strategy
    then find the search compiled (the types are those of any game of that word length) instead of waiting
    for the compiler, which on a fresh machine takes a minute or more. Any failure here is left to the real
    search to meet and report."""

    def work() -> None:
        try:
            with compiled.in_background():  # no one waits for it: says nothing (a command that then waits says so)
                words = _ahead_words(length)
                problem = Problem(Game("compile-ahead", words, words), backend=backend)
                problem.build(problem.start(), budget=Budget(3600))  # a budget: compiled as a budgeted search is
        except Exception:  # noqa: BLE001 - the real search reports its own failures
            pass

    thread = threading.Thread(target=work, name="compile-ahead", daemon=True)
    thread.start()
    return thread


def _guesses(n: int) -> str:
    return f"{n} guess{'' if n == 1 else 'es'}"


def _counters(contexts: list[search.Context]) -> dict[str, int]:
    totals = np.sum([ctx.stats for ctx in contexts], axis=0) if contexts else np.zeros(len(search.STAT_NAMES), dtype=np.int64)
    return dict(zip(search.STAT_NAMES, (int(x) for x in totals)))


def _hints(game: Game, guess: str, tiles, greens: np.ndarray, mins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hard mode's hints after `guess` got `tiles` (as `search.hints_after`, for any word)."""
    codes = game.encode_word(guess)
    greens = greens.copy()
    marked = np.zeros_like(mins)
    for i, (symbol, tile) in enumerate(zip(codes.tolist(), tiles)):
        if tile == 2:
            greens[i] = symbol
        if tile != 0:
            marked[symbol] += 1
    return greens, np.maximum(mins, marked)


def _hard_violation(game: Game, guess: str, position: Position) -> str | None:
    """Why `guess` breaks the position's hard-mode hints (None when it does not)."""
    symbols = game.alphabet.symbols
    constraints = Constraints(
        tuple(symbols[g - 1] if g else None for g in position.greens.tolist()),
        tuple(sorted((symbols[s - 1], m) for s, m in enumerate(position.mins.tolist()) if m)),
    )
    return constraints.violation(guess)


def _symbol_counts(codes: np.ndarray, n_symbols: int) -> np.ndarray:
    """(C, S + 1) uint8: copies of each symbol code in each candidate."""
    counts = np.zeros((codes.shape[0], n_symbols + 1), dtype=np.uint8)
    rows = np.arange(codes.shape[0])
    for i in range(codes.shape[1]):
        np.add.at(counts, (rows, codes[:, i]), 1)
    return counts


