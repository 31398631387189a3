"""`wordle infer` as a user runs it: output, verdicts, options and one-line errors."""

from __future__ import annotations

import json
import random

import naive
import naive_infer
import pytest
from test_cli import ALLOWED, ANSWERS, assert_data_error, assert_ok, invoke, write

# Games on the test_cli lists: 12 answers, the allowed list plus the answers as guesses.
GUESSES = ALLOWED + [w for w in ANSWERS if w not in ALLOWED]


def posts(answer: str, paths, day: int = 7, hard: bool = False) -> str:
    return "\n".join(naive_infer.post([naive.feedback(g, answer) for g in path], day, hard) for path in paths)


def consistent_with_all(text_grids) -> list[str]:
    return [w for w in ANSWERS if all(naive_infer.consistent(w, rows, GUESSES) for rows in text_grids)]


@pytest.fixture
def small(runner):
    return ["--allowed", write("allowed.txt", ALLOWED), "--answers", write("answers.txt", ANSWERS)]


def test_one_consistent_candidate_is_certain(runner, small):
    paths = [["roate", "sissy", "humph"], ["blush", "humph"], ["qajaq", "humph"]]
    grids = [[naive.feedback(g, "humph") for g in path] for path in paths]
    # No allowed guess but blush gives ⬛⬛🟨⬛🟩, and only against humph.
    assert consistent_with_all(grids[1:2]) == consistent_with_all(grids) == ["humph"]
    result = invoke(runner, ["infer", "-q", *small], input=posts("humph", paths))
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert lines[0] == "3 grids of puzzle 7"
    assert lines[1] == "12 candidates, 1 consistent with every grid"
    assert lines[3].split()[:5] == ["1", "humph", "3/3", lines[3].split()[3], "1"]
    assert lines[-1] == "answer: humph (certain: the only consistent candidate)"
    assert len(lines) == 3 + 10 + 1  # summary, candidates, header, --top 10 rows, verdict


def test_several_consistent_candidates_ranked_by_the_likelihood(runner, small):
    paths = [["roate", "cigar"]]
    result = invoke(runner, ["infer", "-q", "--top", "0", *small], input=posts("cigar", paths))
    assert_ok(result)
    grids = [([naive.feedback(g, "cigar") for g in path], False) for path in paths]
    fitting = consistent_with_all([rows for rows, _ in grids])
    assert len(fitting) > 1
    expected = {w: naive_infer.log_likelihood(w, grids, GUESSES, ANSWERS) for w in fitting}
    best = max(expected, key=expected.get)
    rows = [line.split() for line in result.stdout.splitlines()[3:-1]]
    assert len(rows) == len(ANSWERS)
    assert [r[1] for r in rows[: len(fitting)]] == sorted(fitting, key=lambda w: -expected[w])
    for r in rows[: len(fitting)]:
        assert float(r[3]) == pytest.approx(expected[r[1]], abs=0.006)
    assert result.stdout.splitlines()[-1].startswith(f"most likely: {best}, p≈")
    assert f"({len(fitting)} consistent candidates)" in result.stdout.splitlines()[-1]
    for r in rows[len(fitting) :]:
        assert r[4] == "0" and "ruled out by line 1" in " ".join(r)


def test_json_matches_the_table(runner, small):
    text = posts("sissy", [["roate", "sissy"], ["naval", "cigar", "sissy"]])
    table = invoke(runner, ["infer", "-q", *small, "--top", "0"], input=text)
    result = invoke(runner, ["infer", "-q", *small, "--top", "0", "--json"], input=text)
    assert_ok(result)
    doc = json.loads(result.stdout)
    assert doc["day"] == 7 and doc["grids"] == 2 and doc["candidates"] == 12
    assert doc["verdict"]["text"] == table.stdout.splitlines()[-1]
    assert [t["word"] for t in doc["top"]] == [line.split()[1] for line in table.stdout.splitlines()[3:-1]]
    assert sum(t["p"] for t in doc["top"] if t["grids_fit"] == 2) == pytest.approx(1.0)
    for t in doc["top"]:
        assert (t["ruled_out_by"] == []) == (t["grids_fit"] == 2)


def test_summary_reports_what_was_set_aside(runner, small):
    good = posts("cigar", [["roate", "cigar"], ["naval", "cigar"]])
    text = (
        "my results today\n" + good + "\n" + good  # every grid posted twice
        + "\nWordle 7 X/6\n" + "⬛⬛⬛⬛\n" * 6  # rows of four tiles
        + "\nWordle 6 2/6\n⬛⬛⬛⬛🟨\n🟩🟩🟩🟩🟩\n"  # yesterday's
    )
    result = invoke(runner, ["infer", "-q", *small], input=text)
    assert_ok(result)
    summary = result.stdout.splitlines()[0]
    assert summary.startswith("2 grids of puzzle 7; set aside: 2 duplicates (lines ")
    assert "1 grid with rows of the wrong length (line " in summary
    assert "1 grid of another puzzle (line " in summary
    assert "skipped 1 line of other text (line 1)" in summary


