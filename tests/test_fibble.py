"""Fibble (issue 28): the lie rule, the spread over shown rows, the liars, the solver and the proof,
each against the brute force of tests/naive_fibble.py (every answer, every lie)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import naive
import naive_fibble
import numpy as np
import pytest
from clitools import invoke, write
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import api
from wordle_cli.codes import encode
from wordle_cli.games.fibble import Fibble, Search
from wordle_cli.model import lie_split
from wordle_cli.model.game import Game
from wordle_cli.model.lies import Liar, Lies, least_guesses, most_answers, worst_lie
from wordle_cli.stats import entropy_bits


@st.composite
def small_game(draw, max_answers: int = 8, max_extra: int = 5, max_length: int = 4):
    """(answers, candidates, lies): distinct words over a small alphabet, candidates = answers and some other words."""
    length = draw(st.integers(1, max_length))
    alphabet = draw(st.sampled_from(["ab", "abc", "abcd", "abcde"]))
    word = st.text(alphabet=st.sampled_from(alphabet), min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=max_answers, unique=True))
    extra = draw(st.lists(word, max_size=max_extra, unique=True))
    lies = draw(st.integers(0, min(2, length)))
    return answers, list(dict.fromkeys(extra + answers)), lies


def game_of(answers, candidates):
    allowed = [w for w in candidates if w not in answers] or [answers[0]]
    game = Game("t", answers, allowed)
    assert set(game.candidates) == set(candidates) | set(allowed)
    return game


# ---------------------------------------------------------------- the rule against the brute force


@pytest.mark.parametrize("length, n", [(length, n) for length in range(1, 5) for n in range(length + 1)])
def test_shown_rows_are_every_lie(length, n):
    lies = Lies(n, length)
    for truth in product((0, 1, 2), repeat=length):
        rows = lies.shown(encode(truth))
        assert [naive.tiles_of(r, length) for r in rows] == list(naive_fibble.lies_of(truth, n))
        assert len(rows) == lies.count(encode(truth)) <= lies.most


@pytest.mark.parametrize("length, n", [(3, 1), (4, 2), (5, 1)])
def test_the_relation_is_symmetric(length, n):
    lies = Lies(n, length)
    for t in range(3**length):
        for s in lies.shown(t):
            assert t in lies.shown(s)


def test_fibble_has_ten_rows_per_feedback_and_nine_next_to_a_win():
    lies = Lies(1, 5)
    assert lies.most == 10 and lies.scale == 90
    assert lies.count(encode((2, 2, 2, 2, 0))) == 9  # turning the grey tile green would read as a win
    assert lies.count(encode((0, 0, 0, 0, 0))) == 10
    assert lies.shown(lies.win) == (lies.win,)
    assert Lies(0, 5).shown(7) == (7,)


@given(small_game(), st.data())
def test_prune_keeps_exactly_the_answers_some_lie_explains(drawn, data):
    answers, candidates, n = drawn
    guess = data.draw(st.sampled_from(candidates))
    length = len(guess)
    shown = data.draw(st.tuples(*[st.integers(0, 2)] * length))
    want = naive_fibble.prune(guess, shown, answers, n)
    assert api.prune(guess, shown, answers, lies=n) == want
    assert [w for w in answers if Lies(n, length).predicate(guess, shown)(w)] == want


def test_an_all_green_row_is_never_a_lie():
    words = ["cigar", "cigas", "cigat", "rebut"]
    assert api.prune("cigar", "EEEEE", words, lies=1) == ["cigar"]
    assert api.prune("cigar", "EEEEC", words, lies=1) == ["cigas", "cigat"]  # not cigar: its row is the win, told truly
    assert api.prune("cigar", "EEEEA", words, lies=1) == []  # cigas and cigat give EEEEA: no lie at all


def test_prune_with_lies_refuses_the_loose_rule_and_too_many_lies():
    with pytest.raises(api.UsageProblem, match="strict rule"):
        api.prune("cigar", "EEEEA", ["cigar"], lies=1, rule="loose")
    with pytest.raises(api.UsageProblem, match="between 0 and the word length 5"):
        api.prune("cigar", "EEEEA", ["cigar"], lies=6)


# ---------------------------------------------------------------- the spread over shown rows


@pytest.fixture
def narrow_blocks(monkeypatch):
    """Blocks of 3 candidates and no parallel threshold, so tiny games take the parallel and blocked paths."""
    from wordle_cli import config

    monkeypatch.setattr(lie_split, "BLOCK", 3)
    monkeypatch.setattr(config, "CPU_PARALLEL_MIN_PAIRS", 1)


@given(small_game())
def test_spread_matches_every_answer_and_every_lie(narrow_blocks, drawn):
    answers, candidates, n = drawn
    game = game_of(answers, candidates)
    lies = Lies(n, game.length)
    from wordle_cli import backends

    table = backends.load("cpu").feedback_table(game.candidate_codes, game.answer_codes)
    pool = np.arange(len(answers))
    by_rows = lie_split.spread_rows(lies, table)
    by_cols = lie_split.spread_cols(lies, np.ascontiguousarray(table.T), np.arange(len(game.candidates)), pool)
    unkeyed = lie_split.spread_cols(lies, np.ascontiguousarray(table.T), np.arange(len(game.candidates)), pool, keyed=False)
    perfect = lie_split.perfect_cols(lies, np.ascontiguousarray(table.T), np.arange(len(game.candidates)), pool)
    assert (unkeyed.total == by_cols.total).all() and (unkeyed.worst == by_cols.worst).all()
    for i, guess in enumerate(game.candidates):
        average, worst, rows = naive_fibble.spread(guess, answers, n)
        for spread in (by_rows, by_cols):
            assert Fraction(int(spread.total[i]), len(answers) * lies.scale) == average
            assert (spread.worst[i], spread.rows[i]) == (worst, rows)
            assert entropy_bits(float(spread.key[i]), len(answers)) == pytest.approx(naive_fibble.information(guess, answers, n), abs=1e-9)
        assert perfect[i] == (worst <= 1)


@given(small_game(), st.data())
def test_row_pools_are_the_distinct_pools_of_every_row(drawn, data):
    answers, candidates, n = drawn
    guess = data.draw(st.sampled_from(candidates))
    codes = np.array([encode(naive.feedback(guess, w)) for w in answers])
    rows, starts, positions, count = lie_split.row_pools(Lies(n, len(guess)), codes)
    got = [(naive.tiles_of(int(r), len(guess)), [answers[p] for p in positions[starts[k] : starts[k + 1]]]) for k, r in enumerate(rows)]
    every = naive_fibble.rows_left(guess, answers, n)  # in code order
    assert count == len(every)
    first_row: dict[tuple, tuple] = {}
    for shown, left in every:
        if not all(t == naive.EXACT for t in shown):  # the win leaves nothing to play
            first_row.setdefault(tuple(left), shown)
    want = sorted(((shown, list(left)) for left, shown in first_row.items()), key=lambda item: (-len(item[1]), naive.code(item[0])))
    assert got == want


def test_score_with_lies_by_hand():
    """roate against two answers: cigar (true CACAA), rebut (EAACC); 10 lies each, none next to a win."""
    ranked = api.score(["roate"], ["cigar", "rebut"], lies=1)
    # After a lie for cigar, rebut is also consistent only if the row is one tile from EAACC too: the rows one tile
    # from both CACAA and EAACC would need them to differ in at most 2 tiles, and they differ in 3. So 1 left always.
    assert ranked[0].average_num_allowed == 1 and ranked[0].max_wordlist_len == 1
    assert list(ranked.csv()) == ["guess,is_potential_answer,average_num_allowed,max_wordlist_len", "roate,false,1,1"]


@given(small_game(max_answers=6, max_extra=4))
def test_score_with_lies_matches_the_brute_force(drawn):
    answers, candidates, n = drawn
    if n == 0:
        return
    ranked = api.score(candidates, answers, lies=n, backend="cpu")
    want = {g: naive_fibble.spread(g, answers, n)[:2] for g in candidates}
    assert {r.guess: (r.average_num_allowed, r.max_wordlist_len) for r in ranked} == want
    order = sorted(candidates, key=lambda g: (want[g][0], want[g][1], g not in answers, g))
    assert [r.guess for r in ranked] == order


def test_score_keeps_its_header_without_lies():
    assert next(iter(api.score(["roate"], ["cigar"]).csv())) == naive.HEADER


# ---------------------------------------------------------------- the liars


@given(small_game(max_answers=7), st.data())
def test_worst_lie_matches_the_slow_reference(drawn, data):
    answers, candidates, n = drawn
    guess = data.draw(st.sampled_from(candidates))
    answer = data.draw(st.sampled_from(answers))
    lies = Lies(n, len(guess))
    codes = [encode(naive.feedback(guess, w)) for w in answers]
    got = worst_lie(lies, encode(naive.feedback(guess, answer)), codes)
    assert naive.tiles_of(got, len(guess)) == naive_fibble.worst_lie(guess, answer, answers, n)


def test_the_random_liar_tells_every_lie_and_depends_on_seed_and_target_only():
    lies = Lies(1, 5)
    truth = encode((0, 1, 2, 0, 0))
    liar = Liar(lies, "random", seed=3)
    told = set()
    for target in (f"t{i}" for i in range(300)):
        liar.start(target)
        told.add(liar.lie(truth, []))
    assert told == set(lies.shown(truth))  # every one of the 10 lies comes up
    liar.start("cigar")
    first = [liar.lie(truth, []) for _ in range(5)]
    other = Liar(lies, "random", seed=3)
    other.start("rebut")
    other.start("cigar")
    assert [other.lie(truth, []) for _ in range(5)] == first
    assert liar.lie(lies.win, []) == lies.win


# ---------------------------------------------------------------- the solver against a lying host

FIVE = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade"]


@pytest.mark.parametrize("strategy", ["expected", "minimax", "entropy"])
def test_games_against_the_worst_liar_match_the_reference(strategy):
    answers = FIVE
    allowed = ["roate", "lints", "chump"]
    candidates = allowed + [w for w in answers if w not in allowed]
    result = api.simulate(answers=answers, allowed=allowed, strategy=strategy, lies=1, liar="worst", backend="cpu")
    for target, path in zip(result.targets, result.paths):
        assert path == naive_fibble.play_worst(target, answers, candidates, strategy, 1)


@given(small_game(max_answers=6, max_extra=3, max_length=3), st.sampled_from(["expected", "minimax", "entropy"]))
def test_solver_choices_with_lies_match_the_reference(drawn, strategy):
    answers, candidates, n = drawn
    if n == 0:
        return
    allowed = [w for w in candidates if w not in answers] or [answers[0]]
    order = allowed + [w for w in answers if w not in allowed]
    result = api.simulate(answers=answers, allowed=allowed, strategy=strategy, lies=n, liar="worst", backend="cpu")
    for target, path in zip(result.targets, result.paths):
        assert path == naive_fibble.play_worst(target, answers, order, strategy, n)


def test_random_games_keep_the_target_and_tell_true_lies():
    game = api.solve("humph", answers=FIVE, allowed=["roate", "lints"], lies=1, seed=5, backend="cpu")
    pool = list(FIVE)
    for turn in game.turns:
        assert turn.pool == len(pool)
        truth = naive.feedback(turn.guess, "humph")
        assert turn.tiles in naive_fibble.lies_of(truth, 1)
        assert turn.lied == tuple(i for i, (a, b) in enumerate(zip(truth, turn.tiles)) if a != b)
        pool = naive_fibble.prune(turn.guess, turn.tiles, pool, 1)
        assert "humph" in pool
    assert game.solved and game.share().startswith("Fibble ")
    assert api.solve("humph", answers=FIVE, allowed=["roate", "lints"], lies=1, seed=5, backend="cpu") == game


# ---------------------------------------------------------------- the bound and the proof


@pytest.mark.parametrize("length, n", [(5, 1), (5, 0), (3, 1), (4, 2)])
def test_least_guesses_and_most_answers_agree(length, n):
    lies = Lies(n, length)
    for d in range(1, 5):
        top = most_answers(lies, d)
        assert least_guesses(lies, top) <= d < least_guesses(lies, top + 1)
    assert least_guesses(lies, 1) == 1 and least_guesses(lies, 2) == 2


def test_least_guesses_for_fibble_by_hand():
    lies = Lies(1, 5)
    # 27 answers: (27 - 1) * 9 / 242 < 1, so a row may leave one; 28: some row leaves 2.
    assert most_answers(lies, 2) == 27 and least_guesses(lies, 27) == 2 and least_guesses(lies, 28) == 3


@given(small_game(max_answers=6, max_extra=3, max_length=3), st.data())
def test_the_proof_matches_exhaustive_minimax(narrow_blocks, drawn, data):
    answers, candidates, n = drawn
    game = game_of(answers, candidates)
    fibble = Fibble(game, Lies(n, game.length))
    want = naive_fibble.value(list(answers), game.candidates, n)
    first = data.draw(st.none() | st.sampled_from(game.candidates))
    if first is not None:
        rows = naive_fibble.rows_left(first, list(answers), n)
        memo: dict = {}
        want = 1 + max([0, *(naive_fibble.value(left, game.candidates, n, memo) for s, left in rows if set(s) != {2})])
    solution = Search(fibble).solve(first)
    assert solution.minimum == want
    check_strategy(Search(fibble), fibble, solution, answers, n)


def check_strategy(search, fibble, solution, answers, n):
    """The line printed is a line of the game: each row a lie the host may tell, the pools as the reference prunes them."""
    pool = list(answers)
    for step in solution.line:
        shown = naive.tiles_of(step.code, len(step.guess))
        assert step.pool == len(pool)
        if step.won:
            assert pool == [step.guess]
            return
        pool = naive_fibble.prune(step.guess, shown, pool, n)
        assert step.left == len(pool) and any(shown in naive_fibble.lies_of(naive.feedback(step.guess, a), n) for a in pool)
    assert len(solution.line) == solution.minimum


def test_the_strategy_found_wins_within_the_minimum_against_every_row():
    answers = FIVE
    game = game_of(answers, ["roate", "lints", "chump", *answers])
    search = Search(Fibble(game, Lies(1, 5)))
    minimum = search.solve().minimum

    def play(pool, budget):
        """Follow the search's wins memo against every row the host may show."""
        if len(pool) == 1:
            return budget >= 1
        guess = game.candidates[search.wins_within(np.array([game.answer_index[w] for w in pool]), budget)]
        for shown, left in naive_fibble.rows_left(guess, pool, 1):
            if set(shown) == {2}:
                continue
            if not play(left, budget - 1):
                return False
        return True

    assert play(list(answers), minimum)
    assert minimum == naive_fibble.value(list(answers), game.candidates, 1)


