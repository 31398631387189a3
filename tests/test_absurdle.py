"""Absurdle (issue #12): the host's tie rule by hand, the search against exhaustive search, every line replayed."""

from __future__ import annotations

import naive
import naive_games
import numpy as np
import pytest
from clitools import invoke
from hypothesis import given
from hypothesis import strategies as st
from strategies import game as games

from wordle_cli.errors import WordleError
from wordle_cli.games.absurdle import Absurdle, Search, host_rank
from wordle_cli.model.feedback import show
from wordle_cli.model.game import Game


@pytest.fixture
def narrow_blocks(monkeypatch):
    """Table-split blocks of 3 candidates, so tiny games span several blocks and parts."""
    from wordle_cli import config

    monkeypatch.setattr(config, "SPLIT_BLOCK_CANDIDATES", 3)


def host_of(answers, allowed=()):
    return Absurdle(Game("t", answers, list(allowed) or answers))


def kept_words(absurdle, guess):
    step, kept = absurdle.respond(absurdle.start(), guess)
    return step, [absurdle.game.answers[i] for i in kept.tolist()]


# ---------------------------------------------------------------- the host's rule, by hand


@pytest.mark.parametrize(
    "answers, guess, kept, tiles",
    [
        # The largest bucket wins whatever its tiles: EA has three words, AA two.
        (["ax", "ay", "az", "bw", "bv"], "aq", ["ax", "ay", "az"], "EA"),
        # Two buckets of two: fewest exact tiles (AA, not EA).
        (["ax", "ay", "bz", "bw"], "aq", ["bz", "bw"], "AA"),
        # Same exact count: fewest contained (AA, not CA).
        (["xa", "ya", "zz", "ww"], "aq", ["zz", "ww"], "AA"),
        # Same exact and contained counts: the smallest code (AC = 01 = 1 before CA = 10 = 3).
        (["xa", "ya", "bx", "by"], "ab", ["bx", "by"], "AC"),
        # All single words: the all-exact bucket has the worst rank, so a pool of two is never won at once.
        (["ab", "cd"], "ab", ["cd"], "AA"),
    ],
)
def test_host_tie_rule_by_hand(answers, guess, kept, tiles):
    step, got = kept_words(host_of(answers, [guess]), guess)
    assert got == kept and show(tuple(naive.feedback(guess, kept[0])), "letters") == tiles
    assert naive_games.host(answers, guess)[1] == kept  # the reference agrees
    assert not step.won


def test_host_rank_orders_by_exact_then_contained_then_code():
    rank = host_rank(2)
    order = sorted(range(9), key=lambda c: rank[c])
    # codes of two tiles: AA=0, AC=1, AE=2, CA=3, CC=4, CE=5, EA=6, EC=7, EE=8
    assert order == [0, 1, 3, 4, 2, 6, 5, 7, 8]


def test_a_single_word_is_won_by_guessing_it():
    absurdle = host_of(["ab"], ["ab", "cd"])
    step, kept = absurdle.respond(absurdle.start(), "ab")
    assert step.won and kept.tolist() == [0]
    step, _ = absurdle.respond(absurdle.start(), "cd")
    assert not step.won


# ---------------------------------------------------------------- the kernels against brute force


@given(games(max_answers=12, max_guesses=10))
def test_host_split_matches_brute_force(narrow_blocks, drawn):
    allowed, answers = drawn
    absurdle = host_of(answers, allowed)
    game = absurdle.game
    pool = np.arange(len(answers), dtype=np.int64)
    split = absurdle.table.host_split(np.arange(len(game.candidates)), pool, absurdle.rank)
    perfect = absurdle.table.perfect(np.arange(len(game.candidates)), pool, absurdle.rank)
    for c, guess in enumerate(game.candidates):
        tiles, kept = naive_games.host(answers, guess)
        buckets = {}
        for w in answers:
            buckets.setdefault(naive.feedback(guess, w), []).append(w)
        sizes = [len(b) for b in buckets.values()]
        assert (split.max_n[c], split.classes[c], split.kept_code[c]) == (max(sizes), len(sizes), naive_games.code(tiles))
        assert perfect[c] == (max(sizes) == 1)


# ---------------------------------------------------------------- the search against exhaustive search


def check_line(guesses, answers, target=None):
    """Replay a line against the reference host: no earlier win, the last guess wins, the target kept."""
    pools = naive_games.replay(guesses, answers)
    for pool, guess in zip(pools[:-1], guesses[:-1]):
        assert not naive_games.won(pool, guess)
        if target is not None:
            assert target in pool
    assert naive_games.won(pools[-2], guesses[-1])
    if target is not None:
        assert guesses[-1] == target


