"""The NYT prior: a distribution, blind to the day itself and after, and fitted where the truth is known."""

from __future__ import annotations

import datetime as dt
import random

import numpy as np
import pytest

from wordle_cli import history, shipped
from wordle_cli.cli.history_prior import prior
from wordle_cli.prior import baseline, features, logit, nyt, nyt_probabilities
from wordle_cli.wordlist import read_text

POOL = read_text(shipped.shipped_list(shipped.NYT_ANSWERS), "word list").split()
DAYS = history.shipped_days()
LAST = DAYS[-1]


def day(number: int, answer: str) -> history.Day:
    return history.Day(number, history.LAUNCH + dt.timedelta(days=number), answer)


@pytest.mark.parametrize("date", [dt.date(2021, 7, 1), dt.date(2023, 3, 1), LAST.date, LAST.date + dt.timedelta(days=200)])
def test_a_distribution_over_the_words(date):
    probabilities = nyt_probabilities(date, POOL)
    assert probabilities.shape == (len(POOL),) and probabilities.dtype == np.float64
    assert (probabilities > 0).all()
    assert probabilities.sum() == pytest.approx(1.0, abs=1e-12)


def test_days_on_or_after_the_date_change_nothing():
    date = dt.date(2025, 3, 1)
    number = (date - history.LAUNCH).days
    before = [d for d in DAYS if d.date < date]
    rng = random.Random(3)
    future = [day(n, rng.choice(POOL)) for n in range(number, number + 400)]  # the day itself included
    alone = nyt.fitted(date, tuple(before))
    with_future = nyt.fitted(date, tuple(before + future))
    assert np.array_equal(alone.mixture(), with_future.mixture())
    assert np.array_equal(nyt_probabilities(date, POOL, before), nyt_probabilities(date, POOL, DAYS + future))


def test_a_day_listed_twice_counts_once():
    """A history merged twice (or a day with two rows, as four of 2022's) trains on each day once."""
    date = LAST.date + dt.timedelta(days=1)
    twice = DAYS + DAYS[-30:] + [history.Day(LAST.number, LAST.date, "cigar")]
    assert nyt_probabilities(date, POOL, twice) == pytest.approx(
        nyt_probabilities(date, POOL, DAYS + [history.Day(LAST.number, LAST.date, "cigar")]), rel=1e-12
    )
    assert (nyt_probabilities(date, POOL, twice) > 0).all()


def test_a_subset_gets_the_same_odds():
    """The answer restricted to some words is the whole distribution renormalised over them (a solver's candidates)."""
    everything = nyt_probabilities(LAST.date, POOL)
    chosen = [3, 50, 900, 2000, 3100]
    some = nyt_probabilities(LAST.date, [POOL[i] for i in chosen])
    assert some == pytest.approx(everything[chosen] / everything[chosen].sum(), rel=1e-9)


def test_a_word_outside_the_pool_is_a_new_pick_with_its_features():
    odd = nyt_probabilities(LAST.date, ["fight", "zzzzz"])  # a frequent original word; a non-word
    assert odd[0] > 20 * odd[1] > 0


def test_synthetic_history_from_one_category_puts_the_mass_there():
    """Answers drawn only from words outside the original list: the fit moves the mass to them."""
    original = features.original_words()
    outside = [w for w in POOL if w not in original]
    rng = random.Random(7)
    picks = rng.sample(outside, 300)
    days = [day(600 + i, word) for i, word in enumerate(picks)]
    date = days[-1].date + dt.timedelta(days=1)
    probabilities = nyt_probabilities(date, POOL, days)
    assert probabilities[[w not in original for w in POOL]].sum() > 0.9
    assert nyt.fitted(date, tuple(days)).repeat_chance < 0.05  # no repeat seen: repeats unlikely
    # ... and under the real history (97% original), the other way round.
    assert nyt_probabilities(LAST.date, POOL)[[w in original for w in POOL]].sum() > 0.8


def test_synthetic_frequent_answers_make_frequency_count():
    zipf = features.frequencies_of(POOL)
    frequent = [w for w, z in zip(POOL, zipf) if z >= 4.5]
    rng = random.Random(11)
    days = [day(600 + i, word) for i, word in enumerate(rng.sample(frequent, 200))]
    date = days[-1].date + dt.timedelta(days=1)
    fit = nyt.fitted(date, tuple(days))
    assert fit.beta[features.NAMES.index("zipf")] > 1.0
    probabilities = nyt_probabilities(date, POOL, days)
    assert probabilities[zipf >= 4.5].sum() > 0.5 > (zipf >= 4.5).mean()


def test_synthetic_repeats_of_old_answers_are_learnt():
    """60 days of repeats of the oldest answers: P(repeat) follows the recent days, and long-ago answers are favoured."""
    rng = random.Random(5)
    words = rng.sample(POOL, 400)
    days = [day(600 + i, word) for i, word in enumerate(words[:300])]
    days += [day(900 + i, words[i]) for i in range(60)]  # day 900 + i repeats day 600 + i's answer, 300 days on
    date = days[-1].date + dt.timedelta(days=1)
    fit = nyt.fitted(date, tuple(days))
    assert fit.repeat_chance > 0.7  # 60 of 360 days, but the last 60: half-life 30 days
    assert fit.gamma > 1.0
    probabilities = nyt_probabilities(date, words[:300], days)
    assert probabilities[60] > 10 * probabilities[299]  # answered 300 days ago vs 60 days ago


def test_before_any_editors_day_the_unanswered_words_share_evenly():
    date = dt.date(2021, 7, 1)
    probabilities = nyt_probabilities(date, POOL)
    answered = {d.answer for d in DAYS if d.date < date}
    fresh = probabilities[[w not in answered for w in POOL]]
    assert fresh.max() == pytest.approx(fresh.min())


