"""`wordle infer`'s model against the brute-force reference (tests/naive_infer.py), on tiny games."""

from __future__ import annotations

import itertools
import math
import random

import naive
import naive_infer
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import backends
from wordle_cli.infer.analysis import analyse, candidate_tables
from wordle_cli.infer.model import Model, code_features, infer, state_index
from wordle_cli.infer.posts import Grid, read_posts
from wordle_cli.model.game import Game


def small_game(seed: int, length: int = 4, alphabet: str = "abcdef", n_allowed: int = 40, n_answers: int = 12):
    """A random game: allowed words, answers mostly among them (a few outside), over a small alphabet."""
    rng = random.Random(seed)
    pool = sorted({"".join(rng.choice(alphabet) for _ in range(length)) for _ in range(4 * n_allowed)})
    rng.shuffle(pool)
    allowed = pool[:n_allowed]
    answers = allowed[: n_answers - 2] + pool[n_allowed : n_allowed + 2]
    return Game("test", answers, allowed)


def crowd(game: Game, answer: str, n: int, seed: int) -> list[tuple[list, bool]]:
    """(rows, hard) of n players: random guessers, possible-answers players (some posting hard mode)."""
    rng = random.Random(seed)
    grids = []
    for _ in range(n):
        if rng.random() < 0.4:
            grids.append((naive_infer.play_random(answer, game.candidates, rng), False))
        else:
            grids.append((naive_infer.play_possible(answer, game.answers, rng), rng.random() < 0.5))
    return grids


def as_grids(grids) -> list[Grid]:
    return [Grid(tuple(tuple(r) for r in rows), line=j + 1, hard=hard) for j, (rows, hard) in enumerate(grids)]


def cpu_tables(game: Game, candidates=None):
    return candidate_tables(game, candidates or game.answers, backends.load("cpu"))


# ---------------------------------------------------------------- the counts


def test_count_codes_counts_each_column(small_chunk):
    rng = np.random.default_rng(3)
    table = rng.integers(0, 9, size=(23, 30)).astype(np.uint8)  # 30 columns: several chunks of 7
    rows = np.array([0, 5, 5, 22])  # a row twice counts twice
    cpu = backends.load("cpu")
    for picked in (None, rows):
        chosen = table if picked is None else table[picked]
        expected = np.stack([np.bincount(chosen[:, w], minlength=9) for w in range(30)])
        assert (cpu.count_codes(table, 9, picked) == expected).all()


def test_counts_match_brute_force(backend):
    game = small_game(1)
    candidates = game.answers + ["ffgg"]  # in neither list (and a new letter): it becomes an allowed guess too
    tables = candidate_tables(game, candidates, backends.load(backend))
    guesses = game.candidates + ["ffgg"]
    assert (tables.n_guesses, tables.n_likely) == (len(guesses), len(game.answers))
    for c, word in enumerate(candidates):
        ng = np.zeros(3**4, dtype=np.int64)
        na = np.zeros(3**4, dtype=np.int64)
        for g in guesses:
            ng[naive.code(naive.feedback(g, word))] += 1
        for a in game.answers:
            na[naive.code(naive.feedback(a, word))] += 1
        assert (tables.guesses[c] == ng).all() and (tables.likely[c] == na).all(), word


@pytest.mark.parametrize("length", [1, 3, 6])
def test_meeting_counts_match_brute_force(length):
    if length == 1:
        game = small_game(2, length=1, alphabet="abcdefgh", n_allowed=5, n_answers=4)
    else:
        game = small_game(2, length=length, alphabet="abcd", n_allowed=30)
    tables = cpu_tables(game)
    for counted, words in ((tables.guesses_meeting, game.candidates), (tables.likely_meeting, game.answers)):
        for c, word in enumerate(game.answers):
            tiles_of = [naive.feedback(w, word) for w in words]
            for greens_mask in range(1 << length):
                greens = {i for i in range(length) if greens_mask >> i & 1}
                for marked in range(length + 1):
                    expected = sum(naive_infer.meets(t, greens, marked) for t in tiles_of)
                    assert counted[c, state_index(greens_mask, marked, length)] == expected


def test_code_features_read_positions_first_to_last():
    masks, marks = code_features(3)
    code = naive.code((2, 0, 1))  # exact first, contained last
    assert masks[code] == 0b001 and marks[code] == 2