@given(games(max_answers=7, max_guesses=6), st.data())
def test_minimum_matches_exhaustive_search(narrow_blocks, drawn, data):
    allowed, answers = drawn
    allowed = list(allowed)
    absurdle = host_of(answers, allowed)
    first = data.draw(st.none() | st.sampled_from(absurdle.game.candidates))
    solution = Search(absurdle).solve(first)
    assert solution.minimum == naive_games.minimum(answers, allowed, first)
    check_line(solution.guesses, answers)
    if first is not None:
        assert solution.guesses[0] == first
    # the steps shown are the host's answers to the line
    pools = naive_games.replay(solution.guesses, answers)
    assert [(s.pool, s.left) for s in solution.steps] == [(len(a), len(b)) for a, b in zip(pools, pools[1:])]


@given(games(max_answers=7, max_guesses=6), st.data())
def test_challenge_matches_exhaustive_search(narrow_blocks, drawn, data):
    allowed, answers = drawn
    allowed = list(allowed)
    target = data.draw(st.sampled_from(answers))
    absurdle = host_of(answers, allowed)
    want = naive_games.minimum(answers, allowed, target=target)
    if want is None:
        with pytest.raises(WordleError, match="corners the host"):
            Search(absurdle, target).solve()
        return
    solution = Search(absurdle, target).solve()
    assert solution.minimum == want
    check_line(solution.guesses, answers, target)


@given(games(max_answers=6, max_guesses=5), st.data())
def test_every_shortest_line_and_their_count(narrow_blocks, drawn, data):
    allowed, answers = drawn
    allowed = list(allowed)
    absurdle = host_of(answers, allowed)
    candidates = absurdle.game.candidates
    first = data.draw(st.sampled_from(candidates))
    search = Search(absurdle)
    minimum = search.solve(first).minimum
    pool = search.root(first)
    depth = minimum - 1
    if depth == 0:
        return
    got = [[candidates[c] for c in line] for line in search.lines(pool, depth)]
    kept = naive_games.host(answers, first)[1]
    assert got == naive_games.all_lines(kept, depth, candidates)
    assert search.count(pool, depth) == len(got)
    for line in got:
        check_line([first, *line], answers)


@given(games(max_answers=12, max_guesses=8), st.data())
def test_compiled_depth_three_is_the_plain_loop(narrow_blocks, monkeypatch, drawn, data):
    """The compiled depth-3 search finds the same line as the plain loop over `_moves` and `_two`."""
    allowed, answers = drawn
    absurdle = host_of(answers, list(allowed))
    target = data.draw(st.none() | st.sampled_from(answers))
    pool = absurdle.start()
    if len(pool) < 2:
        return
    fast = Search(absurdle, target).wins_within(pool, 3)
    with monkeypatch.context() as m:
        m.setattr(Search, "compiled", False)
        plain = Search(absurdle, target).wins_within(pool, 3)
    assert fast == plain
    if fast is not None and len(fast) == 3 and Search(absurdle, target).wins_within(pool, 2) is None:
        counted = Search(absurdle, target).count(pool, 3)
        with monkeypatch.context() as m:
            m.setattr(Search, "compiled", False)
            assert Search(absurdle, target).count(pool, 3) == counted
        assert counted == len(naive_games.all_lines(list(answers), 3, absurdle.game.candidates, target))


@pytest.mark.parametrize(
    "answers, allowed",
    [
        (["bb", "dc", "db", "da", "bc", "ac", "ab"], ["dc", "ac", "dd", "aa"]),
        (["ab", "bc", "bd", "bb", "dc", "cc"], ["ac", "cb", "ad", "db", "cd", "bb", "aa"]),
        (["dba", "dbd", "abd", "cda", "dbb", "cad", "bbd"], ["cbc", "ada", "cbb"]),
    ],
)
def test_counting_three_guess_lines_where_guesses_share_buckets(monkeypatch, answers, allowed):
    """Games (found by a search over small random ones) whose minimum is 3 and where several guesses keep the same bucket."""
    absurdle = host_of(answers, allowed)
    candidates = absurdle.game.candidates
    buckets = [tuple(naive_games.host(answers, g)[1]) for g in candidates]
    winning = [b for b in buckets if len(b) < len(answers) and naive_games.wins_within(list(b), 2, candidates)]
    assert len(winning) > len(set(winning))  # a shared bucket is counted once per guess
    assert naive_games.minimum(answers, allowed) == 3
    want = naive_games.all_lines(list(answers), 3, candidates)
    pool = absurdle.start()
    assert Search(absurdle).count(pool, 3) == len(want)
    assert [[candidates[c] for c in line] for line in Search(absurdle).lines(pool, 3)] == want
    with monkeypatch.context() as m:
        m.setattr(Search, "compiled", False)
        assert Search(absurdle).count(pool, 3) == len(want)


def test_max_guesses_too_low_is_an_error():
    answers, allowed = ["bb", "dc", "db", "da", "bc", "ac", "ab"], ["dc", "ac", "dd", "aa"]
    absurdle = host_of(answers, allowed)
    assert Search(absurdle).solve(max_guesses=3).minimum == naive_games.minimum(answers, allowed) == 3
    with pytest.raises(WordleError, match="no win within 2 guesses"):
        Search(absurdle).solve(max_guesses=2)