def test_no_words_no_probabilities():
    assert nyt_probabilities(LAST.date, []).shape == (0,)


def test_the_baseline_is_still_a_distribution():
    probabilities = baseline.two_factor_probabilities(LAST.date, POOL)
    assert (probabilities > 0).all() and probabilities.sum() == pytest.approx(1.0)


def test_frequencies_are_wordfreqs():
    import wordfreq

    words = ("fight", "cigar", "etude", "zzzzz", "abbey", "kefir", "xylyl")
    assert list(features.frequencies_of(words)) == [wordfreq.zipf_frequency(w, "en") for w in words]


def test_the_shrinking_fit_is_the_general_one():
    """The suffix-sum fit (nested offers) against the plain per-day softmax on random small data."""
    rng = np.random.default_rng(2)
    words, days, k = 40, 25, 3
    static = rng.normal(size=(words, k))
    until = rng.integers(0, 60, size=words)
    day_of = np.sort(rng.integers(0, 30, size=days))
    picks = np.array([rng.choice(np.flatnonzero(until >= d)) for d in day_of])
    weights = rng.uniform(0.5, 1.5, size=days)
    fast = logit.fit_shrinking(static, until, day_of, picks, weights, 0.3)
    offered = until[None, :] >= day_of[:, None]
    plain = logit.fit(np.broadcast_to(static, (days, words, k)), offered, picks, weights, 0.3, np.zeros(words))
    assert fast == pytest.approx(plain, abs=1e-8)


def test_one_indicator_fits_the_odds_ratio_by_hand():
    """Always 10 words in the group and 30 outside; 20 picks in it, 10 outside: e^beta = (20/10) * (30/10) = 6."""
    group = np.array([1.0] * 10 + [0.0] * 30)[:, None]
    picks = np.array([0] * 20 + [10] * 10)
    beta = logit.fit_shrinking(group, np.full(40, 100), np.zeros(30, dtype=np.int64), picks, np.ones(30), 0.0)
    assert beta[0] == pytest.approx(np.log(6.0), abs=1e-9)


# ---------------------------------------------------------------- wordle history prior


def test_cli_writes_every_answer_likeliest_first(runner, tmp_path):
    out = tmp_path / "prior.csv"
    result = runner.invoke(prior, ["--date", "2026-05-31", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "nyt prior for puzzle #1807 (2026-05-31): fitted on the history to #1806" in result.stderr
    pool = POOL + ["loris", "kefir"]  # the pool the commands play that day: the list and the history's answers it lacks
    lines = out.read_text().splitlines()
    assert lines[0] == "word,probability" and len(lines) == 1 + len(pool)
    rows = [line.split(",") for line in lines[1:]]
    assert sorted(w for w, _ in rows) == sorted(pool)
    values = [float(p) for _, p in rows]
    assert values == sorted(values, reverse=True)
    assert sum(values) == pytest.approx(1.0, abs=1e-5)
    expected = dict(zip(pool, nyt_probabilities(dt.date(2026, 5, 31), pool)))
    assert all(float(p) == pytest.approx(expected[w], rel=1e-5) for w, p in rows)


def test_cli_says_how_old_the_history_is(runner):
    result = runner.invoke(prior, ["--date", "2026-11-26"])
    assert result.exit_code == 0
    assert result.stderr == (
        "nyt prior for puzzle #1986 (2026-11-26): fitted on the history to #1807 (2026-05-31, 179 days before it); "
        "3160 answers: nyt-answers.txt + the history's loris, kefir\n"
        "warning: the nyt prior for 2026-11-26 knows the history to #1807 (2026-05-31) only: 178 days are missing; "
        "`wordle history update` fetches them\n"
    )


def test_cli_to_stdout_by_default(runner):
    result = runner.invoke(prior, ["--date", "2024-01-01", "-q"])
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0] == "word,probability" and len(result.stdout.splitlines()) == 1 + len(POOL)


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("2026-02-30", "Error: Invalid value for '--date': '2026-02-30' is not a date YYYY-MM-DD"),
        ("yesterday", "Error: Invalid value for '--date': 'yesterday' is not a date YYYY-MM-DD"),
        ("2021-06-18", "Error: Invalid value for '--date': 2021-06-18 is before puzzle #0 (2021-06-19)"),
    ],
)
def test_cli_refuses_a_bad_date_in_one_line_and_keeps_the_old_file(runner, tmp_path, date, message):
    out = tmp_path / "prior.csv"
    out.write_text("old\n")
    result = runner.invoke(prior, ["--date", date, "-o", str(out)])
    assert result.exit_code == 2
    assert [line for line in result.stderr.splitlines() if line.startswith("Error")] == [message]
    assert "Traceback" not in result.stderr
    assert out.read_text() == "old\n"


def test_cli_failing_midway_leaves_the_old_file(runner, tmp_path, monkeypatch):
    """The file is replaced only when complete: a failure while writing leaves it as it was."""
    out = tmp_path / "prior.csv"
    out.write_text("old\n")
    import wordle_cli.output as output

    real = output.csv_row
    calls = []

    def failing(fields):
        calls.append(fields)
        if len(calls) == 100:
            raise OSError("disk gone")
        return real(fields)

    monkeypatch.setattr(output, "csv_row", failing)
    result = runner.invoke(prior, ["--date", "2026-05-31", "-o", str(out)])
    assert result.exit_code != 0 and len(calls) == 100
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cwd", "prior.csv"]  # no temporary file left
