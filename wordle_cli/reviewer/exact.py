"""Exact values of positions by the tree search (or proven bounds, at a time limit), in memory and on disk.

A position's value is the least total number of guesses, summed over its
possible answers, that any strategy needs from its next guess on (the tree
search's `Problem.value`); a guess's value there is the pool's size plus the
values of the positions its feedback classes lead to (all-exact: none). With
a forced guess on a large pool the classes are proven on several threads
(`Problem.build`, as `wordle tree build --first/--from` does) and every
class's value is kept, so the next turn's position is usually known already.

With a budget (`trees.budget.Budget`, for the whole review: units of
search work, and perhaps a wall-clock limit) a search that has spent what
is left of it stops and the value is an interval: the search's proven lower
bound, and as upper bound the value of the tree a quick search finds
(`Problem.quick`), whose first guess is shown as the best one known. Totals
are (lower, upper) pairs, equal when exact.

The review is a sequence of searches, each charged its work: a position's
value (`best`), a guess's classes on threads (`_played_in_parallel`), the
ties for a best guess (`ties`). Each runs on a context of its own, so that
what it finds and the work it takes depend only on its position and the
work left when it starts, never on the searches before it; the disk cache
keeps both (`_Unit`), and a review reading an entry is charged the work a
review searching again would spend. So a review prints the same with a warm
cache as with `--no-cache` (the budget stops every later search at the same
point), and a repeat reads everything back at once. What is read:

- a value proven to the end: for any budget with at least its work left
  (its search would end the same), and without a budget;
- a range a budget cut short: only for the very same work left (the same
  search stops at the same point); a larger budget searches again;
- a guess's classes: each class its first round proved (for a share at least
  its work), and the whole outcome for the very same work left.

Entries hold the digest of the code that counted their work
(`trees.budget.search_digest`, with this module's): another version's work
is never charged. A wall-clock limit stops searches at moments no budget
fixes: what it cut is never kept.

Under a prior (`weights`: an int64 weight per answer) every total is the
sum of weight x guesses (the search's weighted optimum): a guess then costs
the pool's weight, the disk cache is keyed by the weights' digest as well,
and the uniform opening book and KNOWN_BEST are not used.
"""

from __future__ import annotations

