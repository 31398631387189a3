"""--prior on the commands that play and infer: one prior, named in every output, uniform unchanged."""

from __future__ import annotations

import datetime as dt
import json

import naive
import naive_infer
import numpy as np
from clitools import invoke

from wordle_cli import api
from wordle_cli.history import LAUNCH
from wordle_cli.model.game import load_lists

# `wordle solve cigar` on the nyt lists before priors existed (uniform): the same bytes with --prior uniform.
UNIFORM_CIGAR = """\
turn  guess  feedback    pool  expected  entropy
   1  roate  🟨⬛🟨⬛⬛  3158  86.8195   5.82916
   2  carrs  🟩🟨🟨⬛⬛    48   3.20833  4.13187
   3  cigar  🟩🟩🟩🟩🟩     1   1        0
"""


def spy_weights(monkeypatch):
    """Record every prior `setup.answer_weights` makes (the one maker of the commands' priors): (spec, date, words, weights)."""
    from wordle_cli import setup

    made = []
    real = setup.answer_weights

    def spy(spec, answers, date=None, what="answer", spoil=False):
        result = real(spec, answers, date, what, spoil=spoil)
        made.append((spec, date, list(answers), result.weights.copy()))
        return result

    monkeypatch.setattr(setup, "answer_weights", spy)
    return made


