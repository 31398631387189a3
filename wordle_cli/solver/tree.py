"""The decision tree: one scored choice per pool, shared by every game played.

A node is a pool of possible answers (ascending answer indices), in hard mode
with the constraints of the path that led to it, plus the guess chosen for it
and that guess's feedback code against each pool word. Its children are the
pool split by feedback code, made on first use and kept, so simulating all
answers scores each distinct pool once instead of replaying every game.

Choosing a guess (`Solver.best`):

- a pool of 1 or 2 needs no search: its first word (in list order) splits it
  perfectly (under a prior its heaviest word, first in list order among equals);
- for a small pool, if some pool word splits it into singletons that word is
  optimal for every strategy and preferred by the tie rule; the earliest such
  word is taken without scoring the other candidates (uniform prior only:
  under a prior a likelier word that does not split the pool may be better);
- otherwise every candidate (the pool with --pool-only; in hard mode only the
  candidates the constraints allow) is scored against the pool on the backend
  and `strategy.choose` picks one. Candidates that look the same to the pool
  (equal once every letter no pool word has is replaced by one spare symbol)
  have equal sums, so each such class is scored once;
- the opening of a default game is looked up in `openings` instead.

With lies (`wordle_cli.model.lies`, Fibble; the rule is handed in as
`lies`) a node's codes are still the true feedbacks of its guess, a child is
keyed by the row the host *showed*, and its pool is the answers consistent
with that row (their true feedback in shown(row)), so children overlap. The
candidates are scored by their spread over the rows the host may show
(`strategy`'s module docstring); the memoised openings are not used. A
game is played against a host that picks the shown row (`Liar`).

Under a prior (`weights`: int64 per answer, `model.weights`) the candidates
are scored by `model.class_sums`'s sums of each pool's weights, each guess
credited for the chance that it is the answer (`strategy.credit_win`); the
memoised openings, made for the uniform pool, are not used (the `optimal`
strategy opens with `opener`, handed in). `weights` None is the uniform
prior, on the backends' own kernels.

The `optimal` strategy may be given a budget a move (`move_budget` units of
search work, counted: the same move on any machine; `move_time` seconds of
wall-clock time, which is not): a position the exact search cannot prove
within it gets the best guess the quick search finds, and its node keeps the
proven bounds (`Node.unproven`, a `Bounds`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from wordle_cli import backends
from wordle_cli.errors import WordleError, quote
from wordle_cli.model.feedback import decode
from wordle_cli.model.game import ROWS, Game
from wordle_cli.model.hardmode import Constraints
from wordle_cli.solver import openings
from wordle_cli.solver import strategy as strategies

#: Pools up to this size first look for a pool word that splits them perfectly.
PERFECT_SPLIT_MAX_POOL = 48



@dataclass(frozen=True)
class Bounds:
    """What the exact search proved of a position it could not finish within its budget: the expected guesses to
    go (from this guess on, the answer drawn from the prior) lie in [lower, upper]; `upper` is the guess's own
    strategy (the quick search's tree); `limit` says what stopped it (`move_limit`)."""

    lower: Fraction | None  # None: where no guess is sure to win, the best chance to win found (no bounds in guesses)
    upper: Fraction | None
    limit: str
    clocked: bool = False  # the wall clock stopped the search (`move_time`): another run may find otherwise

    def text(self) -> str:
        """`not proven within 5 units of search work: 2.314–2.402 guesses to go` (lower bound–the value of the
        guess's strategy, as review's ranges)."""
        if self.lower is None:
            return f"not proven {self.limit}: the best chance to win within the rows found then"
        return f"not proven {self.limit}: {float(self.lower):.4g}–{float(self.upper):.4g} guesses to go"


def unproven_note(solver) -> str | None:
    """The one line saying how many moves of the optimal strategy were not proven within their budget (None: none)."""
    n = solver.unproven_moves
    if not n:
        return None
    units, seconds = solver.move_budget, solver.move_time
    hint = " and ".join(f"--{name} 0" for name, value in (("move-budget", units), ("move-time", seconds)) if value is not None)
    clocked = "; the wall clock stopped some, so another run may play otherwise" if solver.clocked_moves else ""
    return (f"{n} move{'s' if n != 1 else ''} of the optimal strategy not proven {move_limit(units, seconds)}: the best guess found "
            f"was played ({hint} prove{'s' if ' and ' not in hint else ''} every one){clocked}")


def move_limit(units: float | None, seconds: float | None, clocked: bool = False) -> str:
    """What a move's search was given (`within 5 units of search work`), or, when the wall clock stopped it
    (`clocked`), that limit, which another run may not meet alike."""
    if clocked:
        return f"in {seconds:g} s (a wall-clock limit: another run may find otherwise)"
    if units is None:
        return f"in {seconds:g} s"
    return f"within {units:g} unit{'' if units == 1 else 's'} of search work" + (f" or {seconds:g} s" if seconds else "")


@dataclass(eq=False)
class Node:
    """A pool, the guess chosen for it, and how that guess splits it."""

    pool: object  # int64[n] ascending answer indices
    constraints: Constraints | None  # hard mode only
    guess: str
    codes: object  # int32[n]: feedback code of `guess` for each pool word
    forced: bool = False  # the guess was given (--first, or typed in `play`)
    turn: int = 1  # this guess's turn in the game
    children: dict = field(default_factory=dict, repr=False)
    lies: object = None  # the rule (`Lies`) when rows may lie; `codes` are then the true feedbacks
    weights: object = None  # int64[n]: the pool words' weights under a prior; None: uniform
    unproven: Bounds | None = None  # the optimal strategy's guess, not proven within its time: its bounds

    @property
    def size(self) -> int:
        return len(self.pool)

    def stats(self) -> strategies.GuessStats:
        return strategies.stats_from_codes(self.codes, self.lies, self.weights)

    def code_of(self, answer_index: int) -> int:
        """Feedback code of this node's guess for an answer of its pool."""
        import numpy as np

        pos = int(np.searchsorted(self.pool, answer_index))
        if pos >= len(self.pool) or int(self.pool[pos]) != answer_index:
            raise ValueError(f"answer {answer_index} is not in this pool")
        return int(self.codes[pos])


class Solver:
    """A strategy over a game, computing on one backend ("cpu" or "cuda")."""

    #: Answers of the game's lists that the prior gave weight 0, so not in its pool (`setup.solver_of` sets it).
    left_out: frozenset[str] = frozenset()

    def __init__(
        self,
        game: Game,
        strategy: str = "expected",
        *,
        hard: bool = False,
        pool_only: bool = False,
        backend: str = "cpu",
        use_openings: bool = True,
        exact: Callable | None = None,
        lies=None,
        weights=None,
        prior_label: str = "uniform",
        opener: str | None = None,
        move_budget: float | None = None,
        move_time: float | None = None,
    ):
        """`exact(game, hard=, pool_only=, backend=)` makes the `optimal` strategy's chooser
        (the exact search, `trees.optimal.OptimalChooser`): the caller hands it in, so the
        solver never imports the search that stands beside it. `lies`: the rule of a game
        whose rows lie (`wordle_cli.model.lies.Lies`), None (or 0 lies) for Wordle. `weights`: the
        prior, int64 per answer (>= 1), None for uniform; the exact search then gets `weights=` too.
        `prior_label` names the prior in outputs (`model.weights.AnswerWeights.label`). `opener`: the first guess
        of a fresh game under a prior (`api.opener_for`; None: the strategy's own). `move_budget`: the units of
        search work the optimal strategy may spend on a move (`trees.budget.Budget`), `move_time` the seconds of
        wall-clock time (each None: no such limit; both: until proven)."""
        if strategy not in strategies.STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}")
        if strategy == "optimal" and exact is None:
            raise ValueError("the optimal strategy needs the exact search: pass exact=OptimalChooser")
        self.lies = lies if lies is not None and lies.n else None
        if self.lies is not None and (strategy not in strategies.SCORED_STRATEGIES or hard):
            raise ValueError("with lies the strategies are expected, entropy and minimax, without hard mode")
        if weights is not None:
            from wordle_cli.model.weights import checked

            weights = checked(weights, len(game.answers)).weights
            if self.lies is not None:
                raise ValueError("with lies the answers are uniform (no weights)")
        self.weights = weights
        self.prior_label = prior_label
        self.game = game
        self.strategy = strategy
        self.hard = hard
        self.pool_only = pool_only
        self.backend_name = backend
        self.backend = backends.load(backend)
        self.use_openings = use_openings
        self.scored = 0  # candidate x pool pairs scored, for reports and tests
        self.exact = exact
        self.opener = opener
        self.move_budget = move_budget
        self.move_time = move_time
        self._unproven: Bounds | None = None  # the bounds of the optimal guess just chosen, when not proven
        self.unproven_moves = 0  # moves of the optimal strategy not proven within their budget (each node counted once)
        self.clocked_moves = 0  # of which the wall clock (`move_time`) stopped the search
        self._optimal = None  # the exact search's chooser, made on first use by strategy "optimal"
        self._lie_codes = None  # with lies: every candidate's true feedback for every answer, answer-major

    # ------------------------------------------------------------ the tree

    def root_pool(self):
        """The pool of a fresh game: every answer."""
        import numpy as np

        return np.arange(len(self.game.answers), dtype=np.int64)

    def root(self, first: str | None = None) -> Node:
        """The node of a fresh game (its guess: `first`, or the strategy's)."""
        constraints = Constraints.none(self.game.length) if self.hard else None
        return self.node(self.root_pool(), constraints, forced=first)

    def node(self, pool, constraints: Constraints | None, forced: str | None = None, turn: int = 1) -> Node:
        """A node for `pool` at `turn`: the strategy's guess (or `forced`) and its feedback codes."""
        import numpy as np

        if len(pool) == 0:
            raise ValueError("empty pool")
        self._unproven = None
        guess = forced if forced is not None else self.best(pool, constraints, turn)
        unproven, self._unproven = self._unproven, None
        self.unproven_moves += unproven is not None
        self.clocked_moves += unproven is not None and unproven.clocked
        if len(pool) == 1 and self.game.answers[int(pool[0])] == guess:
            codes = np.array([self.game.win_code], dtype=np.int32)
        else:
            codes = self.backend.feedback_codes(self.game.encode_word(guess), self.game.answer_codes[pool])
        weights = None if self.weights is None else self.weights[pool]
        return Node(
            pool, constraints, guess, codes, forced=forced is not None, turn=turn, lies=self.lies, weights=weights, unproven=unproven
        )

    def kept(self, codes, code: int):
        """Which pool words (by their true `codes` for a guess) stay possible after the guess showed `code`."""
        if self.lies is None:
            return codes == code
        from wordle_cli.model.lie_split import consistent_mask

        return consistent_mask(self.lies, codes, code)

    def child(self, node: Node, code: int) -> Node:
        """The node after `node.guess` got feedback `code` (made once, then kept)."""
        found = node.children.get(code)
        if found is None:
            pool = node.pool[self.kept(node.codes, code)]
            if len(pool) == 0:
                tiles = decode(code, self.game.length)
                raise WordleError(no_answer_message(node.guess, tiles, self.lies))
            constraints = node.constraints.after(node.guess, decode(code, self.game.length)) if self.hard else None
            found = self.node(pool, constraints, turn=node.turn + 1)
            if not node.forced and found.size == node.size:
                raise RuntimeError(f"the {self.strategy} strategy made no progress on a pool of {node.size}")
            node.children[code] = found
        return found

    def after(self, node: Node, guess: str, tiles, forced: str | None = None) -> Node:
        """The node after any `guess` (not necessarily node.guess) got `tiles`; its guess `forced` if given."""
        from wordle_cli.model.feedback import encode

        code = encode(tiles)
        if guess == node.guess and forced is None:
            return self.child(node, code)
        codes = self.backend.feedback_codes(self.game.encode_word(guess), self.game.answer_codes[node.pool])
        pool = node.pool[self.kept(codes, code)]
        if len(pool) == 0:
            raise WordleError(no_answer_message(guess, tiles, self.lies))
        constraints = node.constraints.after(guess, tiles) if self.hard else None
        return self.node(pool, constraints, forced, turn=node.turn + 1)

    def play(self, root: Node, target: str, liar=None) -> list[Node]:
        """The nodes of the game against `target` (an answer), one per guess."""
        return [node for node, _ in self.rows(root, target, liar)]

    def rows(self, root: Node, target: str, liar=None) -> list[tuple[Node, int]]:
        """(node, code shown) per guess of the game against `target`; with lies, `liar` (a `Liar`,
        started on this game) picks each row shown from the true feedback."""
        index = self.game.answer_index[target]
        node, path = root, []
        while True:
            code = node.code_of(index)
            if code != self.game.win_code and self.lies is not None:
                code = liar.lie(code, node.codes)
            path.append((node, code))
            if code == self.game.win_code:
                return path
            node = self.child(node, code)

    # ------------------------------------------------------------ choosing a guess

    def best(self, pool, constraints: Constraints | None = None, turn: int = 1) -> str:
        """The strategy's guess for `pool` at `turn` (see the module docstring)."""
        import numpy as np

        game = self.game
        n = len(pool)
        if n <= 2:  # the first pool word in list order splits the pool perfectly (under a prior: the heaviest first)
            ordered = pool if self.pool_only else pool[np.argsort(game.cand_of_answer[pool], kind="stable")]
            first = ordered[0] if self.weights is None else ordered[int(np.argmax(self.weights[ordered]))]
            return game.answers[int(first)]
        fresh = n == len(game.answers) and (constraints is None or constraints == Constraints.none(game.length))
        if fresh and self.opener is not None:
            return self.opener
        if fresh and self.use_openings and self.lies is None and self.weights is None:
            known = openings.lookup(game, self.strategy, self.pool_only, self.hard)
            if known is not None:
                return known
        if self.strategy == "optimal":
            return self._optimal_best(pool, constraints, turn)
        # Pool words in list order: the answers order with --pool-only, else candidate order.
        ordered = pool if self.pool_only else pool[np.argsort(game.cand_of_answer[pool], kind="stable")]
        scale = self.lies.scale if self.lies is not None else 1
        if self.pool_only or (n <= PERFECT_SPLIT_MAX_POOL and self.weights is None):
            sums = self._score_rows(game.cand_of_answer[ordered], pool, distinct=False)
            if self.pool_only:
                return game.answers[int(ordered[strategies.choose(sums, self.strategy, np.ones(n, bool), self._useful(sums, n))])]
            perfect = np.flatnonzero(sums.sum_n == n * scale)
            if perfect.size:
                return game.answers[int(ordered[perfect[0]])]
        if constraints is not None:
            allowed = np.flatnonzero(constraints.mask(game.candidate_codes, game.alphabet))
        else:
            allowed = None
        sums = self._score_rows(allowed, pool)
        answer_of = game.answer_of_cand if allowed is None else game.answer_of_cand[allowed]
        in_pool = np.zeros(len(game.answers) + 1, dtype=bool)
        in_pool[pool] = True  # index -1 (not an answer) reads the last, False entry
        pick = strategies.choose(sums, self.strategy, in_pool[answer_of], self._useful(sums, n))
        return game.candidates[int(pick if allowed is None else allowed[pick])]

    def _useful(self, sums, n: int):
        """With lies: the candidates no row answers with the whole pool (None: every candidate)."""
        return sums.max_n < n if self.lies is not None else None

    def _optimal_best(self, pool, constraints: Constraints | None, turn: int) -> str:
        """The exact search's guess: fewest guesses in total, winning within the rows left if possible, else the best
        chance to win within them first; past its budget (`move_budget`, `move_time`), the best guess found, its
        bounds kept for the node (`_unproven`)."""
        if self._optimal is None:
            weighted = {} if self.weights is None else {"weights": self.weights}
            self._optimal = self.exact(self.game, hard=self.hard, pool_only=self.pool_only, backend=self.backend_name, **weighted)
        if self.move_budget is None and self.move_time is None:
            return self._optimal.best(pool, constraints, max(ROWS - turn + 1, 0) or None)
        choice = self._optimal.best_within(pool, constraints, max(ROWS - turn + 1, 0) or None, self.move_budget, self.move_time)
        if not choice.proven:
            limit = move_limit(self.move_budget, self.move_time, choice.clocked)
            if choice.lower is None:  # the best chance to win found, where no guess is sure to win
                self._unproven = Bounds(None, None, limit, choice.clocked)
            else:
                self._unproven = Bounds(Fraction(choice.lower, choice.weight), Fraction(choice.upper, choice.weight), limit,
                                        choice.clocked)
        return choice.guess

    def _score_rows(self, rows, pool, distinct: bool = True):
        """Sums of the candidates `rows` (indices; None: every candidate) over `pool` (answer indices)."""
        if self.lies is not None:
            return self._lie_sums(rows, pool)
        game = self.game
        guesses = game.candidate_codes if rows is None else game.candidate_codes[rows]
        answers = game.answer_codes[pool]
        weights = None if self.weights is None else self.weights[pool]
        sums = self._score_distinct(guesses, answers, weights) if distinct else self._score(guesses, answers, weights)
        if weights is None:
            return sums
        import numpy as np

        answer_of = game.answer_of_cand if rows is None else game.answer_of_cand[rows]
        weight_of = np.zeros(len(game.answers) + 1, dtype=np.int64)
        weight_of[pool] = weights  # index -1 (not an answer) reads the last entry, 0
        win = weight_of[answer_of]

        def heaviest_other(picked):
            """The heaviest class other than the win of the guesses `picked` (indices into `guesses`)."""
            out = np.empty(len(picked), dtype=np.int64)
            for i, row in enumerate(picked.tolist()):
                codes = self.backend.feedback_codes(guesses[row], answers)
                mass = np.bincount(codes, weights=weights.astype(np.float64), minlength=game.win_code + 1)
                mass[game.win_code] = 0
                out[i] = int(np.rint(mass.max()))
            return out

        return strategies.credit_win(sums, win, heaviest_other)

    def _score(self, guesses, answers, weights=None):
        """The candidates' sums over the pool: the backend's kernel, or under a prior (`weights` of the pool) the weighted ones."""
        self.scored += len(guesses) * len(answers)
        if weights is None:
            return self.backend.score(guesses, answers, "strict")
        from wordle_cli.model.class_sums import backend_sums

        return backend_sums(self.backend, guesses, answers, weights).score_sums()

    def _lie_sums(self, rows, pool):
        """With lies: the spread of each candidate over the rows the host may show (`lie_split`), as ScoreSums.

        sum_n: the total (N x M x the expected pool left), max_n: the worst
        row, sum_clog2c: the information key; sum_n2 is not defined here (0).
        The candidates' true feedback for every answer is computed once (the
        table, answer-major), then read for each pool.
        """
        import numpy as np

        from wordle_cli.model.lie_split import spread_cols
        from wordle_cli.stats import ScoreSums

        game = self.game
        if self._lie_codes is None:
            self._lie_codes = np.ascontiguousarray(self.backend.feedback_table(game.candidate_codes, game.answer_codes).T)
        cols = np.arange(len(game.candidates)) if rows is None else rows
        self.scored += len(cols) * len(pool)
        spread = spread_cols(self.lies, self._lie_codes, cols, pool)
        return ScoreSums(spread.total, np.zeros(len(cols), np.int64), spread.worst, spread.key)

    def _score_distinct(self, guesses, answers, weights=None):
        """`_score`, computing each distinct guess only once as the pool sees it.

        A letter that no pool word contains is absent wherever it stands, so
        all such letters are replaced by one spare symbol; guesses that become
        equal have the same feedback against every pool word, hence the same
        sums. Exact, and for small pools several times fewer guesses to score.
        """
        import numpy as np

        from wordle_cli.encoding import pack
        from wordle_cli.stats import ScoreSums

        used = np.zeros(256, dtype=bool)
        used[answers.ravel()] = True
        used[0] = True  # 0 is the packing's padding, never a symbol
        spare = np.flatnonzero(~used)
        if spare.size == 0:
            return self._score(guesses, answers, weights)
        projected = np.where(used[guesses], guesses, np.uint8(spare[0])).astype(np.uint8)
        _, first, inverse = np.unique(pack(projected), return_index=True, return_inverse=True)
        if len(first) == len(guesses):
            return self._score(guesses, answers, weights)
        sums = self._score(projected[first], answers, weights)
        inverse = inverse.reshape(-1)
        return ScoreSums(sums.sum_n[inverse], sums.sum_n2[inverse], sums.max_n[inverse], sums.sum_clog2c[inverse])