def test_bounds_after_a_deadline_bracket_the_minimum():
    answers = FIVE
    game = game_of(answers, ["roate", "lints", "chump", *answers])
    minimum = Search(Fibble(game, Lies(1, 5))).solve().minimum
    search = Search(Fibble(game, Lies(1, 5)))
    bounds = search.bounds()
    assert bounds.lower <= minimum <= bounds.upper
    assert len(bounds.line) <= bounds.upper


def test_the_play_out_for_an_upper_bound_stops_at_its_deadline_too():
    """Past its deadline the strategy's play-out gives no upper bound (it used to run on with none)."""
    import time

    from wordle_cli.trees.budget import Deadline

    game = game_of(FIVE, ["roate", "lints", "chump", *FIVE])
    passed = Deadline(1e-9)
    passed.start()
    time.sleep(0.01)
    assert passed.passed()
    bounds = Search(Fibble(game, Lies(1, 5))).bounds(deadline=passed)
    assert bounds.upper is None and bounds.line == [] and bounds.lower >= 1


# ---------------------------------------------------------------- the commands

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "lints", "chump", "dwarf", "sissy"]


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "a.txt", ANSWERS), "--allowed", write(tmp_path / "g.txt", ALLOWED)]


def test_prune_command_with_lies(runner, tmp_path):
    path = write(tmp_path / "a.txt", ANSWERS)
    result = invoke(runner, ["prune", "--lies", "1", "roate", "🟨⬛🟨⬛🟩", path, "-"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == naive_fibble.prune("roate", (1, 0, 1, 0, 2), ANSWERS, 1)


def test_score_command_with_lies(runner, tmp_path):
    a, g = write(tmp_path / "a.txt", ANSWERS), write(tmp_path / "g.txt", ALLOWED)
    result = invoke(runner, ["score", "--lies", "1", "-q", g, a, "-"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "guess,is_potential_answer,average_num_allowed,max_wordlist_len"
    rows = [line.split(",") for line in lines[1:]]
    for guess, is_answer, average, worst in rows:
        want_average, want_worst, _ = naive_fibble.spread(guess, ANSWERS, 1)
        assert average == naive.format_g(want_average, 6) and int(worst) == want_worst
        assert is_answer == ("true" if guess in ANSWERS else "false")
    plain = invoke(runner, ["score", "-q", g, a, "-"]).stdout.splitlines()
    assert plain[0] == naive.HEADER


def test_solve_command_with_lies(runner, lists):
    result = invoke(runner, ["solve", *lists, "--lies", "1", "--tiles", "letters", "--liar", "worst", "--share", "humph"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["turn", "guess", "feedback", "lie", "pool", "expected", "entropy"]
    candidates = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]
    path = naive_fibble.play_worst("humph", ANSWERS, candidates, "expected", 1)
    table = [line.split() for line in lines[1 : 1 + len(path)]]
    assert [row[1] for row in table] == path
    assert table[-1][2:4] == ["EEEEE", "-"]
    assert f"Fibble {len(path)}/9" in result.stdout


def test_simulate_command_with_lies_names_the_failures(runner, lists):
    result = invoke(runner, ["simulate", *lists, "--lies", "1", "--liar", "worst", "--max-guesses", "2", "-q"])
    assert result.exit_code == 0, result.stderr
    candidates = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]
    lengths = {t: len(naive_fibble.play_worst(t, ANSWERS, candidates, "expected", 1)) for t in ANSWERS}
    failed = [t for t in ANSWERS if lengths[t] > 2]
    assert failed
    assert f"more than 2  {len(failed)}" in result.stdout
    assert f"failed       {', '.join(failed)}" in result.stdout


def test_play_command_with_lies_reads_a_pasted_grid(runner, lists):
    candidates = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]
    path = naive_fibble.play_worst("humph", ANSWERS, candidates, "expected", 1)
    pool = list(ANSWERS)
    grid = ["Fibble 123 4/9", ""]
    for guess in path:
        shown = naive_fibble.worst_lie(guess, "humph", pool, 1)
        pool = naive_fibble.prune(guess, shown, pool, 1)
        grid.append("".join("⬛🟨🟩"[t] for t in shown) + ("  phew" if guess == "humph" else ""))
    result = invoke(runner, ["play", *lists, "--lies", "1", "--batch", "--share"], input="\n".join(grid) + "\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[: len(path)] == path
    assert out[len(path)] == f"Fibble {len(path)}/9"


def test_play_with_lies_refuses_review(runner, lists):
    result = invoke(runner, ["play", *lists, "--lies", "1", "--batch"], input="review\n")
    assert result.exit_code == 1
    assert "<stdin> line 1: review grades a game of true feedback" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "--lies", "1", "--hard", "cigar"], "--hard is not part of a game whose rows lie"),
        (["solve", "--lies", "1", "--strategy", "optimal", "cigar"], "not defined with --lies"),
        (["simulate", "--lies", "1", "--boards", "2"], "--lies plays one board"),
        (["solve", "--lies", "9", "cigar"], "between 0 and the word length 5"),
        (["solve", "--max-guesses", "7", "cigar"], "--max-guesses goes with --boards or --lies"),
        (["fibble", "solve", "salet"], "wordle fibble solve --first salet"),
    ],
)
def test_lie_errors_are_one_line(runner, lists, args, message):
    result = invoke(runner, [args[0], *lists, *args[1:]] if args[0] != "fibble" else [*args[:2], *lists, *args[2:]])
    assert result.exit_code == 2
    assert message in result.stderr