def test_uniform_prior_gives_todays_bytes(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR")
    result = invoke(runner, ["solve", "cigar", "--prior", "uniform", "--color", "never"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == UNIFORM_CIGAR
    assert "prior: uniform" in result.stderr
    monkeypatch.setenv("WORDLE_PRIOR", "uniform")
    assert invoke(runner, ["solve", "cigar", "--color", "never"]).stdout == UNIFORM_CIGAR


def test_solve_defaults_to_the_nyt_prior_of_the_date_and_names_it(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR")
    result = invoke(runner, ["solve", "cigar", "--date", "2026-06-01"])
    assert result.exit_code == 0, result.stderr
    assert "optimal strategy" in result.stderr  # the default under a prior other than uniform
    assert result.stdout.startswith("prior: nyt prior for 2026-06-01")  # the table's numbers are under it: named once
    assert "prior:" not in result.stderr
    on_wordle = invoke(runner, ["solve", "cigar", "--game", "wordle"])
    assert "prior: uniform" in on_wordle.stderr


def test_infer_and_solve_share_one_prior(runner, monkeypatch):
    monkeypatch.delenv("WORDLE_PRIOR")
    monkeypatch.delenv("WORDLE_DATE")
    made = spy_weights(monkeypatch)
    day = 1700
    date = LAUNCH + dt.timedelta(days=day)
    answers = load_lists("nyt", date=date)[0].words  # the pool of that day: with the past answers the list lacks
    assert answers[-2:] == ["loris", "kefir"]
    grid = naive_infer.post([naive.feedback(g, "cigar") for g in ["roate", "carrs", "cigar"]], day, False)
    inferred = invoke(runner, ["infer", "--json"], input=grid)  # the date: the puzzle the header names
    assert inferred.exit_code == 0, inferred.stderr
    assert json.loads(inferred.stdout)["prior"].startswith(f"nyt prior for {date.isoformat()}")
    text = invoke(runner, ["infer"], input=grid)
    assert text.stdout.splitlines()[1].endswith(f"; prior: nyt prior for {date.isoformat()} (weights p x 10^6, at least 1)")
    solved = invoke(runner, ["solve", "cigar", "--date", date.isoformat()])
    assert solved.exit_code == 0, solved.stderr
    (spec_i, date_i, words_i, weights_i), _, (spec_s, date_s, words_s, weights_s) = made
    assert (spec_i, date_i, words_i) == (spec_s, date_s, words_s) == ("nyt", date, answers)
    assert np.array_equal(weights_i, weights_s)


def test_simulate_weighs_the_games_by_the_prior(runner, tmp_path):
    prior = tmp_path / "p.csv"
    words = load_lists("nyt")[0].words[:40]
    prior.write_text("".join(f"{w},{i + 1}\n" for i, w in enumerate(words)), encoding="utf-8")
    result = invoke(runner, ["simulate", "--prior", str(prior), "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    rows = [line.split(",") for line in open("games.csv", encoding="utf-8").read().splitlines()[1:]]
    weight = {w: i + 1 for i, w in enumerate(words)}
    expected = sum(weight[r[0]] * int(r[1]) for r in rows) / sum(weight[r[0]] for r in rows)
    assert len(rows) == 40
    assert f"prior        prior from {prior}" in result.stdout
    assert f"prior mean   {expected:.4f}" in result.stdout


def test_boards_and_lies_refuse_a_named_prior_and_default_to_uniform(runner, monkeypatch):
    for args, why in (
        (["solve", "--boards", "2", "cigar", "rebut", "--prior", "nyt"], "with --boards"),
        (["solve", "--lies", "1", "cigar", "--prior", "nyt"], "with --lies"),
    ):
        result = invoke(runner, args)
        assert result.exit_code == 2 and f"--prior 'nyt': not yet supported {why}" in result.stderr
    monkeypatch.setenv("WORDLE_PRIOR", "nyt")  # set once for every command: the modes that cannot play it stay uniform
    result = invoke(runner, ["solve", "--boards", "2", "cigar", "rebut"])
    assert result.exit_code == 0 and "prior: uniform" in result.stderr


def test_a_bad_prior_or_date_is_one_line(runner):
    result = invoke(runner, ["solve", "cigar", "--prior", "nope.csv"])
    assert result.exit_code == 2 and result.stderr.strip().endswith("prior 'nope.csv' is neither uniform, nyt nor a file of word,weight lines")
    result = invoke(runner, ["solve", "cigar", "--date", "2026-02-30"])
    assert result.exit_code == 2 and "'2026-02-30' is not a date YYYY-MM-DD" in result.stderr


def test_the_api_plays_under_weights_as_the_command_does(runner):
    words = load_lists("wordle")[0].words
    prior = api.answer_weights("nyt", words, dt.date(2026, 6, 1))
    game = api.solve("cigar", game="wordle", weights=prior, backend="cpu")
    result = invoke(runner, ["solve", "cigar", "--game", "wordle", "--prior", "nyt", "--date", "2026-06-01", "-q", "--tiles", "letters"])
    assert result.stdout.splitlines()[0] == f"prior: {prior.label}"
    assert [line.split()[1] for line in result.stdout.splitlines()[2:]] == game.guesses
    assert api.solve("cigar", game="wordle", weights=np.ones(len(words), np.int64)).guesses == api.solve("cigar", game="wordle").guesses
    sim = api.simulate(["cigar", "rebut"], game="wordle", weights=prior)
    w = [int(prior.weights[words.index(t)]) for t in ("cigar", "rebut")]
    assert sim.prior_mean() == (w[0] * sim.counts[0] + w[1] * sim.counts[1]) / sum(w)


def test_play_names_a_prior_in_its_greeting_and_plays_under_it(runner, tmp_path):
    from wordle_cli.cli import main

    prior = tmp_path / "p.csv"
    prior.write_text("cigar,1\nrebut,1\nsissy,5\nhumph,1\n", encoding="utf-8")
    played = runner.invoke(main, ["play", "--interactive", "--prior", str(prior)], input="quit\n")
    assert played.exit_code == 0, played.stderr
    assert "prior: prior from" in played.stdout and "p.csv" in played.stdout  # wrapped to the terminal
    batch = invoke(runner, ["play", "-q", "--prior", str(prior)], input="")
    assert batch.exit_code == 0 and batch.stdout.strip()  # the first suggestion, for the four-answer pool


def test_review_grades_under_the_one_rules_prior_and_uniform_when_asked(runner, monkeypatch):
    """review has no exception to the rule: on today's game it grades under the nyt prior, as --prior nyt does."""
    monkeypatch.delenv("WORDLE_PRIOR")
    made = spy_weights(monkeypatch)
    plain = invoke(runner, ["review", "--answer", "cigar", "salet", "crony", "cigar", "--json", "--no-cache"])
    assert plain.exit_code == 0, plain.stderr
    assert made[-1][0] == "nyt" and json.loads(plain.stdout)["prior"].startswith("nyt prior for 2026-06-01")
    under = invoke(runner, ["review", "--answer", "cigar", "salet", "crony", "cigar", "--prior", "nyt", "--json", "--no-cache"])
    assert under.exit_code == 0, under.stderr
    assert made[-1][0] == "nyt" and under.stdout == plain.stdout
    uniform = invoke(runner, ["review", "--answer", "cigar", "salet", "crony", "cigar", "--prior", "uniform", "--json"])
    assert uniform.exit_code == 0 and made[-1][0] == "uniform" and "best opener" not in uniform.stderr  # the book grades turn 1
    assert json.loads(uniform.stdout)["turns"][0]["best_guess"] == "tarse"


# ---------------------------------------------------------------- issue 49: $WORDLE_PRIOR where it cannot play, or is bad; one stdin

import pytest  # noqa: E402


def test_wordle_prior_that_a_mode_cannot_play_is_one_warning_even_quiet(runner, monkeypatch, tmp_path):
    """Issue 49, item 5: the variable (set once for every command) is not refused as --prior is, but never
    dropped in silence: one warning, shown with -q too; uniform needs none."""
    words = tmp_path / "w.txt"
    words.write_text("cigar\nrebut\nsissy\n", encoding="utf-8")
    lists = ["--answers", str(words), "--allowed", str(words), "-q"]
    for value in ("nyt", str(words)):
        monkeypatch.setenv("WORDLE_PRIOR", value)
        for args, why in ((["solve", "--boards", "2", "cigar", "rebut"], "with --boards"), (["solve", "--lies", "1", "cigar"], "with --lies")):
            result = invoke(runner, [*args, *lists])
            assert result.exit_code == 0, result.stderr
            assert result.stderr.splitlines() == [f"warning: $WORDLE_PRIOR={value!r} is not used {why}; the uniform prior is played"]
    monkeypatch.setenv("WORDLE_PRIOR", "uniform")
    assert invoke(runner, ["solve", "--boards", "2", "cigar", "rebut", *lists]).stderr == ""


def _bad_priors(tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("cigar,1\nrebut\n", encoding="utf-8")
    zero = tmp_path / "zero.csv"
    zero.write_text("zzzzz,1\n", encoding="utf-8")
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"cigar,1\n\xff\n")
    return ["bogus", str(tmp_path / "missing.csv"), str(tmp_path), str(empty), str(bad), str(zero), str(latin)]


@pytest.mark.parametrize("command", [["solve", "cigar"], ["score", "--top", "1"]])
def test_every_error_of_a_bad_wordle_prior_names_the_variable(runner, monkeypatch, tmp_path, command):
    """Issue 49, item 12: as $WORDLE_DATE's and $WORDLE_GAME's do."""
    for value in _bad_priors(tmp_path):
        monkeypatch.setenv("WORDLE_PRIOR", value)
        result = invoke(runner, [*command, "--game", "wordle", "-q"])
        assert result.exit_code in (1, 2), (value, result.stderr)
        assert result.stderr.splitlines()[-1].startswith("Error: $WORDLE_PRIOR: "), (value, result.stderr)
    monkeypatch.setenv("WORDLE_GAME", "bogus")
    assert invoke(runner, ["solve", "cigar"]).stderr.startswith("Error: $WORDLE_GAME: unknown game 'bogus'")


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "cigar", "--answers", "-", "--prior", "-"], "--answers and --prior both read '-'"),
        (["solve", "cigar", "--allowed", "-", "--prior", "-"], "--allowed and --prior both read '-'"),
        (["score", "-", "ANSWERS", "out.csv", "--prior", "-"], "ALLOWED and --prior both read '-'"),
        (["tree", "verify", "-", "--prior", "-"], "FILE and --prior both read '-'"),
        (["tree", "show", "-", "--prior", "-"], "FILE and --prior both read '-'"),
        (["play", "--prior", "-"], "play reads the turns from standard input, so --answers, --allowed and --prior cannot be '-'"),
        (["review", "--answer", "cigar", "-", "--prior", "-"], "--answers, --allowed and --prior cannot be '-'"),
    ],
)
def test_one_standard_input_feeds_one_input(runner, tmp_path, monkeypatch, args, message):
    """Issue 49, item 13: a usage error (exit 2), not a prior that reads an empty stdin."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ANSWERS").write_text("cigar\nrebut\n", encoding="utf-8")
    result = invoke(runner, args, input="cigar,1\nrebut,1\n")
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert not (tmp_path / "out.csv").exists()