import functools
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
from wordle_cli.trees.budget import PROOF_SHARE, Budget, search_digest
from wordle_cli.trees.builder import Part, Position, Problem
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
        budget: Budget | None = None,
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
        self.ctx = self.problem.context()  # for the hard-mode candidates' checks (no search runs on it)
        answers_digest, candidates_digest = openings.digest(game.answers), openings.digest(game.candidates)
        self._known = None if self.weighted else KNOWN_BEST.get((answers_digest, candidates_digest, hard, max_guesses))
        self._book = (answers_digest, candidates_digest, hard, max_guesses)
        self.cache = cache_for(game, self.problem.weights, hard, max_guesses, cache_root) if cache else None
        if cache:
            from wordle_cli.reviewer.cache import cache_dir

            self._cache_root = cache_root if cache_root is not None else cache_dir()  # where `wordle tree opener` keeps its openers
        else:
            self._cache_root = None
        self._memo: dict[str, tuple[int, int, str]] = {}  # key -> (lower, upper, best)
        self._shipped: dict[str, tuple[int, str]] = {}  # the book's and KNOWN_BEST's values met so far: never overridden
        self._checked: set[str] = set()  # shipped values compared with the cache's entry already
        self.unproven_root = False  # the fresh game's best opener was out of reach
        self.budget = budget if budget is not None else Budget()  # one for the whole review, whatever the limits
        self.stopped = False  # some search stopped: some values are intervals
        self._ties: dict[str, int | None] = {}  # position key -> guesses tying for its best (None: not counted)
        self._chances: ChanceSearch | None = None  # where the win is not sure (made when first needed)
        self.chance_unknown = False  # some best chance to win was not settled within the budget

    @property
    def time_limit(self) -> float | None:
        """The wall-clock limit of the review, in seconds (None: none): the proofs had `PROOF_SHARE` of it."""
        seconds = self.budget.clock.seconds
        return None if seconds is None else seconds / PROOF_SHARE

    # ------------------------------------------------------------ positions

    def start(self) -> Position:
        return self.problem.start()

    def after(self, position: Position, guess: str, tiles) -> Position:
        return self.problem.after(position, guess, tiles)

    # ------------------------------------------------------------ values

    def _recall(self, key: str, position: Position) -> tuple[int, int, str] | None:
        """(lower, upper, best) known for `key` without a search: the package's own values, or this run's."""
        shipped = self._shipped_value(key, position)
        if shipped is not None:
            self._check_cached(key, shipped)
            return shipped[0], shipped[0], shipped[1]
        return self._memo.get(key)

    def _remember(self, key: str, lower: int, upper: int, best: str) -> None:
        self._memo[key] = (lower, upper, best)
        if lower < upper:
            self.stopped = True

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
        stored = self.cache.get_entry(key)
        if stored is not None and not stored["lower"] <= shipped[0] <= stored["total"]:
            self.cache.damaged(key, f"total {stored['total']} contradicts the shipped {shipped[0]}")
        if stored is None or not stored["lower"] == stored["total"] == shipped[0]:
            self.cache.put(key, *shipped)

    # ------------------------------------------------------------ the searches a review is made of, and their entries

    def _read(self, key: str, share: int | None) -> dict | None:
        """The entry a search with `share` work (None: no limit) would leave for `key`, if the cache has it: one
        proven to the end, whose work fits the share (and whose work this code counted: `_digest`), else for a
        share, the entry that very share left. `work` in it is what the search took (0 if not known)."""
        if self.cache is None:
            return None
        found = self.cache.get_entry(key)
        if found is not None and found["within"] is None and _fits(found, share):
            return found
        if share is not None:
            found = self.cache.get_entry(f"{key}|within {share}")
            if found is not None and found["within"] == share and found["search"] == _digest():
                return found
        return None

    def _write(self, key: str, share: int | None, total: int, best: str, lower: int, work: int, exact: bool) -> None:
        """Keep what a search found: proven to the end, for any share its work fits (and no budget); else, cut
        short by the budget, for this share alone (the caller leaves out what the wall clock cut: it varies from
        run to run). Never an infinite value."""
        if self.cache is None or total >= INF or (not exact and share is None) or self.budget.interrupted:
            return
        if exact:
            self.cache.put(key, total, best, work=work, search=_digest())
        else:
            self.cache.put(f"{key}|within {share}", total, best, lower, work=work, search=_digest(), within=share)

    def _search_value(self, key: str, position: Position) -> tuple[int, int, str]:
        """(lower, upper, best) of a position by a search on a context of its own, given what is left of the budget
        (or read from the cache, charged the same)."""
        share = self.budget.left()
        found = self._read(key, share)
        if found is not None:
            why = self._impossible(key, position, found["total"], found["best"]) or (
                None if found["lower"] <= found["total"] else "lower bound above the total"
            )
            if not why:
                self.budget.charge(found["work"] or 0)
                self.budget.cut |= found["lower"] < found["total"]  # what the budget cut, read back: cut all the same
                return found["lower"], found["total"], found["best"]
            self.cache.damaged(found["key"], why)  # warned about, then proven again and rewritten
        spent = self.budget.spent
        value, best, exact = self.problem.bounded_value(self.problem.context(), position, self.budget)
        work = self.budget.spent - spent
        if exact or value >= INF:
            guess = self.game.candidates[best] if value < INF else ""
            self._write(key, share, value, guess, value, work, True)
            return value, value, guess
        upper, tree = self.problem.quick(position)
        guess = tree.guess if tree is not None else ""
        if not self.budget.clocked:  # once the clock has stopped a search, a search stopped may be its doing
            self._write(key, share, upper, guess, value, work, False)
        return value, upper, guess

    # ------------------------------------------------------------ values

    def _key(self, position: Position) -> str:
        pool = hashlib.sha256(np.ascontiguousarray(position.pool, dtype=np.int32).tobytes()).hexdigest()
        hints = f"|{position.greens.tolist()}|{position.mins.tolist()}" if self.hard else ""
        return f"{min(position.depth, search.UNLIMITED)}|{len(position.pool)}|{pool}{hints}"

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
        chance to win in them, then the fewest guesses, a loss counted as the guesses left + 1 (`trees.chance`,
        within what is left of the budget, its work charged); None when the budget ran out first."""
        if self._chances is None:
            self._chances = ChanceSearch(self.problem)
        found, proven = self._chances.within(position, self.budget)
        if not proven:
            self.chance_unknown = True
            return None
        return found.lost, found.total, self.game.candidates[found.guess] if found.guess >= 0 else ""

    def chance_played(self, position: Position, guess: str) -> tuple[int, int, int] | None:
        """(weight lost, lower, upper total) with `guess` played where it cannot be sure to win in the guesses left:
        each class by `best` where it can be won outright, else by `chance_best`; None when the budget left some
        class unknown."""
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
            self._memo[key] = (lower, opener.total, opener.opener)
            return lower, opener.total, opener.opener
        if root and len(position.pool) > ROOT_SEARCH_MAX_POOL:
            self.unproven_root = True
            return None, None, None
        lower, upper, guess = self._search_value(key, position)
        self._remember(key, lower, upper, guess)
        return lower, upper, guess

    def _stored_opener(self):
        """The best opener under this game's prior that the package ships or the cache keeps (`trees.opener_store`)."""
        from wordle_cli.trees import opener_store

        return opener_store.stored(
            self.game, self.problem.weights, hard=self.hard, max_guesses=self.max_guesses, cache_root=self._cache_root
        )

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
        """`played` by `Problem.prove_parts` on threads, keeping every class's value (or bounds, where the budget
        stopped its search): one search of the review, charged its work; its outcome read from the cache when a
        search given the same work left would find it (`_classes_known`), its classes' first rounds likewise."""
        share = self.budget.left()
        key = f"{self._key(position)}|played {guess}"
        outcome = self._outcome(key, position, guess, share)
        if outcome is not None:
            return outcome
        bar = None
        if self.progress:
            try:  # a factory may take the budget, to show the work done (the command's does)
                bar = self.progress(len(position.pool), f"proving {guess}", budget=self.budget)
            except TypeError:
                bar = self.progress(len(position.pool), f"proving {guess}")
        proven: dict[int, list] = {}
        known = self._classes_known(key, proven)
        spent = self.budget.spent
        failed = None
        try:
            parts, failed = self.problem.prove_parts(
                position, guess, threads=self.threads, progress=bar, budget=self.budget, known=known,
                proven=lambda part, _share: proven.__setitem__(part.code, [part.value, self._word(part.best), part.work]),
            )
            bounds = [] if failed is not None else self._bounded(parts, bar)
        except WordleError:
            return INF, INF  # the guess breaks hard mode's rules here (the caller values it class by class)
        finally:
            if bar is not None and hasattr(bar, "close"):
                bar.close()
        work = self.budget.spent - spent
        if self.cache is not None and proven and (known.entry or {}).get("parts") != _sorted_parts(proven):
            self.cache.put(f"{key}|classes", len(proven), guess, search=_digest(), parts=_sorted_parts(proven))
        cut = failed is not None or any(part.stopped for part in parts)
        if cut and share is not None and self.cache is not None and not self.budget.clocked and not self.budget.interrupted:
            self.cache.put(f"{key}|within {share}", 0 if failed else 1, guess, work=work, search=_digest(), within=share,
                           failed=True if failed is not None else None, parts=None if failed is not None else bounds,
                           cut=self.budget.cut)
        if failed is not None:
            return INF, INF  # some class cannot be solved within the guesses left
        return self._remember_classes(position, guess, bounds)

    def _word(self, candidate: int) -> str:
        return self.game.candidates[candidate] if candidate >= 0 else ""

    def _bounded(self, parts: list[Part], bar) -> list[list]:
        """[code, lower, upper, best guess] of each class but the win: the quick search's bounds where stopped (the
        bar, if any, told each class settled as it is bounded)."""
        bounds = []
        done = sum(len(part.position.pool) for part in parts if not part.stopped)
        for part in parts:
            if part.code == self.game.win_code:
                continue
            if part.stopped:
                upper, tree = self.problem.quick(part.position)
                bounds.append([part.code, part.value, upper, tree.guess if tree is not None else ""])
                done += len(part.position.pool)
                if bar is not None:
                    bar(done)
            else:
                bounds.append([part.code, part.value, part.value, self._word(part.best)])
        return bounds

    def _remember_classes(self, position: Position, guess: str, bounds: list[list]) -> tuple[int, int]:
        """Each class's bounds kept for the turns after (as if each were proven on its own), and the guess's."""
        lower = upper = self.weight(position)
        for code, low, high, best in bounds:
            self._remember(self._key(self.after(position, guess, decode(code, self.game.length))), low, high, best)
            lower, upper = lower + low, min(INF, upper + high)
        return min(lower, INF), upper

    def _outcome(self, key: str, position: Position, guess: str, share: int | None) -> tuple[int, int] | None:
        """`_played_in_parallel`'s outcome for this very share, if the cache has it (charged its work)."""
        if self.cache is None or share is None:
            return None
        found = self.cache.get_entry(f"{key}|within {share}")
        if found is None or found["within"] != share or found["search"] != _digest() or found["best"] != guess:
            return None
        self.budget.cut |= found["cut"] is True  # as the search that left it found the budget: cut, or not yet
        if found["failed"] is True:
            self.budget.charge(found["work"] or 0)
            return INF, INF
        bounds = found["parts"]
        why = self._bad_bounds(position, guess, bounds)
        if why:
            self.cache.damaged(found["key"], why)
            return None
        self.budget.charge(found["work"] or 0)
        return self._remember_classes(position, guess, bounds)

    def _classes_known(self, key: str, proven: dict):
        """`prove_parts`' `known`: a class's first-round outcome from the cache (the classes a search of this guess
        proved before), when its work fits the class's share (None: no budget); what it read goes into `proven`,
        so that the entry is rewritten only when something new was proven."""
        entry = self.cache.get_entry(f"{key}|classes") if self.cache is not None else None
        classes = {}
        if entry is not None and entry["search"] == _digest():
            parts = entry["parts"]
            if _rows(parts, 4) and all(_counts(code, value, work) and isinstance(best, str) for code, value, best, work in parts):
                classes = {code: (value, best, work) for code, value, best, work in parts}
            else:
                self.cache.damaged(entry["key"], "its classes are not [code, value, guess, work] rows")

        def known(part: Part, share: int | None):
            found = classes.get(part.code)
            if found is None or (share is not None and found[2] > share):
                return None
            value, best, work = found
            why = None if best in self.game.candidate_index else "not a word of these lists"
            why = why or self._impossible(key, part.position, value, best)
            if why:
                self.cache.damaged(entry["key"], f"class {part.code}: {why}")
                del classes[part.code]
                return None
            proven[part.code] = [value, best, work]
            return value, self.game.candidate_index[best], work

        known.entry = entry
        return known

    def _bad_bounds(self, position: Position, guess: str, bounds) -> str | None:
        """Why an outcome's classes ([code, lower, upper, best guess] each) cannot be this guess's (None: they can)."""
        if not _rows(bounds, 4):
            return "its classes are not [code, lower, upper, guess] rows"
        for code, low, high, best in bounds:
            if not (_counts(code, low, high) and low <= high and code < self.game.win_code and isinstance(best, str)):
                return f"class {code!r}: not a value of these lists"
            if best:
                part = self.after(position, guess, decode(code, self.game.length))
                why = None if best in self.game.candidate_index else "not a word of these lists"
                if why := why or self._impossible(self._key(part), part, high, best):
                    return f"class {code}: {why}"
        return None

    def ties(self, position: Position, total: int) -> int | None:
        """How many guesses reach the least `total` (None: the pool is too large to count them, or the budget was
        spent first). One search of the review, on a context of its own, charged its work (or read from the cache
        where a search given the same work left would count the same)."""
        n = len(position.pool)
        if n > TIES_MAX_POOL or total >= INF:
            return None
        key = self._key(position)
        if key in self._ties:
            return self._ties[key]
        share = self.budget.left()
        ties_key = f"{key}|ties {total}"  # total: the guesses counted, or 0 (with `within`: not counted in that share)
        found = self._read(ties_key, share)
        if found is not None and found["best"] == "ties":
            count = None if found["within"] is not None else found["total"]
            if count is None or 1 <= count <= len(position.cands):
                self.budget.charge(found["work"] or 0)
                self.budget.cut |= count is None
                self._ties[key] = count
                return count
            self.cache.damaged(found["key"], f"{count} guesses tying where {len(position.cands)} are allowed")
        spent = self.budget.spent
        count = self._count_ties(position, total)
        work = self.budget.spent - spent
        self._ties[key] = count
        if work and (count is not None or not self.budget.clocked):
            self._write(ties_key, share, count or 0, "ties", count or 0, work, count is not None)
        return count

    def _count_ties(self, position: Position, total: int) -> int | None:
        """`ties` counted: each guess whose cheap bound allows `total` proven to reach it or not, within the budget."""
        n = len(position.pool)
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
        hopeful = np.flatnonzero(lower <= total + 1e-9).tolist()
        if len(hopeful) > TIES_MAX_CHECKS:
            return None
        ctx = self.problem.context()
        if self.budget.limited:
            self.problem.ready(ctx, position)  # compiled before the clock starts
        count = 0
        start = int(ctx.stats[search.WORK])
        with self.budget.armed([ctx]):  # counted within the budget, or not at all
            for c in hopeful:
                if ctx.stop[0]:
                    break
                value, exact = self.problem.opener_value(ctx, position, self.game.candidates[int(cands[c])], total + 1)
                count += exact and value == total
        self.budget.charge(int(ctx.stats[search.WORK]) - start)
        if ctx.stop[0]:  # stopped: the values above may be bounds, the count unknown
            return None
        return count


