"""Exact values of positions by the tree search (or proven bounds, at a time limit), in memory and on disk.

A position's value is the least total number of guesses, summed over its
possible answers, that any strategy needs from its next guess on (the tree
search's `Problem.value`); a guess's value there is the pool's size plus the
values of the positions its feedback classes lead to (all-exact: none). With
a forced guess on a large pool the classes are proven on several threads
(`Problem.build`, as `wordle tree build --first/--from` does) and every
class's value is kept, so the next turn's position is usually known already.

With a time limit (`time_limit`, seconds for the whole review) a search
still running at the deadline stops (`trees.budget`) and the value is an
interval: the search's proven lower bound, and as upper bound the value of
the tree a quick search finds (`Problem.quick`), whose first guess is shown
as the best one known. Totals are (lower, upper) pairs, equal when exact.

Under a prior (`weights`: an int64 weight per answer) every total is the
sum of weight x guesses (the search's weighted optimum): a guess then costs
the pool's weight, the disk cache is keyed by the weights' digest as well,
and the uniform opening book and KNOWN_BEST are not used.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np

from wordle_cli.errors import WordleError
from wordle_cli.model.feedback import decode
from wordle_cli.model.game import ROWS, Game
from wordle_cli.model.weights import digest
from wordle_cli.reviewer import book
from wordle_cli.reviewer.cache import ProvenCache
from wordle_cli.reviewer.classes import Values, outcome_codes
from wordle_cli.solver import openings
from wordle_cli.trees import search
from wordle_cli.trees.budget import PROOF_SHARE, Deadline, limit_seconds
from wordle_cli.trees.builder import Position, Problem
from wordle_cli.trees.chance import ChanceSearch

INF = search.INF

#: Best openers' totals the tool itself has proven, too long to prove again in a review:
#: (answers digest, candidates digest, hard, guess limit) -> (total, opener), from `data/known_best.json`
#: (its sources: `solver.recompute_openings.PUBLISHED`).
KNOWN_BEST = openings.KNOWN_BEST

#: A fresh game's best opener is searched for only up to this many answers (beyond: unknown,
#: unless KNOWN_BEST or the cache has it; proving it is `wordle tree rank`'s hours-long job).
ROOT_SEARCH_MAX_POOL = 400

#: A forced guess on a pool this large is proven class by class on threads, with progress.
PARALLEL_MIN_POOL = 200

#: Ties for the best guess are counted on pools up to this size (beyond: not counted).
TIES_MAX_POOL = 40

#: ... and where at most this many guesses have a bound low enough to tie (a 3-answer pool with guesses to
#: spare has thousands of ties, each proven: seconds for a "(+2977)").
TIES_MAX_CHECKS = 1500


ProgressFactory = Callable[[int, str], Callable[[int], None]]


class ExactValues(Values):
    """Proven values of positions of one game under one set of rules."""

    proven = True

    def __init__(
        self,
        game: Game,
        *,
        hard: bool = False,
        max_guesses: int | None = ROWS,
        backend: str = "cpu",
        threads: int = 1,
        cache: bool = True,
        progress: ProgressFactory | None = None,
        cache_root=None,
        time_limit: float | None = None,
        deadline: Deadline | None = None,
        like: Problem | None = None,
        weights: np.ndarray | None = None,
    ):
        self.game = game
        self.hard = hard
        self.max_guesses = max_guesses
        self.threads = threads
        self.progress = progress
        if like is not None:  # the same game and mode under another guess limit: its tables, not made again
            self.problem = like.with_limit(max_guesses)
        else:
            self.problem = Problem(game, hard=hard, max_guesses=max_guesses, backend=backend, weights=weights)
        self.weighted = self.problem.weighted
        self.ctx = self.problem.context()
        answers_digest, candidates_digest = openings.digest(game.answers), openings.digest(game.candidates)
        self._known = None if self.weighted else KNOWN_BEST.get((answers_digest, candidates_digest, hard, max_guesses))
        self._book = (answers_digest, candidates_digest, hard, max_guesses)
        lists = f"{answers_digest}{candidates_digest}"
        if self.weighted:  # the values depend on the weights: their own folder (uniform keeps its name, and its entries)
            lists += "w" + digest(self.problem.weights)[:16]
        self.cache = ProvenCache(lists, hard, max_guesses, cache_root) if cache else None
        if cache:
            from wordle_cli.reviewer.cache import cache_dir

            self._cache_root = cache_root if cache_root is not None else cache_dir()  # where `wordle tree opener` keeps its openers
        else:
            self._cache_root = None
        self._memo: dict[str, tuple[int, int, str]] = {}  # key -> (lower, upper, best)
        self._shipped: dict[str, tuple[int, str]] = {}  # the book's and KNOWN_BEST's values met so far: never overridden
        self._checked: set[str] = set()  # shipped values compared with the cache's entry already
        self.unproven_root = False  # the fresh game's best opener was out of reach
        self.bounded_opener = None  # the stored best opener whose total is only bounded (a range, whatever the time limit)
        self.time_limit = limit_seconds(time_limit)  # None: no limit (also past a week: `budget.NO_LIMIT_PAST`)
        self.deadline = deadline if deadline is not None else self.proof_deadline(time_limit)
        self.stopped = False  # some search stopped at the deadline: some values are intervals
        self._stale: dict[str, tuple[int, int, str]] = {}  # intervals from the cache that this run searches again
        self._ties: dict[str, int] = {}  # position key -> guesses tying for its best (kept with its cache entry)
        self._chances: ChanceSearch | None = None  # where the win is not sure (made when first needed)
        self.chance_unknown = False  # some best chance to win was not found within the time limit

    @staticmethod
    def proof_deadline(time_limit: float | None) -> Deadline:
        """The proofs get three quarters of the time; the rest is for the quick searches giving the upper bounds."""
        limit = limit_seconds(time_limit)
        return Deadline(None if limit is None else PROOF_SHARE * limit)

    # ------------------------------------------------------------ positions

    def start(self) -> Position:
        return self.problem.start()

    def after(self, position: Position, guess: str, tiles) -> Position:
        return self.problem.after(position, guess, tiles)

    # ------------------------------------------------------------ values

    def _key(self, position: Position) -> str:
        pool = hashlib.sha256(np.ascontiguousarray(position.pool, dtype=np.int32).tobytes()).hexdigest()
        hints = f"|{position.greens.tolist()}|{position.mins.tolist()}" if self.hard else ""
        return f"{min(position.depth, search.UNLIMITED)}|{len(position.pool)}|{pool}{hints}"

    def _remember(self, key: str, lower: int, upper: int, best: str) -> None:
        self._memo[key] = (lower, upper, best)
        if lower < upper:
            self.stopped = True
        if self.cache is not None and lower < INF and upper < INF:
            self.cache.put(key, upper, best, lower if lower < upper else None, self.time_limit)

    def _recall(self, key: str, position: Position) -> tuple[int, int, str] | None:
        """(lower, upper, best) known for `key`: an interval only when this run's budget would not refine it (a
        run with the same time limit, a larger one or none searches again, keeping the better bounds: an interval
        is never final, since the run that left it may have been slower, e.g. on a busy machine)."""
        shipped = self._shipped_value(key, position)
        if shipped is not None:
            self._check_cached(key, shipped)
            return shipped[0], shipped[0], shipped[1]
        found = self._memo.get(key)
        if found is None and self.cache is not None:
            stored = self.cache.get_bounds(key)
            if stored is not None:
                lower, total, guess, limit, ties = stored
                why = self._impossible(key, position, total, guess) or (None if lower <= total else "lower bound above the total")
                if not why and ties is not None and ties > len(position.cands):
                    why = f"{ties} guesses tying where {len(position.cands)} are allowed"
                if why:
                    self.cache.damaged(key, why)  # warned about, then proven again and rewritten
                    return None
                found = (lower, total, guess)
                if lower < total and (self.time_limit is None or limit is None or self.time_limit >= limit):
                    self._stale[key] = found  # a starting point: refined by this run's longer search
                    return None
                self._memo[key] = found
                if ties is not None:
                    self._ties[key] = ties
                if lower < total:
                    self.stopped = True
        return found

    def _shipped_value(self, key: str, position: Position) -> tuple[int, str] | None:
        """The value this package ships for the position (the book's, KNOWN_BEST's), if any: it wins over any other."""
        found = self._shipped.get(key)
        if found is None and self._known is not None and position.turns == 0 and len(position.pool) == len(self.game.answers):
            found = self._shipped[key] = self._known
        return found

    def _check_cached(self, key: str, shipped: tuple[int, str]) -> None:
        """A cache entry that contradicts a shipped value is damage: warned about (once) and rewritten."""
        if self.cache is None or key in self._checked:
            return
        self._checked.add(key)
        stored = self.cache.get_bounds(key)  # (lower, total, best, time limit, ties)
        if stored is not None and not stored[0] <= shipped[0] <= stored[1]:
            self.cache.damaged(key, f"total {stored[1]} contradicts the shipped {shipped[0]}")
        if stored is None or not stored[0] == stored[1] == shipped[0]:
            self.cache.put(key, *shipped)

    def _impossible(self, key: str, position: Position, total: int, guess: str) -> str | None:
        """Why a stored (total, guess) cannot be `position`'s value with `guess` played next; None if it can be.

        A stored value is a claim about a pool of n answers. Whatever the
        rules, playing `guess` costs n guesses plus, for each of its feedback
        classes but all-green (s answers), at least `search.class_bound(s) -
        s` (the search's own admissible bound: 1 for one answer, 3 for two,
        2s - 1 or more beyond) and at most s(s+1)/2 (its answers in turn,
        each one possible and so allowed in hard mode too; only where the
        guesses left suffice for that) or s x the guesses left. Anything
        outside is damage, whatever its checksum says. Under a prior the
        same with weights: W, 2W - h, the answers in turn heaviest first.
        """
        if guess not in self.game.candidate_index and not key.endswith(f"|played {guess}"):
            return "not a word of these lists"
        n = len(position.pool)
        depth = position.depth
        if depth <= 0:
            return "no guess is left to play there"
        unlimited = depth >= search.UNLIMITED
        codes = outcome_codes(self.game, position.pool, guess).astype(np.int64)
        counts = np.bincount(codes, minlength=self.game.win_code + 1)
        counts[self.game.win_code] = 0
        sizes = counts[counts > 0].tolist()
        left = depth - 1  # after the guess
        if sizes and not unlimited and left <= 0:
            return "no guess is left for its classes"
        if self.weighted:
            least, most = self._weighted_range(position, codes, left, unlimited)
        else:
            least = n + sum(int(search.class_bound(s, self.problem.max_patterns)) - s for s in sizes)
            least = max(least, int(search.class_bound(n, self.problem.max_patterns)) - n)
            most = n
            for s in sizes:
                each = [s * (s + 1) // 2] if unlimited or s <= left else []
                if not unlimited:
                    each.append(s * left)
                most += min(each)
        if not least <= total <= most:
            return f"impossible total {total} for {n} answers (at least {least}, at most {most} with {guess})"
        return None

    def _weighted_range(self, position: Position, codes: np.ndarray, left: int, unlimited: bool) -> tuple[int, int]:
        """`_impossible`'s (least, most) under the prior."""
        weights = self.problem.weights[position.pool]
        total = int(weights.sum())
        least = most = total
        for code in np.unique(codes).tolist():
            if code == self.game.win_code:
                continue
            part = sorted(weights[codes == code].tolist(), reverse=True)
            least += 2 * sum(part) - part[0]
            each = [sum(w * (i + 1) for i, w in enumerate(part))] if unlimited or len(part) <= left else []
            if not unlimited:
                each.append(sum(part) * left)
            most += min(each)
        return max(least, 2 * total - int(weights.max())), most

    # ------------------------------------------------------------ where the win is not sure

    def chance_best(self, position: Position) -> tuple[int, int, str] | None:
        """(weight lost, total, a best guess) of a position no strategy wins outright in the guesses left: the best
        chance to win in them, then the fewest guesses, a loss counted as the guesses left + 1 (`trees.chance`);
        None when the time limit came first."""
        if self._chances is None:
            self._chances = ChanceSearch(self.problem)
        found, proven = self._chances.within(position, self.deadline)
        if not proven:
            self.chance_unknown = True
            return None
        return found.lost, found.total, self.game.candidates[found.guess] if found.guess >= 0 else ""

    def chance_played(self, position: Position, guess: str) -> tuple[int, int, int] | None:
        """(weight lost, lower, upper total) with `guess` played where it cannot be sure to win in the guesses left:
        each class by `best` where it can be won outright, else by `chance_best`; None when the time limit left
        some class unknown."""
        weight = self.weight(position)
        if position.depth <= 0:
            return weight, weight, weight
        lost, lower, upper = 0, weight, weight
        for code in np.unique(outcome_codes(self.game, position.pool, guess)).tolist():
            if code == self.game.win_code:
                continue
            part = self.after(position, guess, decode(code, self.game.length))
            low, high, _ = self.best(part)
            if low is not None and low < INF and high < INF:
                lower, upper = lower + low, upper + high
                continue
            found = self.chance_best(part)
            if found is None:
                return None
            lost, lower, upper = lost + found[0], lower + found[1], upper + found[1]
        return lost, lower, upper

    def weight(self, position: Position) -> int:
        """What one guess costs the position's answers: their weight (their number when uniform)."""
        return self.problem.weight(position)

    def answer_weights(self, position: Position) -> np.ndarray | None:
        """The prior's weight of each answer of the pool (None when uniform)."""
        return self.problem.weights[position.pool] if self.weighted else None

    def best(self, position: Position) -> tuple[int | None, int | None, str | None]:
        """(least total's lower bound, upper bound, a guess reaching the upper one); equal bounds: exact;
        (None, None, None) when out of reach."""
        key = self._key(position)
        found = self._recall(key, position)
        if found is not None:
            return found
        root = position.turns == 0 and len(position.pool) == len(self.game.answers)
        opener = self._stored_opener() if root and self.weighted else None
        if opener is not None:  # the best opener under this prior, proven (or bounded) by `wordle tree opener`
            lower = opener.total if opener.proven else opener.lower
            if not opener.proven:
                self.bounded_opener = opener
            self._memo[key] = (lower, opener.total, opener.opener)
            return lower, opener.total, opener.opener
        if root and len(position.pool) > ROOT_SEARCH_MAX_POOL:
            self.unproven_root = True
            return None, None, None
        value, best, exact = self.problem.bounded_value(self.ctx, position, self.deadline)
        if exact or value >= INF:
            guess = self.game.candidates[best] if value < INF else ""
            self._remember(key, value, value, guess)
            return value, value, guess
        upper, tree = self.problem.quick(position)
        guess = tree.guess if tree is not None else ""
        lower, upper, guess = self._tightened(key, value, upper, guess)
        self._remember(key, lower, upper, guess)
        return lower, upper, guess

    def _stored_opener(self):
        """The best opener under this game's prior that the package ships or the cache keeps (`trees.opener_store`)."""
        from wordle_cli.trees import opener_store

        return opener_store.stored(
            self.game, self.problem.weights, hard=self.hard, max_guesses=self.max_guesses, cache_root=self._cache_root
        )

    def _tightened(self, key: str, lower: int, upper: int, guess: str) -> tuple[int, int, str]:
        """The better of these bounds and those an earlier, shorter run left in the cache."""
        old = self._stale.pop(key, None)
        if old is None:
            return lower, upper, guess
        if old[1] < upper:
            upper, guess = old[1], old[2]
        return max(lower, old[0]), upper, guess

    def played(self, position: Position, guess: str, legal: bool = True) -> tuple[int, int]:
        """(lower, upper) bounds of the least total from `position` when `guess` is played now (equal: exact;
        INF: not within the guess limit).

        `legal`: False when the guess breaks hard mode's rules (it is then valued class by class).
        """
        if position.depth <= 0:
            return INF, INF
        n = len(position.pool)
        fresh = position.turns == 0 and n == len(self.game.answers) and not self.weighted  # the book is uniform
        opening = book.lookup(*self._book, guess) if fresh else None
        if opening is not None:  # first, every time: it also gives the next turn's values
            total = self._from_book(position, guess, opening)
            return total, total
        key = self._key(position)
        found = self._recall(key, position)
        if found is not None and found[2] == guess and found[0] == found[1]:
            return found[0], found[1]
        played_key = f"{key}|played {guess}"  # its `best` field holds the guess itself
        found = self._recall(played_key, position)
        if found is not None and found[2] == guess:
            return found[0], found[1]
        if legal and n >= PARALLEL_MIN_POOL:
            lower, upper = self._played_in_parallel(position, guess)
        else:
            lower = upper = self.weight(position)
            for code in np.unique(outcome_codes(self.game, position.pool, guess)).tolist():
                if code == self.game.win_code:
                    continue
                low, high, _ = self.best(self.after(position, guess, decode(code, self.game.length)))
                if low is None or low >= INF:
                    lower = upper = INF
                    break
                lower += low
                upper = min(INF, upper + high)
        lower, upper, _ = self._tightened(played_key, lower, upper, guess)
        self._remember(played_key, lower, upper, guess)
        return lower, upper

    def _from_book(self, position: Position, guess: str, opening: book.Entry) -> int:
        """`played` for an opener the opening book holds: its total, and every class's value and best guess."""
        if opening.total is None:
            return INF
        for code, (value, best) in opening.classes.items():
            self._shipped[self._key(self.after(position, guess, decode(code, self.game.length)))] = (value, best)
        return opening.total

    def _played_in_parallel(self, position: Position, guess: str) -> tuple[int, int]:
        """`played` by `Problem.build` on threads, keeping every class's value (or bounds, at the deadline)."""
        bar = None
        if self.progress:
            try:  # a factory may take the deadline, to show the time left (the command's does)
                bar = self.progress(len(position.pool), f"proving {guess}", deadline=self.deadline)
            except TypeError:
                bar = self.progress(len(position.pool), f"proving {guess}")
        try:
            result = self.problem.build(position, guess, threads=self.threads, progress=bar, deadline=self.deadline)
        except WordleError:
            return INF, INF  # some class cannot be solved within the guesses left
        finally:
            if bar is not None and hasattr(bar, "close"):
                bar.close()
        win = self.game.win_code
        for code, child in result.tree.root.children.items():
            if code == win:
                continue
            part = self.after(position, guess, decode(code, self.game.length))
            lower, upper = result.part_bounds[code]
            self._remember(self._key(part), lower, upper, child.guess if child is not None else "")
        return (result.total if result.lower is None else result.lower), result.total

    def ties(self, position: Position, total: int) -> int | None:
        """How many guesses reach the least `total` (None: the pool is too large to count them, or the time limit
        came first)."""
        n = len(position.pool)
        if n > TIES_MAX_POOL or total >= INF:
            return None
        key = self._key(position)
        if key in self._ties:
            return self._ties[key]
        cands = position.cands
        codes = self.problem.by_answer[position.pool][:, cands].T.astype(np.int64)  # the pool's rows first: small
        slots = codes + np.arange(len(cands), dtype=np.int64)[:, None] * (self.game.win_code + 1)  # one slot per (guess, code)
        sizes = np.bincount(slots.ravel(), minlength=len(cands) * (self.game.win_code + 1))[slots]  # each answer's class size
        bound_of = np.array([0] + [int(search.class_bound(s, self.problem.max_patterns)) for s in range(1, n + 1)], dtype=np.float64)
        # class_bound(s) bounds a class's total counting the guess that made it: 2 for 1 answer, 5 for 2, ...
        per_answer = np.where(codes == self.game.win_code, 1.0, bound_of[sizes] / sizes)
        lower = per_answer.sum(axis=1)
        if self.weighted:  # each class at least 3W - h (the win: its weight): the same slots, weighed
            w = self.problem.weights[position.pool].astype(np.float64)
            slot_w = np.bincount(slots.ravel(), weights=np.broadcast_to(w, slots.shape).ravel(), minlength=len(cands) * (self.game.win_code + 1))
            heaviest = np.zeros(len(cands) * (self.game.win_code + 1))
            np.maximum.at(heaviest, slots.ravel(), np.broadcast_to(w, slots.shape).ravel())
            lower = np.zeros(len(cands))
            used = np.unique(slots.ravel())
            guess_of = used // (self.game.win_code + 1)
            won = used % (self.game.win_code + 1) == self.game.win_code
            np.add.at(lower, guess_of, np.where(won, slot_w[used], 3 * slot_w[used] - heaviest[used]))
        count = 0
        if self.deadline.limited:
            self.problem.ready(self.ctx, position)  # compiled before the clock starts
        with self.deadline.armed([self.ctx]):  # counted within the time limit, or not at all
            hopeful = np.flatnonzero(lower <= total + 1e-9).tolist()
            if len(hopeful) > TIES_MAX_CHECKS:
                return None
            for c in hopeful:
                if self.ctx.stop[0]:
                    break
                value, exact = self.problem.opener_value(self.ctx, position, self.game.candidates[int(cands[c])], total + 1)
                count += exact and value == total
        if self.ctx.stop[0]:  # stopped: the values above may be bounds, the count unknown
            self.ctx.stop[0] = 0
            return None
        self._ties[key] = count
        known = self._memo.get(key)
        if self.cache is not None and count >= 1 and known is not None and known[0] == known[1] == total:
            self.cache.put(key, total, known[2], ties=count)  # kept with the position's value
        return count