def test_candidates_and_prior(runner, small):
    text = posts("cigar", [["roate", "cigar"]])
    write("candidates.txt", ["cigar", "rebut", "focal", "roate"])  # roate: not an answer, still a candidate
    result = invoke(runner, ["infer", "-q", *small, "--candidates", "candidates.txt", "--top", "0"], input=text)
    assert_ok(result)
    assert {line.split()[1] for line in result.stdout.splitlines()[3:-1]} == {"cigar", "rebut", "focal", "roate"}
    write("prior.txt", ["word,weight", "cigar,1", "focal,1000", "zzzzz,3"])
    result = invoke(runner, ["infer", *small, "--candidates", "candidates.txt", "--prior", "prior.txt"], input=text)
    assert_ok(result)
    assert "prior from prior.txt gives no weight to 2 of the 4 candidates: they are left out" in result.stderr
    assert "prior from prior.txt: 1 listed words are not candidates (ignored)" in result.stderr
    fits_focal = naive_infer.consistent("focal", [naive.feedback("roate", "cigar")], GUESSES)
    rows = [line.split() for line in result.stdout.splitlines()[3:-1]]
    assert rows[0][1] == ("focal" if fits_focal else "cigar")
    assert [r[1] for r in rows if r[3] == "-inf"] == ["rebut", "roate"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("cigar,1\ncigar,2\n", "prior.txt line 2: 'cigar' is listed twice"),
        ("cigar,-1\n", "prior.txt line 1: the weight must be a number >= 0"),
        ("cigar\n", "prior.txt line 1: expected word,weight"),
        ("# weights\ncigar,lots\n", "prior.txt line 2: 'lots' is not a number"),
        ("cigar,0\n", "prior.txt: gives no candidate a positive weight"),
    ],
)
def test_bad_prior_is_one_line(runner, small, content, message):
    with open("prior.txt", "w", encoding="utf-8") as handle:
        handle.write(content)
    result = invoke(runner, ["infer", "-q", *small, "--prior", "prior.txt"], input=posts("cigar", [["roate", "cigar"]]))
    assert message in assert_data_error(result)


def test_no_grids_is_one_line(runner, small):
    result = invoke(runner, ["infer", "-q", *small], input="Wordle 7 3/6\nno grid here, sorry\n")
    line = assert_data_error(result, "<stdin>", "no result grids of 5 tiles a row")
    assert "1 header without rows (line 1)" in line and "skipped 1 line of other text (line 2)" in line


def test_unreadable_input_is_one_line(runner, small):
    with open("bad.txt", "wb") as handle:
        handle.write(b"Wordle 7 3/6\n\xff\xfe\n")
    assert_data_error(invoke(runner, ["infer", "-q", *small, "bad.txt"]), "bad.txt line 2", "UTF-8")
    assert_data_error(invoke(runner, ["infer", "-q", *small, "missing.txt"]), "missing.txt", "no such file")


def test_candidates_of_another_length_is_one_line(runner, small):
    write("candidates.txt", ["cigar", "dog"])
    result = invoke(runner, ["infer", "-q", *small, "--candidates", "candidates.txt"], input=posts("cigar", [["cigar"]]))
    assert_data_error(result, "candidates.txt line 2", "'dog'")


def test_standard_input_only_once(runner):
    result = invoke(runner, ["infer", "--answers", "-"], input="cigar\n")  # GRIDS is standard input too
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["Error: GRIDS and --answers both read '-': one standard input can feed only one of them"]


def test_failed_and_hard_mode_grids(runner, small):
    failed = [["roate", "eerie", "naval", "qajaq", "zzzzz", "raise"]]
    text = posts("humph", failed) + "\n" + posts("humph", [["blush", "humph"]], hard=True)
    result = invoke(runner, ["infer", "-q", *small], input=text)
    assert_ok(result)
    assert result.stdout.startswith("2 grids of puzzle 7 (1 hard mode, 1 failed)")
    assert result.stdout.splitlines()[-1] == "answer: humph (certain: the only consistent candidate)"


@pytest.mark.slow
def test_shipped_lists_name_the_answer_from_thirty_players(runner, shipped):
    """End to end on the real lists: 30 players guessing possible answers at random, seeded."""
    answers = open(shipped["answers"], encoding="utf-8").read().split()
    rng = random.Random(11)
    grids = [naive_infer.play_possible("sheen", answers, rng) for _ in range(30)]
    text = "\n".join(naive_infer.post(rows, day=512) for rows in grids)
    result = invoke(runner, ["infer", "--game", "wordle", "-q", "--json"], input=text)
    assert_ok(result)
    doc = json.loads(result.stdout)
    assert doc["verdict"]["answer"] == "sheen"
    assert doc["top"][0]["grids_fit"] == doc["grids"]