def cache_for(game: Game, weights, hard: bool, max_guesses: int | None, root=None) -> ProvenCache:
    """The cache folder of a game's values under these rules: named by its lists' digests, and under a prior other
    than uniform the weights' (uniform keeps its name, and its entries), the mode and the guess limit."""
    lists = f"{openings.digest(game.answers)}{openings.digest(game.candidates)}"
    if weights is not None and (np.asarray(weights) != 1).any():  # the values depend on the weights: their own folder
        lists += "w" + digest(np.asarray(weights, dtype=np.int64))[:16]
    return ProvenCache(lists, hard, max_guesses, root)


@functools.cache
def _digest() -> str:
    """The code that counted an entry's work: the search's (`search_digest`) and this module's (what a review's
    searches are, and what they are charged)."""
    from pathlib import Path

    try:
        own = Path(__file__).read_bytes()
    except OSError:
        own = b""
    return hashlib.sha256(search_digest().encode() + own).hexdigest()[:16]


def _fits(entry: dict, share: int | None) -> bool:
    """Whether a search proven to the end would end so with `share` work (None: no limit): its work counted by this
    code, and within the share (a search that ended never stopped, so a larger share changes nothing)."""
    if share is None:
        return True
    return entry["work"] is not None and entry["search"] == _digest() and entry["work"] <= share


def _sorted_parts(proven: dict) -> list:
    return [[code, *proven[code]] for code in sorted(proven)]


def _rows(rows, width: int) -> bool:
    return isinstance(rows, list) and all(isinstance(row, list) and len(row) == width for row in rows)


def _counts(*values) -> bool:
    return all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in values)
