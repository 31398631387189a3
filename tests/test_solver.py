"""The solver's core: games, guess choice, hard mode, the decision tree (issue #4)."""

from __future__ import annotations

import json
import random

import naive
import naive_solver
import numpy as np
import pytest

from wordle_cli import tables
from wordle_cli.model import feedback
from wordle_cli.model.game import Game, load_lists, primel_words, primes_between
from wordle_cli.model.hardmode import Constraints
from wordle_cli.solver import openings, recompute_openings, tree
from wordle_cli.solver.strategy import SCORED_STRATEGIES as STRATEGIES
from wordle_cli.solver.strategy import stats_from_codes
from wordle_cli.solver.tree import Solver


def random_lists(rng: random.Random, alphabet="abcd", length=3, n_answers=14, n_allowed=30):
    words = sorted({"".join(rng.choice(alphabet) for _ in range(length)) for _ in range(4 * n_allowed)})
    rng.shuffle(words)  # list order must matter, not alphabetical order
    answers = words[:n_answers]
    allowed = words[n_answers // 2 : n_answers // 2 + n_allowed]  # overlaps the answers partly
    return answers, allowed


# ---------------------------------------------------------------- games


def test_primel_is_the_five_digit_primes():
    words = primel_words()
    assert len(words) == 8363
    assert words[0] == "10007" and words[-1] == "99991"
    assert primes_between(0, 30) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    sample = [int(w) for w in words[::97]]
    assert all(all(p % d for d in range(2, int(p**0.5) + 1)) for p in sample)


def test_candidates_are_allowed_then_missing_answers():
    game = Game("t", ["bb", "aa", "cc"], ["cc", "dd"])
    assert game.candidates == ["cc", "dd", "bb", "aa"]
    assert game.cand_of_answer.tolist() == [2, 3, 0]
    assert game.answer_of_cand.tolist() == [2, -1, 0, 1]


def test_encode_word_adds_unknown_symbols_without_renumbering():
    game = Game("t", ["ab", "ba"], ["ab"])
    before = game.answer_codes.copy()
    codes = game.encode_word("az")
    assert codes[0] == game.alphabet.code["a"] and codes[1] not in before
    assert (game.alphabet.encode(game.answers, 2) == before).all()


# ---------------------------------------------------------------- choosing a guess, against brute force


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("pool_only", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_best_matches_naive_on_random_pools(backend, strategy, pool_only, seed):
    rng = random.Random(seed)
    answers, allowed = random_lists(rng, length=3 + seed % 2)
    game = Game("t", answers, allowed)
    solver = Solver(game, strategy, pool_only=pool_only, backend=backend, use_openings=False)
    for _ in range(6):
        pool_words = [w for w in answers if rng.random() < 0.6] or answers[:1]
        pool = np.array(sorted(game.answer_index[w] for w in pool_words), dtype=np.int64)
        pool_words = [answers[i] for i in pool]
        want = naive_solver.best(strategy, pool_words, answers, allowed, pool_only)
        assert solver.best(pool) == want


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("pool_only", [False, True])
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("perfect_split_max", [tree.PERFECT_SPLIT_MAX_POOL, 0])
def test_every_game_matches_naive_replay(backend, strategy, pool_only, hard, perfect_split_max, monkeypatch):
    """The shared, memoised tree plays each target exactly as a fresh brute-force game."""
    monkeypatch.setattr(tree, "PERFECT_SPLIT_MAX_POOL", perfect_split_max)
    rng = random.Random(hash((strategy, pool_only, hard)) & 0xFFFF)
    answers, allowed = random_lists(rng, alphabet="abcde", length=4, n_answers=24, n_allowed=40)
    game = Game("t", answers, allowed)
    solver = Solver(game, strategy, hard=hard, pool_only=pool_only, backend=backend, use_openings=False)
    root = solver.root()
    for target in answers:
        got = [node.guess for node in solver.play(root, target)]
        assert got == naive_solver.play(target, answers, allowed, strategy, pool_only, hard), target


def test_forced_first_guess(backend):
    answers, allowed = random_lists(random.Random(7), length=4, n_answers=20, n_allowed=30)
    game = Game("t", answers, allowed)
    solver = Solver(game, "expected", backend=backend, use_openings=False)
    first = "dddd"  # in no list
    root = solver.root(first)
    for target in answers:
        got = [node.guess for node in solver.play(root, target)]
        assert got == naive_solver.play(target, answers, allowed, "expected", first=first)


def test_ties_prefer_pool_words_then_list_order():
    # Every guess splits {ab, ba} perfectly: the pool word listed first wins,
    # even though a non-answer comes earlier in the allowed list.
    game = Game("t", ["ba", "ab", "zz"], ["xy", "ab", "ba"])
    for strategy in STRATEGIES:
        solver = Solver(game, strategy, use_openings=False)
        assert solver.best(np.array([0, 1])) == "ab"  # candidate order: ab before ba
        solver = Solver(game, strategy, pool_only=True, use_openings=False)
        assert solver.best(np.array([0, 1])) == "ba"  # answers order


def test_minimax_breaks_ties_by_expected_size():
    # Seven guesses leave at most 2 answers; "aba" leaves 9/7 on average, the
    # others 11/7, so it beats the pool words that the next tie rule would prefer.
    answers = ["aab", "abb", "acb", "bba", "bdb", "cdc", "ddc"]
    allowed = ["aba", "adc", "add"]
    solver = Solver(Game("t", answers, allowed), "minimax", use_openings=False)
    assert solver.best(np.arange(7)) == "aba"
    solver = Solver(Game("t", answers, allowed), "expected", use_openings=False)
    assert solver.best(np.arange(7)) == "aba"


@pytest.mark.parametrize("seed", range(3))
def test_scoring_distinct_guesses_once_changes_no_sum(backend, seed):
    rng = random.Random(seed)
    answers, allowed = random_lists(rng, alphabet="abcdefgh", length=5, n_answers=40, n_allowed=300)
    game = Game("t", answers, allowed)
    solver = Solver(game, "entropy", backend=backend, use_openings=False)
    for size in (3, 8, 40):
        pool = game.answer_codes[sorted(rng.sample(range(len(answers)), size))]
        fast = solver._score_distinct(game.candidate_codes, pool)
        slow = solver._score(game.candidate_codes, pool)
        for name in ("sum_n", "sum_n2", "max_n", "sum_clog2c"):
            assert getattr(fast, name).tolist() == getattr(slow, name).tolist()


def test_small_cpu_jobs_on_one_thread_give_the_same_sums(monkeypatch, keep_numba_threads):
    """backends/cpu.py scores jobs below CPU_PARALLEL_MIN_PAIRS on one thread (issue #4)."""
    from wordle_cli import config
    from wordle_cli.backends import cpu

    rng = random.Random(4)
    answers, allowed = random_lists(rng, alphabet="abcdef", length=5, n_answers=60, n_allowed=200)
    game = Game("t", answers, allowed)
    small = cpu.score(game.candidate_codes, game.answer_codes, "strict")
    monkeypatch.setattr(config, "CPU_PARALLEL_MIN_PAIRS", 0)
    parallel = cpu.score(game.candidate_codes, game.answer_codes, "strict")
    for name in ("sum_n", "sum_n2", "max_n", "sum_clog2c"):
        assert getattr(small, name).tolist() == getattr(parallel, name).tolist()


def test_stats_from_codes():
    stats = stats_from_codes(np.array([4, 4, 0, 7, 4], dtype=np.int32))
    assert (stats.pool, stats.sum_n, stats.max_n, stats.classes) == (5, 11, 3, 3)
    assert stats.expected == pytest.approx(11 / 5)
    assert stats.entropy == pytest.approx(np.log2(5) - 3 * np.log2(3) / 5)


# ---------------------------------------------------------------- hard mode


def test_constraints_follow_the_games_rule():
    c = Constraints.none(5).after("sheer", feedback.feedback("sheer", "super"))  # E A A E E
    assert c.greens == ("s", None, None, "e", "r")
    assert dict(c.at_least) == {"s": 1, "e": 1, "r": 1}
    assert c.allows("saxer") and c.allows("sezer") and not c.allows("saxar")
    assert c.violation("aheer") == "1st letter must be S"
    c2 = Constraints.none(5).after("eerie", (1, 1, 0, 0, 0))
    assert c2.violation("ezzzz") == "guess must contain E 2 times"
    assert c2.allows("zezez")  # yellows may stay in place: the game allows it


def test_constraints_mask_agrees_with_allows():
    rng = random.Random(3)
    answers, allowed = random_lists(rng, alphabet="abc", length=4, n_answers=20, n_allowed=40)
    game = Game("t", answers, allowed)
    for _ in range(20):
        c = Constraints.none(4)
        for _ in range(2):
            guess, target = rng.choice(game.candidates), rng.choice(answers)
            c = c.after(guess, naive.feedback(guess, target))
        mask = c.mask(game.candidate_codes, game.alphabet)
        assert mask.tolist() == [c.allows(w) for w in game.candidates]


def test_hard_mode_games_only_use_allowed_guesses(backend):
    rng = random.Random(11)
    answers, allowed = random_lists(rng, alphabet="abcde", length=4, n_answers=30, n_allowed=60)
    game = Game("t", answers, allowed)
    solver = Solver(game, "entropy", hard=True, backend=backend, use_openings=False)
    root = solver.root()
    for target in answers:
        path = [n.guess for n in solver.play(root, target)]
        history = []
        for guess in path:
            assert naive_solver.hard_mode_allows(history, guess), (target, path)
            history.append((guess, naive.feedback(guess, target)))


# ---------------------------------------------------------------- known answers (full lists)


@pytest.fixture(scope="module")
def wordle():
    answers, allowed = load_lists("wordle")
    return Game("wordle", answers.words, allowed.words)


@pytest.fixture(scope="module")
def primel():
    answers, allowed = load_lists("primel")
    return Game("primel", answers.words, allowed.words)


def test_wordle_pool_only_expected_opens_with_raise(wordle, backend):
    solver = Solver(wordle, "expected", pool_only=True, backend=backend, use_openings=False)
    root = solver.root()
    assert root.guess == "raise"
    stats = root.stats()
    assert stats.pool == 2315 and stats.sum_n == 141217  # 61.0009 = 141217 / 2315
    assert round(stats.expected, 4) == 61.0009
    assert round(stats.entropy, 5) == 5.87791


def test_primel_pool_only_expected(primel, backend):
    solver = Solver(primel, "expected", pool_only=True, backend=backend, use_openings=False)
    root = solver.root()
    assert root.guess == "17923"
    stats = root.stats()
    assert stats.pool == 8363
    assert round(stats.expected, 3) == 121.542
    assert round(stats.entropy, 5) == 6.62459
    child = solver.child(root, feedback.encode(feedback.parse("01001")))
    assert child.size == 206
    assert [primel.answers[i] for i in child.pool] == naive.prune(
        "strict", "17923", feedback.parse("01001"), primel.answers
    )


def test_memoised_openings_are_what_scoring_gives():  # about a second: the only check of the memo
    table = recompute_openings.compute_table()
    assert table == openings.TABLE
    assert recompute_openings.openings_document(table) == tables.read(openings.OPENINGS_FILE)  # the file, as made


def test_known_best_file_is_what_its_program_makes():
    """The digests are the shipped lists' today (computed, never copied), and the figures are PUBLISHED's."""
    assert recompute_openings.known_best_document() == tables.read(openings.KNOWN_BEST_FILE)


def test_a_table_file_is_written_as_its_program_makes_it(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "path", lambda name: tmp_path / name)
    document = {"made_by": "x", "entries": [{"game": "nyt", "words": ["a", "b"], "deep": {"x": [1, {"y": 2}]}}]}
    tables.write("t.json", document)
    written = (tmp_path / "t.json").read_text(encoding="utf-8")
    assert json.loads(written) == document and '"x": [1, {"y": 2}]' in written  # four levels down: one line


def test_openings_are_used_only_for_the_exact_lists(wordle):
    assert openings.lookup(wordle, "expected", False) == "roate"
    shorter = Game("wordle", wordle.answers[:-1], wordle.candidates)
    assert openings.lookup(shorter, "expected", False) is None
