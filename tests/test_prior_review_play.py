"""One review and one prior line (issue 40, items 3 and 4): `play`'s review (at its prompt, and of a finished
game) prints what `wordle review` prints for the same game under the same prior; a stale history is said once."""

from __future__ import annotations

import datetime as dt

import naive
from clitools import invoke

from wordle_cli.history import Day, date_of
from wordle_cli.model.weights import stale_note

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ANSWERS + ["salet", "crony", "tarse"]


def tiny(tmp_path) -> list[str]:
    """The options of a tiny game under a FILE prior."""
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(ALLOWED) + "\n")
    (tmp_path / "p.csv").write_text("".join(f"{w},{i % 4 + 1}\n" for i, w in enumerate(ANSWERS)))
    return ["--game", "wordle", "--answers", str(tmp_path / "a.txt"), "--allowed", str(tmp_path / "g.txt"), "--prior", str(tmp_path / "p.csv"),
            "--tiles", "letters", "--color", "never"]


def byg(guess: str, answer: str) -> str:
    return "".join("BYG"[t] for t in naive.feedback(guess, answer))


def test_plays_review_prints_wordle_reviews_numbers(runner, tmp_path):
    options = tiny(tmp_path)
    graded = invoke(runner, ["review", "--answer", "cigar", "salet", "crony", "cigar", "-q", "--no-cache", *options])
    assert graded.exit_code == 0, graded.stderr
    table = graded.stdout.splitlines()
    assert table[0].startswith("turn  guess") and any(line.startswith("expected") for line in table)
    turns = f"salet {byg('salet', 'cigar')}\ncrony {byg('crony', 'cigar')}\ncigar GGGGG\n"

    finished = invoke(runner, ["play", "--interactive", *options], input=turns)  # the game's end prints its review
    assert finished.exit_code == 0, finished.stderr
    shown = finished.stdout.splitlines()
    start = shown.index(table[0])
    assert shown[start : start + len(table)] == table

    asked = invoke(runner, ["play", "--batch", *options], input=turns.replace("cigar GGGGG\n", "review\n"))
    assert asked.exit_code == 0, asked.stderr
    lines = asked.stderr.splitlines()
    at = lines.index(table[0])
    # the prompt's review of the game so far: the same turns, graded the same, the last one without its feedback
    assert lines[at + 1 : at + 3] == table[1:3]

    quiet = invoke(runner, ["play", "--interactive", "--no-review", *options], input=turns)
    assert quiet.exit_code == 0 and table[0] not in quiet.stdout and "solved in 3 guesses" in quiet.stdout


def test_review_defaults_to_the_prior_every_command_takes(runner, monkeypatch, tmp_path):
    """No exception for review: with $WORDLE_PRIOR set (as for every command) it grades under that prior."""
    options = tiny(tmp_path)
    prior = options[options.index("--prior") + 1]
    without = [o for o in options if o not in ("--prior", prior)]
    monkeypatch.setenv("WORDLE_PRIOR", prior)
    by_default = invoke(runner, ["review", "--answer", "cigar", "salet", "cigar", "--json", "--no-cache", *without])
    named = invoke(runner, ["review", "--answer", "cigar", "salet", "cigar", "--json", "--no-cache", *options])
    assert by_default.exit_code == named.exit_code == 0
    assert by_default.stdout == named.stdout and '"prior": "prior from' in named.stdout


# ---------------------------------------------------------------- a stale history, and the prior named once


def test_a_history_ending_more_than_a_week_before_the_date_is_said_in_one_line():
    days = [Day(n, date_of(n), "cigar") for n in range(1800, 1808)]  # to #1807, 2026-05-31
    assert stale_note(dt.date(2026, 6, 7), days) is None  # the history ends 7 days before: a week's gap is fine
    note = stale_note(dt.date(2026, 6, 8), days)
    assert note == (
        "the nyt prior for 2026-06-08 knows the history to #1807 (2026-05-31) only: 7 days are missing; "
        "`wordle history update` fetches them"
    )  # 2026-06-01 to 2026-06-07
    assert stale_note(dt.date(2026, 6, 8), days + [Day(1808, date_of(1808), "rebut")]) is None


def test_solve_says_a_stale_prior_once_and_names_the_prior_once(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR")
    stale = invoke(runner, ["solve", "cigar", "--date", "2026-11-26", "--strategy", "expected"])
    assert stale.exit_code == 0, stale.stderr
    both = stale.stdout + stale.stderr
    assert both.count("178 days are missing") == 1 and "#1807 (2026-05-31)" in stale.stderr
    assert "`wordle history update` fetches them" in stale.stderr
    assert both.count("prior: nyt prior for 2026-11-26") == 1
    prior = invoke(runner, ["history", "prior", "--date", "2026-06-20", "-q"])
    assert prior.exit_code == 0 and prior.stderr.count("19 days are missing") == 1
    fresh = invoke(runner, ["solve", "cigar", "--date", "2026-06-01", "--strategy", "expected"])
    assert fresh.exit_code == 0 and "missing" not in fresh.stderr
    assert (fresh.stdout + fresh.stderr).count("prior: nyt prior for 2026-06-01") == 1


def test_review_of_a_day_takes_that_days_prior_as_solve_does(runner, monkeypatch):
    """`review --day N` grades under puzzle N's prior (as `solve --day N`), not today's: #0 has no history before it."""
    monkeypatch.delenv("WORDLE_PRIOR")
    graded = invoke(runner, ["review", "--day", "0", "salet", "crony", "cigar", "--json"])
    assert graded.exit_code == 0, graded.stderr
    assert graded.stderr.rstrip().endswith("prior: nyt prior for 2021-06-19 (weights p x 10^6, at least 1)")