def no_answer_message(guess: str, tiles, lies=None) -> str:
    from wordle_cli.model.feedback import show

    told = "" if lies is None or not lies.n else f" with {lies.n} lie{'s' if lies.n != 1 else ''}"
    return f"no possible answer gives {show(tuple(tiles), 'emoji')} ({show(tuple(tiles))}) for {quote(guess)}{told}"


# ---------------------------------------------------------------- simulation


@dataclass
class Simulation:
    """Every game played: the targets and the guesses of each, in order."""

    targets: list[str]
    paths: list[list[str]]
    fewest: int = 1  # the fewest guesses a game can take: 1, or N turns for N boards (a turn solves one board at most)
    weights: list[int] | None = None  # under a prior: each target's weight (None: uniform)
    prior_label: str = "uniform"  # the prior the games were played under, for outputs

    @property
    def counts(self) -> list[int]:
        return [len(p) for p in self.paths]

    def histogram(self) -> dict[int, int]:
        """Games per number of guesses, from the fewest a game can take to the worst."""
        counts = self.counts
        hist = {k: 0 for k in range(min(self.fewest, *counts), max(counts) + 1)}
        for c in counts:
            hist[c] += 1
        return hist

    def mean(self) -> float:
        return sum(self.counts) / len(self.counts)

    def prior_mean(self) -> float:
        """Mean guesses with each game weighted by its target's prior weight: the expected guesses when the answer is drawn
        from the prior (over a sample, the prior restricted to the sample's targets). `mean` under the uniform prior."""
        if self.weights is None:
            return self.mean()
        return sum(w * c for w, c in zip(self.weights, self.counts)) / sum(self.weights)

    def std(self) -> float:
        """Population standard deviation of the number of guesses over the games played."""
        counts = self.counts
        mean = self.mean()
        return math.sqrt(sum((c - mean) ** 2 for c in counts) / len(counts))

    def worst(self) -> int:
        return max(self.counts)

    def failures(self, rows: int = ROWS) -> int:
        """Games that needed more than `rows` guesses."""
        return sum(1 for c in self.counts if c > rows)


def simulate(
    solver: Solver,
    targets: Sequence[str],
    first: str | None = None,
    progress: Callable[[int], None] | None = None,
    liar=None,
) -> Simulation:
    """Play every target with one shared, lazily built decision tree (with lies, against `liar`)."""
    root = solver.root(first)
    paths = []
    for done, target in enumerate(targets, start=1):
        if liar is not None:
            liar.start(target)
        paths.append([node.guess for node in solver.play(root, target, liar)])
        if progress is not None:
            progress(done)
    weights = None
    if solver.weights is not None:
        weights = [int(solver.weights[solver.game.answer_index[t]]) for t in targets]
    return Simulation(list(targets), paths, weights=weights, prior_label=solver.prior_label)
