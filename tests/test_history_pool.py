"""The nyt game's pool for a puzzle date: the shipped answers and every answer the history used before it.

Two shipped answers, loris (#1490, 2025-07-18) and kefir (#1516, 2025-08-13),
are not in nyt-answers.txt: a command for such a day must accept them.
"""

from __future__ import annotations

import datetime as dt

import pytest
from clitools import invoke, write

from wordle_cli import history
from wordle_cli.model.game import load_lists

LORIS_DAY = dt.date(2025, 7, 18)  # #1490
KEFIR_DAY = dt.date(2025, 8, 13)  # #1516
SHIPPED = load_lists("nyt")[0].words
ALLOWED = ["roate", "raise", "salet", "boeuf", "loris"]


def test_the_shipped_list_lacks_the_two_answers():
    """The premise: the history's answers outside the list are these two (if it changes, so do the numbers below)."""
    assert len(SHIPPED) == 3158
    outside = [d.answer for d in history.shipped_days() if d.answer not in set(SHIPPED)]
    assert outside == ["loris", "kefir"]


@pytest.mark.parametrize(
    ("date", "through_day", "added"),
    [
        (dt.date(2025, 7, 17), False, []),
        (dt.date(2025, 7, 17), True, []),
        (LORIS_DAY, False, []),  # loris is that day's answer: not before it
        (LORIS_DAY, True, ["loris"]),  # a command that plays that day
        (LORIS_DAY + dt.timedelta(days=1), False, ["loris"]),
        (KEFIR_DAY, True, ["loris", "kefir"]),
        (dt.date(2026, 6, 1), False, ["loris", "kefir"]),
    ],
)
def test_past_answers_follow_the_shipped_list(date, through_day, added):
    answers = load_lists("nyt", date=date, through_day=through_day)[0]
    assert answers.words == SHIPPED + added  # appended: the list's own order (the tie rule's) unchanged
    assert all(word in answers for word in added)


def test_no_date_no_other_game_and_no_file_is_changed(tmp_path):
    assert load_lists("nyt")[0].words == SHIPPED
    assert load_lists("wordle", date=dt.date(2026, 6, 1))[0].words == load_lists("wordle")[0].words
    own = write(tmp_path / "answers.txt", ["cigar", "rebut"])
    assert load_lists("nyt", own, date=dt.date(2026, 6, 1))[0].words == ["cigar", "rebut"]


def test_the_users_later_days_join_too(tmp_path, monkeypatch):
    monkeypatch.setenv(history.DATA_ENV, str(tmp_path))
    (tmp_path / history.SHIPPED_HISTORY).write_text("number,date,answer\n1808,2026-06-01,boeuf\n", encoding="utf-8")
    assert load_lists("nyt", date=dt.date(2026, 6, 1))[0].words[-2:] == ["loris", "kefir"]
    assert load_lists("nyt", date=dt.date(2026, 6, 2))[0].words[-3:] == ["loris", "kefir", "boeuf"]


def test_the_nyt_prior_weighs_the_past_answers():
    from wordle_cli.prior import nyt_probabilities

    words = load_lists("nyt", date=dt.date(2026, 6, 1))[0].words
    p = nyt_probabilities(dt.date(2026, 6, 1), words)
    assert p.sum() == pytest.approx(1.0)
    assert p[words.index("loris")] > 0 and p[words.index("kefir")] > 0


# ---------------------------------------------------------------- the commands


@pytest.fixture
def small_allowed(tmp_path):
    """A short allowed list, so that the full answers are quick to play (the answers are the guess candidates too)."""
    return ["--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


def test_review_of_loris_on_its_day(runner, small_allowed):
    """The issue's reproduction: `review --date 2025-07-18 salet loris` said loris is not one of the 3158 answers."""
    result = invoke(runner, ["review", "--date", "2025-07-18", "--strategy", "expected", "--no-cache", *small_allowed, "salet", "loris"])
    assert result.exit_code == 0, result.stderr
    assert "3159 →" in result.stdout and "loris  🟩🟩🟩🟩🟩" in result.stdout


def test_solve_of_loris_on_its_day_has_it_in_the_pool(runner, small_allowed):
    result = invoke(runner, ["solve", "--date", "2025-07-18", *small_allowed])
    assert result.exit_code == 0, result.stderr
    assert "not among the answers" not in result.stderr  # not added as a stranger: the pool has it
    assert "3159" in result.stdout and "loris  🟩🟩🟩🟩🟩" in result.stdout


def test_play_of_loris_on_its_day(runner, small_allowed):
    result = invoke(runner, ["play", "--batch", "--date", "2025-07-18", *small_allowed], input="loris GGGGG\n")
    assert result.exit_code == 0, result.stderr
    assert "solved in 1 guess" in result.stderr


def test_a_day_before_loris_has_no_loris(runner, small_allowed):
    before = invoke(runner, ["solve", "--prior", "nyt", "--date", "2025-07-17", *small_allowed, "loris"])
    assert "note: 'loris' is not among the answers; added it to the pool (3159 answers)" in before.stderr
    later = invoke(runner, ["solve", "--prior", "nyt", "--date", "2025-07-19", *small_allowed, "loris"])
    assert "not among the answers" not in later.stderr and "3159" in later.stdout


def test_play_today_keeps_to_the_days_before(runner, small_allowed, monkeypatch):
    """Today's answer, known from an updated history, never joins the pool (a spoiler)."""
    monkeypatch.setattr(history, "today", lambda now=None: LORIS_DAY)
    result = invoke(runner, ["play", "--batch", "--date", "2025-07-18", *small_allowed], input="loris GGGGG\n")
    assert result.exit_code != 0 and "no possible answer" in result.stderr


@pytest.mark.parametrize(("day", "candidates"), [(1490, 3158), (1491, 3159)])
def test_infer_reads_the_pool_of_the_puzzle_its_posts_name(runner, day, candidates):
    """The day read (here the headers') is the date in play, whatever the prior; its own answer is what is inferred."""
    post = f"Wordle {day} 2/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n"
    for prior in ("uniform", "nyt"):
        result = invoke(runner, ["infer", "--json", "--prior", prior], input=post)
        assert result.exit_code == 0, result.stderr
        assert f'"candidates": {candidates},' in result.stdout


def test_under_a_prior_the_grown_pool_keeps_the_uniform_books_opener():
    """The optimal strategy's opener under a prior is the uniform book's (not proven anyway): the grown pool takes the
    shipped list's, rather than hours of search; nothing else reads the table for lists it was not made for."""
    from wordle_cli.model.game import Game
    from wordle_cli.solver import openings

    answers, allowed = load_lists("nyt", date=dt.date(2026, 6, 1))
    grown, shipped = Game("nyt", answers.words, allowed.words), Game("nyt", SHIPPED, allowed.words)
    assert openings.lookup(shipped, "optimal", False) == "tarse"
    assert openings.lookup(grown, "optimal", False) is None
    assert openings.lookup(grown, "optimal", False, extended=True) == "tarse"
    assert openings.lookup(grown, "expected", False, extended=True) is None  # the greedy openers are scored, not borrowed