# ---------------------------------------------------------------- consistency and likelihood


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("model", [Model(), Model(random_share=0.3, later_random=0.6), Model(hard_rows=False)], ids=["shipped", "weights", "no-hard"])
def test_likelihood_matches_brute_force(seed, model):
    game = small_game(seed)
    answer = game.answers[seed % len(game.answers)]
    grids = crowd(game, answer, 12, seed)
    grids.append(([naive.feedback(game.answers[0], "ffff")], False))  # a row some candidates cannot give
    result = infer(as_grids(grids), cpu_tables(game), model=model)
    for c, word in enumerate(game.answers):
        fits = [naive_infer.consistent(word, rows, game.candidates) for rows, _ in grids]
        assert result.fits[c].tolist() == fits, word
        expected = naive_infer.log_likelihood(word, grids, game.candidates, game.answers, model.random_share, model.later_random, model.hard_rows)
        assert result.loglik[c] == pytest.approx(expected, rel=1e-9, abs=1e-9), word


def test_first_rows_only_scores_first_rows_as_random_guesses():
    game = small_game(4)
    answer = game.answers[3]
    grids = crowd(game, answer, 10, 4)
    result = infer(as_grids(grids), cpu_tables(game), model=Model(random_share=1.0, later_random=1.0, first_rows_only=True))
    for c, word in enumerate(game.answers):
        expected = sum(
            math.log(sum(naive.feedback(g, word) == tuple(rows[0]) for g in game.candidates) / len(game.candidates))
            for rows, _ in grids
            if naive_infer.consistent(word, rows, game.candidates)
        )
        assert result.loglik[c] == pytest.approx(expected, rel=1e-12, abs=1e-12)


@st.composite
def games_and_crowds(draw):
    length = draw(st.integers(1, 4))
    alphabet = draw(st.sampled_from(["abc", "abcd", "abcdef"]))
    words = draw(st.lists(st.text(alphabet=st.sampled_from(alphabet), min_size=length, max_size=length), min_size=3, max_size=25, unique=True))
    n_answers = draw(st.integers(1, len(words)))
    answers, allowed = words[:n_answers], words[draw(st.integers(0, n_answers)) :]
    game = Game("test", answers, allowed or answers)
    answer = draw(st.sampled_from(answers))
    grids = crowd(game, answer, draw(st.integers(1, 8)), draw(st.integers(0, 10**6)))
    return game, answer, grids


@given(games_and_crowds())
def test_the_true_answer_always_fits_and_consistency_matches_brute_force(case):
    game, answer, grids = case
    result = infer(as_grids(grids), cpu_tables(game))
    truth = game.answers.index(answer)
    assert result.fits[truth].all()
    assert truth in result.fitting_all()
    assert np.isfinite(result.loglik[truth])
    for c, word in enumerate(game.answers):
        assert result.fits[c].tolist() == [naive_infer.consistent(word, rows, game.candidates) for rows, _ in grids]
    assert result.posterior.sum() == pytest.approx(1.0)
    assert (result.posterior[result.n_fit < len(grids)] == 0).all()


def test_prior_multiplies_the_posterior_and_zero_excludes():
    game = small_game(5)
    grids = as_grids(crowd(game, game.answers[1], 2, 5))
    tables = cpu_tables(game)
    plain = infer(grids, tables)
    weights = np.arange(1.0, len(game.answers) + 1)
    weights[0] = 0.0  # not the true answer, which fits every grid and keeps a weight
    with np.errstate(divide="ignore"):
        weighted = infer(grids, tables, np.log(weights))
    expected = plain.posterior * weights
    assert weighted.posterior == pytest.approx(expected / expected.sum())
    assert weighted.posterior[0] == 0 and int(weighted.order[-1]) == 0
    assert 0 not in weighted.fitting_all()


def test_when_no_candidate_fits_every_grid_the_most_fitted_win():
    game = small_game(6)
    answer = game.answers[2]
    grids = crowd(game, answer, 6, 6)
    impossible = next(t for t in itertools.product(range(3), repeat=4) if not naive_infer.consistent(answer, [t], game.candidates))
    grids.append(([impossible], False))
    result = infer(as_grids(grids), cpu_tables(game))
    best = int(result.order[0])
    assert result.n_fit[best] == result.n_fit.max() < len(grids)
    assert result.posterior[result.n_fit < result.n_fit.max()].sum() == 0
    assert len(result.fitting_all()) == 0


def test_analysis_reads_posts_and_counts_duplicates_once():
    game = small_game(7)
    answer = game.answers[4]
    grids = crowd(game, answer, 8, 7)
    text = "".join(naive_infer.post(rows, hard=hard) for rows, hard in grids)
    once = analyse(read_posts(text, 4), game.answers, cpu_tables(game))
    twice = analyse(read_posts(text + "\n" + text, 4), game.answers, cpu_tables(game))
    assert len(twice.reading.duplicates) == len(grids) + len(once.reading.duplicates)
    assert (once.inference.score == twice.inference.score).all()
    assert answer in [game.answers[c] for c in once.inference.fitting_all()]