# ---------------------------------------------------------------- the commands

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "lints", "chump", "dwarf", "sissy"]


@pytest.fixture
def lists(tmp_path):
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n", encoding="utf-8")
    (tmp_path / "g.txt").write_text("\n".join(ALLOWED) + "\n", encoding="utf-8")
    return ["--answers", str(tmp_path / "a.txt"), "--allowed", str(tmp_path / "g.txt")]


def test_solve_prints_a_proven_line_and_ends_with_the_guesses(runner, lists):
    result = invoke(runner, ["absurdle", "solve", *lists, "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    guesses = lines[-1].split()
    check_line(guesses, ANSWERS)
    want = naive_games.minimum(ANSWERS, ALLOWED)
    assert len(guesses) == want
    assert lines[-2].startswith(f"minimum {want} guesses") and f"no line of {want - 1} guess" in lines[-2]
    pools = naive_games.replay(guesses, ANSWERS)
    for row, guess, before, after in zip(lines[1:-2], guesses, pools, pools[1:]):
        fields = row.split()
        assert fields[1] == guess and fields[2] == show(naive_games.host(before, guess)[0], "letters")
        assert (int(fields[3]), int(fields[5])) == (len(before), len(after))


def test_solve_first_all_count_and_target(runner, lists):
    first = "chump"
    result = invoke(runner, ["absurdle", "solve", *lists, "--first", first, "-q"])
    guesses = result.stdout.splitlines()[-1].split()
    assert guesses[0] == first and len(guesses) == naive_games.minimum(ANSWERS, ALLOWED, first)
    check_line(guesses, ANSWERS)
    listed = invoke(runner, ["absurdle", "solve", *lists, "--first", first, "--all", "-q"]).stdout.splitlines()
    kept = naive_games.host(ANSWERS, first)[1]
    candidates = naive_games.candidates_of(ANSWERS, ALLOWED)
    assert listed == [" ".join([first, *line]) for line in naive_games.all_lines(kept, len(guesses) - 1, candidates)]
    counted = invoke(runner, ["absurdle", "solve", *lists, "--first", first, "--count", "-q"]).stdout.split()
    assert counted == [str(len(listed))]
    target = naive_games.replay(guesses, ANSWERS)[-1][0]
    challenged = invoke(runner, ["absurdle", "solve", *lists, "--target", target, "-q"])
    assert challenged.exit_code == 0, challenged.stderr
    line = challenged.stdout.splitlines()[-1].split()
    check_line(line, ANSWERS, target)
    assert len(line) == naive_games.minimum(ANSWERS, ALLOWED, target=target)


def test_play_batch_reports_the_host(runner, lists):
    result = invoke(runner, ["absurdle", "solve", *lists, "-q"])
    guesses = result.stdout.splitlines()[-1].split()
    played = invoke(runner, ["absurdle", "play", *lists, "--batch", "--tiles", "letters"], input="roate\nundo\n" + "\n".join(guesses) + "\n")
    assert played.exit_code == 0, played.stderr
    rows = played.stdout.splitlines()
    assert [r.split()[0] for r in rows] == ["roate", *guesses]
    pools = naive_games.replay(guesses, ANSWERS)
    for row, guess, before, after in zip(rows[1:], guesses, pools, pools[1:]):
        assert row.split() == [guess, show(naive_games.host(before, guess)[0], "letters"), str(len(after)), "left"]
    assert f"won in {len(guesses)} guesses" in played.stderr


@pytest.mark.parametrize(
    "args, input, message",
    [
        (["solve", "--all"], None, "--all and --count list the lines after a given first guess"),
        (["solve", "--target", "roate"], None, "--target 'roate' is not one of the 12 answers"),
        (["solve", "--first", "toolong"], None, "'toolong' has length 7"),
        (["solve", "--max-guesses", "2"], None, "no win within 2 guesses (proven)"),
        (["play", "--batch"], "zzzzz\n", "<stdin> line 1: 'zzzzz' is not in the word list"),
        (["play", "--batch"], "roate\n\nundo\nundo\n", "<stdin> line 4: nothing to undo"),
        (["play", "--batch"], b"roate\n\xff\n", "<stdin> line 2: not valid UTF-8"),
    ],
)
def test_errors_are_one_line(runner, lists, args, input, message):
    result = invoke(runner, ["absurdle", args[0], *lists, *args[1:]], input=input)
    assert result.exit_code in (1, 2)
    assert message in result.stderr


@pytest.mark.slow
def test_salet_wins_in_four_on_the_shipped_lists(runner):
    result = invoke(runner, ["absurdle", "solve", "--game", "wordle", "--first", "salet", "-q"])
    assert result.exit_code == 0, result.stderr
    guesses = result.stdout.splitlines()[-1].split()
    assert len(guesses) == 4 and guesses[0] == "salet"
    from wordle_cli.model.game import load_lists

    answers, _ = load_lists("wordle")
    check_line(guesses, answers.words)