def test_fibble_solve_command(runner, lists):
    result = invoke(runner, ["fibble", "solve", *lists, "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    candidates = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]
    want = naive_fibble.value(list(ANSWERS), candidates, 1)
    assert lines[-2].startswith(f"minimum {want} guesses to win against every lie") and f"no strategy of {want - 1} guess" in lines[-2]
    guesses = lines[-1].split()
    assert len(guesses) == want and [row.split()[1] for row in lines[1:-2]] == guesses


def test_fibble_solve_time_limit_says_when_no_upper_bound_was_found(runner, lists, monkeypatch):
    from wordle_cli.games import fibble

    def out_of_time(self, *args, **kwargs):
        raise fibble.OutOfTime

    monkeypatch.setattr(fibble.Search, "solve", out_of_time)
    monkeypatch.setattr(fibble.Search, "greedy", out_of_time)
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("not proven within 1 s: the minimum to win against every lie is at least ")
    assert lines[1].startswith("lower bound ") and lines[2].startswith("upper bound not established")


def test_fibble_solve_time_limit_prints_labelled_bounds(runner, lists, monkeypatch):
    from wordle_cli.games import fibble

    def out_of_time(self, *args, **kwargs):
        raise fibble.OutOfTime

    monkeypatch.setattr(fibble.Search, "solve", out_of_time)
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", "1", "-q"])
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    candidates = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]
    want = naive_fibble.value(list(ANSWERS), candidates, 1)
    assert "not proven within 1 s" in text and "lower bound" in text and "(the best strategy found" in text
    lower = int(text.split("lower bound ")[1].split()[0])
    upper = int(text.split("upper bound ")[1].split()[0])
    assert lower <= want <= upper

