"""`wordle review` and `wordle_cli.review` (issue 20): values against brute force and `tree build`, the sums, the cache."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import naive
import naive_review
import naive_tree
import pytest
from clitools import invoke, write
from hypothesis import given
from hypothesis import strategies as st

import wordle_cli
from wordle_cli.errors import WordleError
from wordle_cli.reviewer.cache import ProvenCache
from wordle_cli.reviewer.report import summary_lines, table_lines

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "zzzzz", "eerie", "qajaq", "lints", "chump", "salet", "bumph"]


@pytest.fixture(autouse=True)
def cache_dir(tmp_path, monkeypatch):
    """Every test's proven values go to its own folder, never the user's cache."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


def review_json(runner, lists, *args, input=None) -> dict:
    result = invoke(runner, ["review", *lists, "-q", "--json", *args], input=input)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def api_review(guesses, answer, answers=ANSWERS, allowed=ALLOWED, **options):
    return wordle_cli.review(guesses, answer, answers=answers, allowed=allowed, backend="cpu", **options)


def assert_matches_brute_force(review, answers, allowed, guesses, answer, max_guesses=6):
    expected = naive_review.review(answers, allowed, guesses, answer, max_guesses)
    assert len(review.turns) == len(expected)
    for got, want in zip(review.turns, expected):
        assert (got.before, got.after) == (want["before"], want["after"])
        assert got.expected == want["expected"]
        assert got.best == want["best"]
        assert got.cost == want["cost"]
        assert got.luck == want["luck"]
        assert got.expected_left == want["expected_left"]
        assert got.ties == want["ties"]  # the pools are small: always counted
        assert got.limit == want["limit"]
        assert (got.win, got.best_win, got.luck_win) == (want["win"], want["best_win"], want["luck_win"])


# ---------------------------------------------------------------- values against brute force


@pytest.mark.parametrize(
    "guesses, answer",
    [
        (["salet", "chump", "humph"], "humph"),
        (["roate", "cigar"], "cigar"),
        (["zzzzz", "qajaq", "lints", "naval"], "naval"),  # bad moves: costs
        (["sissy"], "sissy"),  # a hole in one
        (["raise", "eerie", "serve"], "serve"),
    ],
)
def test_values_equal_brute_force(guesses, answer):
    review = api_review(guesses, answer, cache=False)
    assert_matches_brute_force(review, ANSWERS, ALLOWED, guesses, answer)


@st.composite
def games(draw):
    """Tiny games over few symbols, a target and some guesses that end with it."""
    length = draw(st.integers(2, 3))
    symbols = "abcd"[: draw(st.integers(2, 4))]
    word = st.text(alphabet=symbols, min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=7, unique=True))
    allowed = draw(st.lists(word, min_size=0, max_size=6, unique=True))
    answer = draw(st.sampled_from(answers))
    guesses = draw(st.lists(st.sampled_from(sorted(set(answers) | set(allowed))), max_size=3))
    played = []
    for guess in guesses:
        played.append(guess)
        if guess == answer:
            break
    if not played or played[-1] != answer:
        played.append(answer)
    return answers, allowed, played, answer


@given(games())
def test_random_tiny_games_match_brute_force_and_add_up(game):
    answers, allowed, guesses, answer = game
    review = api_review(guesses, answer, answers=answers, allowed=allowed or answers[:1], cache=False)
    assert_matches_brute_force(review, answers, allowed or answers[:1], guesses, answer)
    assert review.check() == len(guesses)


@given(games(), st.booleans(), st.sampled_from([None, 2, 3]))
def test_true_values_read_back_from_the_cache_pass_its_checks(game, hard, max_guesses):
    """The checks on cached values (issue 29 item 3) never reject a value the search proved: a second review
    reads every value back, warns about nothing and says the same."""
    answers, allowed, guesses, answer = game
    allowed = allowed or answers[:1]
    try:
        first = api_review(guesses, answer, answers=answers, allowed=allowed, hard=hard, max_guesses=max_guesses)
    except wordle_cli.WordleError:
        return  # cannot be finished within the limit
    again = api_review(guesses, answer, answers=answers, allowed=allowed, hard=hard, max_guesses=max_guesses)
    assert not any("damaged" in note for note in again.notes), again.notes
    assert again.as_dict() == first.as_dict()


def test_the_worked_example_of_the_docs():
    # docs/review.md: three answers, crane then tough.
    review = api_review(["crane", "tough"], "tough", answers=["tough", "cough", "dough"], allowed=["crane", "tough"], cache=False)
    first, second = review.turns
    # crane splits {cough} from {tough, dough}: 3 + 1 + 3 = 7 guesses in all; tough: 3 + 3 = 6, the best.
    assert (first.expected, first.best, first.best_guess, first.cost) == (Fraction(7, 3), Fraction(2), "tough", Fraction(1, 3))
    assert first.after == 2 and first.expected_left == Fraction(5, 3) and first.luck_words == "unlucky"
    # From {tough, dough}: 1.5 expected with the best play; crane's 7/3 - 1 - 3/2 = -1/6.
    assert first.luck == Fraction(-1, 6)
    assert (second.expected, second.best, second.cost, second.luck) == (Fraction(3, 2), Fraction(3, 2), 0, Fraction(1, 2))
    assert second.luck_words == "lucky"  # the win saved the half guess {tough, dough} costs on average
    assert review.check() == 2 == review.expected_best + Fraction(1, 3) - (Fraction(-1, 6) + Fraction(1, 2))


# ---------------------------------------------------------------- against `tree build --from`


def tree_total(runner, lists, history, first=None) -> int:
    args = ["tree", "build", *lists, "-q", "--from", ",".join(f"{g}:{m}" for g, m in history)]
    if first:
        args += ["--first", first]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("total"))
    return int(line.split()[1])


def test_values_equal_tree_build_from(runner, lists):
    guesses, answer = ["zzzzz", "salet", "lints", "focal"], "focal"
    data = review_json(runner, lists, "--answer", answer, *guesses)
    history = []
    for turn in data["turns"]:
        if history:
            assert round(turn["best"] * turn["before"]) == tree_total(runner, lists, history)
            assert round(turn["expected"] * turn["before"]) == tree_total(runner, lists, history, first=turn["guess"])
        history.append((turn["guess"], turn["feedback"]))


# ---------------------------------------------------------------- the command


def test_feedback_in_any_spelling_equals_the_answer(runner, lists):
    by_answer = review_json(runner, lists, "--answer", "humph", "salet", "chump", "humph")
    assert [t["feedback"] for t in by_answer["turns"]] == ["BBBBB", "BYYYY", "GGGGG"]  # by hand: chump vs humph
    for marks in (["BBBBB", "BYYYY", "GGGGG"], ["⬛⬛⬛⬛⬛", "⬛🟨🟨🟨🟨", "🟩🟩🟩🟩🟩"], ["AAAAA", "ACCCC", "EEEEE"], ["00000", "01111", "22222"]):
        by_feedback = review_json(runner, lists, "salet", marks[0], "chump", marks[1], "humph", marks[2])
        assert by_feedback == by_answer


def test_reading_standard_input(runner, lists):
    want = review_json(runner, lists, "--answer", "humph", "salet", "chump", "humph")
    assert review_json(runner, lists, "--answer", "humph", "-", input="salet\nchump\nhumph\n") == want
    assert review_json(runner, lists, "-", input="salet BBBBB\nchump BYYYY\nhumph GGGGG\n") == want
    grid = "Wordle 1,234 3/6\n\n⬛⬛⬛⬛⬛\n⬛🟨🟨🟨🟨\n🟩🟩🟩🟩🟩\n\nsalet\nchump\nhumph\n"
    assert review_json(runner, lists, "-", input=grid) == want
    assert review_json(runner, lists, "--answer", "humph", "-", input=grid) == want


GRID = "Wordle 1,234 3/6\n\n⬛⬛⬛⬛⬛\n⬛🟨🟨🟨🟨\n🟩🟩🟩🟩🟩\n\n"
#: Every documented way to give one game (docs/review.md, "Input", and `review --help`): (arguments, standard input).
INPUT_FORMS = {
    "answer": (["--answer", "humph", "salet", "chump", "humph"], None),
    "byg": (["salet", "BBBBB", "chump", "BYYYY", "humph", "GGGGG"], None),
    "ace": (["salet", "AAAAA", "chump", "ACCCC", "humph", "EEEEE"], None),
    "digits": (["salet", "00000", "chump", "01111", "humph", "22222"], None),
    "emoji": (["salet", "⬛⬛⬛⬛⬛", "chump", "⬛🟨🟨🟨🟨", "humph", "🟩🟩🟩🟩🟩"], None),
    "stdin-guesses": (["--answer", "humph", "-"], "salet\nchump\nhumph\n"),
    "stdin-pairs": (["-"], "salet BBBBB\nchump BYYYY\nhumph GGGGG\n"),
    "stdin-grid": (["-"], GRID + "salet\nchump\nhumph\n"),
    "stdin-grid-answer": (["--answer", "humph", "-"], GRID + "salet\nchump\nhumph\n"),
}
#: The same for an unfinished game: the last guess without its feedback.
UNFINISHED_FORMS = {
    "pairs": (["salet", "BBBBB", "chump"], None),
    "stdin-pairs": (["-"], "salet BBBBB\nchump\n"),
    "stdin-grid": (["-"], "⬛⬛⬛⬛⬛\nsalet\nchump\n"),
}


@pytest.mark.parametrize("forms", [INPUT_FORMS, UNFINISHED_FORMS], ids=["finished", "unfinished"])
def test_every_input_form_gives_the_same_table_and_json(runner, lists, forms):
    """Issue 29 item 9: each documented form, as a table and as JSON, is the same review (a grid with --answer
    failed only as a table: a loop variable shadowed --tiles)."""
    outputs = {}
    for name, (args, stdin) in forms.items():
        table = invoke(runner, ["review", *lists, "-q", "--tiles", "byg", *args], input=stdin)
        data = invoke(runner, ["review", *lists, "-q", "--json", *args], input=stdin)
        assert table.exit_code == 0 and data.exit_code == 0, (name, table.stderr, data.stderr)
        outputs[name] = (table.stdout, json.loads(data.stdout))
    first = next(iter(outputs.values()))
    assert "adds up" in first[0] or "so far" in first[0]
    for name, output in outputs.items():
        assert output == first, name


#: Grids as players paste them, which `infer` reads (issue 29 item 14): joiners, spaces, remarks after a row.
PASTED_GRIDS = {
    "zero-width-joiners": "Wordle 1,234 3/6\n\n⬛\u200d⬛\u200d⬛\u200d⬛\u200d⬛\n⬛\u200d🟨🟨🟨🟨\n🟩🟩🟩🟩🟩\u200b\n",
    "spaces": "Wordle 1,234 3/6\n⬛ ⬛ ⬛ ⬛ ⬛\n⬛ 🟨 🟨 🟨 🟨\n 🟩 🟩 🟩 🟩 🟩 \n",
    "remarks": "Wordle 1,234 3/6*\n\n⬛⬛⬛⬛⬛ ouch\n⬛🟨🟨🟨🟨 close!\n🟩🟩🟩🟩🟩🎉\n",
    "bare-header": "Wordle 3/6\n⬛️⬛️⬛️⬛️⬛️\n⬛️🟨️🟨️🟨️🟨️\n🟩️🟩️🟩️🟩️🟩️\n",
}


@pytest.mark.parametrize("grid", list(PASTED_GRIDS))
def test_review_reads_grids_as_infer_does(runner, lists, grid):
    """One grid reader (infer's posts module) for `review -` and `infer`: what one reads, the other reads too."""
    from wordle_cli.infer.posts import read_posts

    text = PASTED_GRIDS[grid]
    assert read_posts(text, 5).grids[0].rows == ((0,) * 5, (0, 1, 1, 1, 1), (2,) * 5)
    hard = ["--hard"] if "3/6*" in text else []  # a header marking hard mode: reviewed in hard mode (issue 35)
    want = review_json(runner, lists, *hard, "--answer", "humph", "salet", "chump", "humph")
    assert review_json(runner, lists, "-", input=text + "salet\nchump\nhumph\n") == want


@pytest.mark.parametrize("feedback", ["BYBBB", "bybbb", "⬛🟨⬛⬛⬛", "01000"])
def test_feedback_given_with_the_answer_is_refused_with_a_hint(runner, lists, feedback):
    """Issue 29 item 13: with --answer every word is a guess; one that is no word but reads as feedback is a mistake."""
    result = invoke(runner, ["review", *lists, "-q", "--answer", "cigar", "salet", feedback, "cigar"])
    assert result.exit_code == 2 and result.stdout == ""
    last = result.stderr.strip().splitlines()[-1]
    assert f"{feedback!r} after 'salet' reads as feedback" in last and "--answer" in last
    # A word of the lists is a guess, whatever it looks like; the feedback form needs no hint.
    assert review_json(runner, lists, "salet", feedback, "cigar")["turns"][0]["feedback"] == "BYBBB"


def test_help_says_where_the_cache_lives(runner, monkeypatch, tmp_path):
    """Issue 29 item 16: `review --help` names the cache folder (here WORDLE_CACHE_DIR's), and how to choose another."""
    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path / "my-cache"))
    text = "".join(invoke(runner, ["review", "--help"]).stdout.split())  # a long path may be wrapped
    assert str(tmp_path / "my-cache") in text and "$WORDLE_CACHE_DIR" in text


def test_an_unfinished_last_guess(runner, lists):
    data = review_json(runner, lists, "salet", "BBBBB", "chump")
    last = data["turns"][-1]
    assert last["feedback"] is None and last["luck"] is None and last["after"] is None
    assert not data["solved"] and data["remaining"] is None


def test_an_unsolved_game_expects_what_remains(runner, lists):
    data = review_json(runner, lists, "salet", "BBBBB")
    pool = [a for a in ANSWERS if naive.feedback("salet", a) == (0,) * 5]
    assert data["remaining"] == pytest.approx(naive_review._total(pool, ALLOWED, 5) / len(pool))


def test_the_table_and_summary(runner, lists):
    result = invoke(runner, ["review", *lists, "-q", "--tiles", "byg", "--answer", "naval", "zzzzz", "qajaq", "naval"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["turn", "guess", "feedback", "answers", "(exp.)", "expected", "best", "best", "guess", "cost", "luck"]
    assert lines[1].split()[:4] == ["1", "zzzzz", "BBBBB", "12"]
    assert any(line.startswith("guesses    3") for line in lines)
    assert any(line.startswith("adds up") and line.endswith("= 3.0000") for line in lines)
    assert lines[-1].startswith("values     proven optimal")


def test_greedy_strategies_are_labelled_not_proven(runner, lists):
    optimal = review_json(runner, lists, "--answer", "humph", "salet", "chump", "humph")
    for strategy in ("expected", "entropy"):
        data = review_json(runner, lists, "--strategy", strategy, "--answer", "humph", "salet", "chump", "humph")
        assert data["proven"] is False and data["strategy"] == strategy
        for greedy, best in zip(data["turns"], optimal["turns"]):
            assert greedy["best"] >= best["best"] - 1e-12  # no strategy beats the proven optimum
        result = invoke(runner, ["review", *lists, "-q", "--strategy", strategy, "--answer", "humph", "salet", "chump", "humph"])
        assert "not proven" in result.stdout
    review = api_review(["salet", "chump", "humph"], "humph", strategy="expected")
    assert review.check() == 3


def test_hard_mode_says_when_a_guess_broke_the_rules(runner, lists):
    # salet finds serve's S in place (green); zzzzz does not keep it.
    args = ["--hard", "--answer", "serve", "salet", "zzzzz", "serve"]
    data = review_json(runner, lists, *args)
    assert data["hard"] is True
    assert [t["hard_violation"] is not None for t in data["turns"]] == [False, True, False]
    text = invoke(runner, ["review", *lists, "-q", *args]).stdout
    assert "turn 2: zzzzz broke the rules (1st letter must be S)" in text
    assert api_review(["salet", "zzzzz", "serve"], "serve", hard=True, cache=False).check() == 3


@pytest.mark.parametrize(
    "args, status, message",
    [
        (["salet", "GGGGG", "cigar"], 2, "won at turn 1"),
        (["salet", "BBBBQ"], 2, "not a feedback string"),
        (["--answer", "zzzzz", "salet"], 2, "not one of the 12 answers"),
        (["--answer", "cigar", "toolong"], 2, "has length 7"),
        (["salet", "GGGGB"], 1, "no possible answer gives"),
        (["--strategy", "minimax", "salet"], 2, "minimax"),
    ],
)
def test_errors_are_one_line(runner, lists, args, status, message):
    result = invoke(runner, ["review", *lists, "-q", *args])
    assert result.exit_code == status, (result.stdout, result.stderr)
    assert message in result.stderr.strip().splitlines()[-1]


# ---------------------------------------------------------------- impossible games (issue 29, items 1 and 7)


def _pool_after(rows):
    """The answers of ANSWERS consistent with every (guess, tiles) row, by the naive feedback."""
    return [a for a in ANSWERS if all(naive.feedback(g, a) == t for g, t in rows)]


@pytest.mark.parametrize(
    "turns, impossible",
    [
        # salet BBBBB leaves {humph}: a win with salet contradicts it (the final all-green row is checked too).
        (["salet", "BBBBB", "salet", "GGGGG"], 2),
        (["salet", "BBBBB", "chump", "GGGGG"], 2),
        # chump gets BYYYY from humph, so BBBBB leaves nothing; humph's win after it is never reached.
        (["salet", "BBBBB", "chump", "BBBBB", "humph", "GGGGG"], 2),
        (["eerie", "GYGGG"], 1),  # no answer at all gives it (issue 29 item 7: found only after the whole proof)
        (["salet", "BBBBB", "chump", "BYYYY", "cigar"], None),  # an unfinished last guess needs no feedback: fine
    ],
)
def test_a_game_no_answer_can_produce_is_refused_before_any_proof(runner, lists, monkeypatch, turns, impossible):
    from wordle_cli.trees.builder import Problem

    rows = [(g, tuple("BYG".index(c) for c in f)) for g, f in zip(turns[0::2], turns[1::2])]
    assert (impossible is None) == bool(_pool_after(rows)), "the case itself is wrong"
    if impossible is None:
        assert review_json(runner, lists, *turns)["turns"][-1]["guess"] == "cigar"
        return
    first_empty = next(i for i in range(1, len(rows) + 1) if not _pool_after(rows[:i]))
    assert first_empty == impossible

    def no_proof(*args, **kwargs):
        raise AssertionError("a proof started before the game was checked")

    for name in ("value", "build", "opener_value"):
        monkeypatch.setattr(Problem, name, no_proof)
    for json_flag in ([], ["--json"]):
        result = invoke(runner, ["review", *lists, "-q", *json_flag, *turns])
        assert result.exit_code == 1, (result.stdout, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and result.stdout == ""
        guess, tiles = rows[impossible - 1]
        assert lines[0].startswith(f"Error: turn {impossible}: no possible answer gives {''.join('BYG'[t] for t in tiles)} for {guess!r}")
        left = _pool_after(rows[: impossible - 1])
        if impossible > 1:
            assert ", ".join(left) in lines[0]  # what the turns before it left
    with pytest.raises(wordle_cli.WordleError, match=f"turn {impossible}: no possible answer"):
        wordle_cli.review(turns[0::2], feedback=turns[1::2], answers=ANSWERS, allowed=ALLOWED, backend="cpu", cache=False)


# ---------------------------------------------------------------- the cache


def entries(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def test_the_cache_is_written_and_reused(runner, lists, cache_dir):
    first = review_json(runner, lists, "--answer", "focal", "zzzzz", "lints", "focal")
    stored = entries(cache_dir)
    assert stored, "proven values are kept"
    assert review_json(runner, lists, "--answer", "focal", "zzzzz", "lints", "focal") == first
    # Damaged entries are ignored (a warning says so) and rewritten; the values stay right.
    for i, path in enumerate(stored):
        if i % 2:
            data = json.loads(path.read_text(encoding="utf-8"))
            data["total"] += 1  # a wrong value: its checksum no longer matches
            path.write_text(json.dumps(data), encoding="utf-8")
        else:
            path.write_text("{not json", encoding="utf-8")
    args = ["review", *lists, "--json", "--answer", "focal", "zzzzz", "lints", "focal"]
    result = invoke(runner, args)
    again = json.loads(result.stdout)
    assert any("ignored damaged cache entry" in note for note in again.pop("notes"))
    assert again == {k: v for k, v in first.items() if k != "notes"}
    assert "ignored damaged cache entry" in result.stderr
    # What the review read was rewritten: a third run finds nothing damaged.
    third = invoke(runner, args)
    assert json.loads(third.stdout) == first and "damaged" not in third.stderr


def _claim(data: dict, how: str) -> int | None:
    """A total no position of the entry's pool can have, by `how`; None if the entry does not lend itself to it.

    The key starts `guesses left|answers|...`; the best guess (or the played one) splits the pool into
    classes, each needing at most s(s+1)/2 more guesses (its answers in turn), and at most s x the guesses left.
    """
    left, n = (int(x) for x in data["key"].split("|")[:2])
    if how == "zero":
        return 0
    if how == "below-least":  # every answer but one needs two guesses
        return 2 * n - 2
    if how == "beyond-the-rows":  # every answer within the guesses left
        return n * left + 1
    if how == "beyond-the-partition":
        pool = _pool_of(data["key"])
        if pool is None:
            return None
        classes = {}
        for answer in pool:
            classes.setdefault(naive.feedback(data["best"], answer), []).append(answer)
        total = n + sum(len(c) * (len(c) + 1) // 2 for tiles, c in classes.items() if tiles != (2,) * 5) + 1
        return total if total <= n * left else None  # only the partition shows it impossible
    raise AssertionError(how)


def _pool_of(key: str):
    """The pool a key names, when it is one of the few pools this game's reviews reach (else None)."""
    import hashlib

    import numpy as np

    digest = key.split("|")[2]
    for guess in [*ALLOWED, *ANSWERS]:
        for answer in ANSWERS:
            tiles = naive.feedback(guess, answer)
            pool = [i for i, a in enumerate(ANSWERS) if naive.feedback(guess, a) == tiles]
            for candidate in (pool, list(range(len(ANSWERS)))):
                if hashlib.sha256(np.array(candidate, dtype=np.int32).tobytes()).hexdigest() == digest:
                    return [ANSWERS[i] for i in candidate]
    return None


@pytest.mark.parametrize("how", ["zero", "below-least", "beyond-the-rows", "beyond-the-partition"])
def test_a_cached_value_no_pool_allows_is_damage(runner, lists, cache_dir, how):
    """Issue 29 item 3: an entry's checksum anyone can recompute; its value must still be possible for its pool."""
    from wordle_cli.reviewer.cache import MORE, _checksum

    args = ["review", *lists, "--json", "--answer", "focal", "zzzzz", "lints", "focal"]
    first = json.loads(invoke(runner, args).stdout)
    edited = 0
    for path in entries(cache_dir):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["best"] == "review":  # the whole review, kept too (`reviewer.repeat`): without it the positions are read
            path.unlink()
            continue
        if data["best"] == "ties" or "|" in data["key"].split("|", 3)[-1]:  # ties, a guess's classes: not a position's value
            continue
        total = _claim(data, how)
        if total is None:
            continue
        data.update(total=total, check=_checksum(data["key"], total, data["best"], data.get("lower"), **{k: data.get(k) for k in MORE}))
        path.write_text(json.dumps(data), encoding="utf-8")
        edited += 1
    assert edited
    result = invoke(runner, args)
    again = json.loads(result.stdout)
    notes = again.pop("notes")
    assert notes and all("ignored damaged cache entry" in note for note in notes), notes
    assert again == {k: v for k, v in first.items() if k != "notes"}  # recomputed, not trusted
    third = invoke(runner, args)  # and rewritten
    assert json.loads(third.stdout) == first and "damaged" not in third.stderr


def test_no_cache_writes_nothing(runner, lists, cache_dir):
    review_json(runner, lists, "--no-cache", "--answer", "focal", "zzzzz", "lints", "focal")
    assert entries(cache_dir) == []


def test_cache_entries_are_keyed_by_lists_mode_and_limit(tmp_path):
    a = ProvenCache("digest", False, 6, tmp_path)
    a.put("key", 10, "salet")
    assert a.get("key") == (10, "salet")
    assert ProvenCache("digest", True, 6, tmp_path).get("key") is None
    assert ProvenCache("digest", False, None, tmp_path).get("key") is None
    assert ProvenCache("other", False, 6, tmp_path).get("key") is None


# ---------------------------------------------------------------- play and solve offer it


def test_play_reviews_the_game_so_far(runner, lists):
    result = invoke(runner, ["play", *lists, "--batch", "--first", "salet"], input="BBBBB\nreview\n")
    assert result.exit_code == 0, result.stderr
    assert "turn  guess" in result.stderr and "values     proven optimal" in result.stderr


def test_solve_review(runner, lists):
    result = invoke(runner, ["solve", *lists, "-q", "--review", "humph"])
    assert result.exit_code == 0, result.stderr
    assert "adds up" in result.stdout and "proven optimal" in result.stdout


def test_the_api_is_at_the_top_level():
    assert wordle_cli.review is wordle_cli.api.review
    assert "review" in wordle_cli.__all__


def test_a_cache_that_cannot_be_written_is_noted_once_and_left_for_the_run(tmp_path):
    """Issue 29 item 12: the first failure to write ends the writing (one note, not one per entry)."""
    (tmp_path / "root").write_text("a file where the cache folder's parent should be\n")
    cache = ProvenCache("digest", False, 6, tmp_path / "root")
    for i in range(5):
        cache.put(f"key {i}", 10 + i, "salet")
    assert len(cache.problems) == 1 and "neither reading nor writing it in this run" in cache.problems[0]  # no folder
    (tmp_path / "root").unlink()  # the cause goes away: this run still writes nothing
    cache.put("key 9", 19, "salet")
    assert not (tmp_path / "root").exists() and len(cache.problems) == 1
    assert ProvenCache("digest", False, 6, tmp_path / "root").get("key 0") is None


def test_an_entry_is_never_written_through_a_link(tmp_path):
    """Issue 29 item 4: a link at an entry's name is neither followed nor replaced; its target keeps its content."""
    cache = ProvenCache("digest", False, 6, tmp_path)
    cache.put("key", 10, "salet")
    entry = next(tmp_path.rglob("*.json"))
    entry.unlink()
    target = tmp_path / "target.txt"
    target.write_text("someone else's file\n")
    entry.symlink_to(target)
    fresh = ProvenCache("digest", False, 6, tmp_path)
    assert fresh.get("key") is None and "a symbolic link" in fresh.problems[0]
    fresh.put("key", 10, "salet")
    assert target.read_text() == "someone else's file\n" and entry.is_symlink() and len(fresh.problems) == 1


def _write_many(folder: str) -> None:
    cache = ProvenCache("digest", False, 6, Path(folder))
    for _ in range(40):
        cache.put("key", 123, "salet")
    assert cache.problems == []


def test_concurrent_writers_never_leave_a_damaged_entry(tmp_path):
    import multiprocessing

    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=_write_many, args=(str(tmp_path),)) for _ in range(3)]
    for writer in writers:
        writer.start()
    reader = ProvenCache("digest", False, 6, tmp_path)
    seen = set()
    while any(w.is_alive() for w in writers):
        seen.add(reader.get("key"))
    for writer in writers:
        writer.join()
        assert writer.exitcode == 0
    seen.add(reader.get("key"))
    assert seen <= {None, (123, "salet")} and (123, "salet") in seen
    assert reader.problems == []


# ---------------------------------------------------------------- the guess limit


def test_an_opener_that_cannot_keep_the_limit_is_graded_by_its_chance_to_win(runner, lists):
    """It was graded under a larger limit (7 guesses of 6, issue 35), or refused under the user's (issue 36); issue 49:
    under the game's own limit, its chance to win first."""
    # zzzzz shares no letter with any answer: 12 answers left for the 2 guesses after it (brute force: no tree).
    assert naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=3, first="zzzzz") == naive_tree.INF
    result = invoke(runner, ["review", *lists, "-q", "--max-guesses", "3", "--answer", "naval", "zzzzz", "naval"])
    assert result.exit_code == 0 and result.stderr == ""
    review = api_review(["zzzzz", "naval"], "naval", max_guesses=3, cache=False)
    assert_matches_brute_force(review, ANSWERS, ALLOWED, ["zzzzz", "naval"], "naval", max_guesses=3)
    first = review.turns[0]
    assert first.limit == 3 and first.win < 1 == first.best_win and first.cost_win == 1 - first.win and review.notes == []
    assert review.check_win() == 1 and review.check() == 2 and review.chance
    data = review_json(runner, lists, "--max-guesses", "3", "--answer", "naval", "zzzzz", "naval")
    assert data["turns_win"][0]["win"] == float(first.win) and data["lost"] is False
    data = review_json(runner, lists, "--max-guesses", "unlimited", "--answer", "naval", "zzzzz", "naval")
    want = naive_review.review(ANSWERS, ALLOWED, ["zzzzz", "naval"], "naval", max_guesses=None)
    assert [Fraction(t["expected"]).limit_denominator(100) for t in data["turns"]] == [t["expected"] for t in want]
    assert data["notes"] == [] and "turns_win" not in data  # a sure game's JSON, as it always was


def test_a_weak_move_later_changes_nothing_before_it(runner, lists):
    # salet keeps 3 guesses; zzzzz second leaves two answers for the last guess: from turn 2 on, the chance to win.
    answer = next(a for a in ANSWERS if sum(naive.feedback("salet", b) == naive.feedback("salet", a) for b in ANSWERS) == 2)
    assert naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=3, first="salet") < naive_tree.INF
    guesses = ["salet", "zzzzz", answer]
    result = invoke(runner, ["review", *lists, "-q", "--max-guesses", "3", "--answer", answer, *guesses])
    assert result.exit_code == 0
    review = api_review(guesses, answer, max_guesses=3, cache=False)
    assert review.max_guesses == 3 and [t.limit for t in review.turns] == [3, 3, 3] and review.notes == []
    assert_matches_brute_force(review, ANSWERS, ALLOWED, guesses, answer, max_guesses=3)
    assert review.check() == len(guesses) and review.check_win() == 1
    # zzzzz wastes a guess: 2 answers for the one left, a chance in 2 (salet then either answer: sure).
    assert [t.win for t in review.turns] == [1, Fraction(1, 2), Fraction(1, 2)] and review.turns[1].cost_win == Fraction(1, 2)
    # Turn 1 is graded as in a game without the weak move.
    alone = api_review(["salet", answer], answer, max_guesses=3, cache=False)
    first, first_alone = review.turns[0], alone.turns[0]
    assert (first.expected, first.best, first.cost) == (first_alone.expected, first_alone.best, first_alone.cost)


# ---------------------------------------------------------------- games longer than their rows (issue 36, items 3 and 4)


@pytest.mark.parametrize("limit", [[], ["--max-guesses", "6"], ["--strategy", "entropy"]])
def test_a_game_longer_than_its_rows_is_refused_naming_the_limit(runner, lists, limit):
    """8 rows were reviewed "with no guess limit", the user's --max-guesses 6 overridden."""
    guesses = ["zzzzz"] * 7 + ["naval"]
    result = invoke(runner, ["review", *lists, *limit, "--answer", "naval", *guesses])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "Error: the game has 8 guesses, more than its 6 rows (--max-guesses 6); give --max-guesses unlimited to review it with no limit"
    ]
    assert review_json(runner, lists, "--max-guesses", "unlimited", "--answer", "naval", *guesses)["guesses"] == 8
    with pytest.raises(WordleError, match="8 guesses, more than its 6 rows"):
        api_review(guesses, "naval", cache=False)


def test_a_grid_with_more_rows_than_its_header_is_refused(runner, lists):
    """A grid headed X/6 that wins on row 7 was accepted."""
    rows = "⬛⬛⬛⬛⬛\n" * 6 + "🟩🟩🟩🟩🟩\n"
    grid = f"Wordle 1,234 X/6\n{rows}" + "zzzzz\n" * 6 + "naval\n"
    result = invoke(runner, ["review", *lists, "--max-guesses", "unlimited", "-"], input=grid)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["Error: <stdin> line 8: row 7 of a grid headed X/6, which has at most 6 rows"]


def test_a_limit_the_user_gives_is_kept_and_graded_by_the_chance_to_win(runner, lists):
    """With --max-guesses given, a turn out of its sure reach was refused; with the default, reviewed under a larger
    limit (a note). Both are graded under their own limit now, the chance to win first (issue 49)."""
    answer = next(a for a in ANSWERS if sum(naive.feedback("salet", b) == naive.feedback("salet", a) for b in ANSWERS) == 2)
    guesses = ["salet", "zzzzz", answer]  # zzzzz second leaves two answers for the last of 3 guesses
    data = review_json(runner, lists, "--max-guesses", "3", "--answer", answer, *guesses)
    assert data["max_guesses"] == 3 and data["notes"] == [] and [t["max_guesses"] for t in data["turns"]] == [3, 3, 3]
    five = ["zzzzz"] * 5 + [answer]  # 6 rows, the default limit: after five zzzzz, 12 answers for 1 guess
    data = review_json(runner, lists, "--answer", answer, *five)
    assert data["max_guesses"] == 6 and data["notes"] == [] and data["solved"]
    assert data["turns_win"][-1]["win"] == pytest.approx(1 / 12) and data["turns_win"][-1]["luck_win"] == pytest.approx(11 / 12)
    assert_matches_brute_force(api_review(five, answer, cache=False), ANSWERS, ALLOWED, five, answer)


class Endless(io.RawIOBase):
    """`yes LINE | head -c CAP` as a stream, counting the bytes read from it."""

    def __init__(self, line: bytes, cap: int):
        self.line, self.data, self.cap, self.read_bytes = line, line * (65536 // len(line) + 2), cap, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), len(self.data) - len(self.line), self.cap - self.read_bytes)
        start = self.read_bytes % len(self.line)
        buffer[:n] = self.data[start : start + n]
        self.read_bytes += n
        return n


@pytest.mark.parametrize("limit, line", [([], 7), (["--max-guesses", "4"], 5), (["--max-guesses", "unlimited"], 101)])
def test_standard_input_is_read_only_as_far_as_the_rows_go(runner, lists, limit, line):
    """`yes 'salet BYBBB' | head -n 4000000 | wordle review -q -` reached 1.12 GB: reading stops past the rows."""
    from wordle_cli.config import READ_CHUNK_BYTES

    stream = Endless(b"salet BBBBB\n", 8 << 20)
    result = invoke(runner, ["review", *lists, "-q", *limit, "-"], input=io.BufferedReader(stream))
    assert result.exit_code == 2 and result.stdout == ""
    (message,) = result.stderr.splitlines()
    assert message.startswith(f"Error: <stdin> line {line}: more than ") and message.endswith("; stopped reading")
    assert stream.read_bytes <= 2 * READ_CHUNK_BYTES  # of 8 MiB


# ---------------------------------------------------------------- hard mode from the grid (issue 35)

HARD_GRID = "Wordle 1,620 3/6*\n\n⬛⬛⬛⬛⬛\n⬛🟨🟨🟨🟨\n🟩🟩🟩🟩🟩\n\nsalet\nchump\nhumph\n"


def test_a_grid_marked_hard_is_reviewed_in_hard_mode(runner, lists):
    got = review_json(runner, lists, "-", input=HARD_GRID)
    assert got["hard"] is True
    assert got == review_json(runner, lists, "--hard", "--answer", "humph", "salet", "chump", "humph")
    assert got != review_json(runner, lists, "--answer", "humph", "salet", "chump", "humph")


def test_no_hard_overrides_the_grid(runner, lists):
    got = review_json(runner, lists, "--no-hard", "-", input=HARD_GRID)
    assert got["hard"] is False
    assert got == review_json(runner, lists, "--answer", "humph", "salet", "chump", "humph")
    plain = HARD_GRID.replace("3/6*", "3/6")
    assert review_json(runner, lists, "--hard", "-", input=plain)["hard"] is True


def test_a_grid_marked_hard_that_breaks_the_rules_is_refused_naming_the_row(runner, lists):
    # After chump's ⬛🟨🟨🟨🟨, hard mode needs h, u, m and p in the next guess: salet has none of them.
    grid = "Wordle 1,620 4/6*\n\n⬛⬛⬛⬛⬛\n⬛🟨🟨🟨🟨\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n\nsalet\nchump\nraise\nhumph\n"
    result = invoke(runner, ["review", *lists, "-q", "-"], input=grid)
    assert result.exit_code == 2 and result.stdout == ""
    line = result.stderr.strip().splitlines()[-1]
    assert "turn 3" in line and "raise" in line and "--no-hard" in line
    assert review_json(runner, lists, "--no-hard", "-", input=grid)["hard"] is False


def test_ties_are_kept_with_the_cached_values(runner, lists, monkeypatch):
    """Issue 35: a repeated review reads the ties back with the values (counting them was most of a repeat's time)."""
    from wordle_cli.trees.builder import Problem

    args = ["--answer", "focal", "salet", "chump", "focal"]
    first = review_json(runner, lists, *args)
    assert any(t["ties"] for t in first["turns"])

    def counted(*args, **kwargs):
        raise AssertionError("ties counted again")

    monkeypatch.setattr(Problem, "opener_value", counted)
    assert review_json(runner, lists, *args) == first


# ---------------------------------------------------------------- long lines on a terminal (issue 49, item 10)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_summary_is_wrapped_at_word_boundaries_on_a_terminal(monkeypatch):
    """The values line ran past the terminal's edge, which broke it mid-word (`the p` / `roof`)."""
    from wordle_cli.cli.review import hanging, print_review
    from wordle_cli.colour import display_width

    review = api_review(["salet", "zzzzz", "naval"], "naval", cache=False)
    lines = list(summary_lines(review))
    values = next(line for line in lines if line.startswith("values"))
    assert len(values) > 50
    for columns in (23, 30, 47):
        wrapped = hanging(values, columns).split("\n")
        assert len(wrapped) > 1 and all(display_width(line) <= columns for line in wrapped)
        assert wrapped[0].startswith("values     ") and all(line.startswith(" " * 11) and line[11] != " " for line in wrapped[1:])
        assert " ".join(line.strip() for line in wrapped).split() == values.split()  # whole words, in order
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setenv("COLUMNS", "41")
    print_review(review, "letters", False)
    shown = terminal.getvalue().splitlines()
    assert [line for line in shown if line.startswith("turn")] == [next(table_lines(review, "letters"))]  # the table: whole rows
    summary = shown[len(review.turns) + 1 :]
    assert all(display_width(line) <= 40 for line in summary) and len(summary) > len(lines)
    assert " ".join(summary).split() == " ".join(lines).split()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stdout", piped)
    print_review(review, "letters", False)
    assert piped.getvalue().splitlines()[len(review.turns) + 1 :] == lines  # a pipe gets each line whole


# ---------------------------------------------------------------- a game the limit binds (issue 49, item 3)


JAZZY = ["jazzy", "dizzy", "tizzy"]
WASTED = ["xylyl", "mummy", "puppy", "fuzzy"]  # each gives the three answers alike: a guess spent, nothing learnt


def test_a_lost_game_is_graded_under_its_own_limit(runner, tmp_path):
    """The issue's game on lists it needs: it was graded as if a 7th guess existed (dizzy, sure to win in the two
    guesses left, +0.846 against jazzy) and summed up as `7.0000 expected in all`. By hand (each answer weighs 1):
    - turns 1-4, 6 to 3 guesses left: dizzy (or tizzy) tells the three apart, 1 + 2 + 2 = 5 guesses: best 5/3; a
      wasted guess, then the same: 3 + 5 = 8, 8/3; cost 1; the outcome was sure: luck 8/3 - 1 - 5/3 = 0;
    - turn 5, 2 left: dizzy is best (5/3, a sure win; jazzy would win 2 in 3: 1 + 2 + 3, a loss counted 7 = 6th + 1);
      it left jazzy: 1 guess to go, luck 5/3 - 1 - 1 = -1/3;
    - turn 6, 1 left, jazzy the only answer: tizzy cannot win (2 guesses: the 6th and the loss's one more, 0% win),
      jazzy would (1): its cost is the whole chance, -100% win; lost either way after it: luck 0 in chance, and
      2 - 1 - 1 = 0 in guesses;
    - adds up in chance: 100% (the best opener's) - costs 100% + luck 0% = 0%: lost.
    """
    lists = ["--answers", write(tmp_path / "answers.txt", JAZZY), "--allowed", write(tmp_path / "allowed.txt", WASTED)]
    result = invoke(runner, ["review", *lists, "--tiles", "byg", "-q", "--answer", "jazzy", *WASTED, "dizzy", "tizzy"])
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "turn  guess  feedback  answers (exp.)           expected    best  best guess         cost  luck",
        "   1  xylyl  BYBBB     3 → 3 (3)       2.6667             1.6667  dizzy (+1)    +1.000      0     average",
        "   2  mummy  BBBBG     3 → 3 (3)       2.6667             1.6667  dizzy (+1)    +1.000      0     average",
        "   3  puppy  BBBBG     3 → 3 (3)       2.6667             1.6667  dizzy (+1)    +1.000      0     average",
        "   4  fuzzy  BBGGG     3 → 3 (3)       2.6667             1.6667  dizzy (+1)    +1.000      0     average",
        "   5  dizzy  BBGGG     3 → 1 (1)       1.6667             1.6667  dizzy (+1)     0         -0.333 unlucky",
        "   6  tizzy  BBGGG     1 → 1 (1)       2.0000 (0.0% win)  1.0000  jazzy       -100.0% win   0     average",
        "guesses    6: lost, not solved within 6 guesses (counted as 7)",
        "expected   2.6667 playing xylyl first; 1.6667 with the best opener, dizzy",
        "adds up    win 100.0% with the best opener - costs 100.0% + luck 0.0% = 0.0% (lost)",
        "values     proven optimal (every answer within 6 guesses where that can be sure; elsewhere the best chance to "
        "win within them, then the fewest guesses, a loss counted as 7)",
    ]
    review = api_review([*WASTED, "dizzy", "tizzy"], "jazzy", answers=JAZZY, allowed=WASTED, cache=False)
    assert review.lost and review.check() == 7 and review.check_win() == 0 and review.remaining == 1
    data = review.as_dict()
    assert data["lost"] is True and data["remaining_win"] == 0.0 and data["turns_win"][-1] == {
        "win": 0.0, "best_win": 1.0, "cost_win": 1.0, "luck_win": 0.0
    }


def test_a_risky_guess_costs_its_chance_to_win(runner, tmp_path):
    """jazzy at turn 5 instead: it wins at once, or leaves dizzy and tizzy for the last guess: a chance in 2 there,
    2 in 3 in all (1 + 2 + 3 guesses, the loss counted 7: 6/3 = 2); dizzy was sure (5/3). Its cost is the chance,
    -1/3; its outcome (one guess, two answers) took another 1/6 (2/3 to 1/2); dizzy then won: +1/2."""
    lists = ["--answers", write(tmp_path / "answers.txt", JAZZY), "--allowed", write(tmp_path / "allowed.txt", WASTED)]
    result = invoke(runner, ["review", *lists, "--tiles", "byg", "-q", "--answer", "dizzy", *WASTED, "jazzy", "dizzy"])
    assert result.exit_code == 0 and result.stdout.splitlines()[5:] == [
        "   5  jazzy  BBGGG     3 → 2 (1.67)    2.0000 (66.7% win)  1.6667              dizzy (+1)  -33.3% win  -16.7% win unlucky",
        "   6  dizzy  GGGGG     2 → 1 (1)       1.5000 (50.0% win)  1.5000 (50.0% win)  dizzy         0         +50.0% win lucky",
        "guesses    6",
        "expected   2.6667 playing xylyl first; 1.6667 with the best opener, dizzy",
        "adds up    win 100.0% with the best opener - costs 33.3% + luck 33.3% = 100.0% (won)",
        "values     proven optimal (every answer within 6 guesses where that can be sure; elsewhere the best chance to "
        "win within them, then the fewest guesses, a loss counted as 7)",
    ]


@pytest.mark.slow  # the fast tests above check the same on lists of their own
def test_the_issues_game_on_todays_lists(runner, monkeypatch):
    """`wordle review --answer jazzy xylyl mummy puppy fuzzy dizzy tizzy` on the shipped lists (2026-06-01's prior)."""
    monkeypatch.setenv("WORDLE_DATE", "2026-06-01")
    result = invoke(runner, ["review", "-q", "--tiles", "byg", "--answer", "jazzy", "xylyl", "mummy", "puppy", "fuzzy",
                             "dizzy", "tizzy"])
    assert result.exit_code == 0
    rows = result.stdout.splitlines()
    assert rows[5].split()[1:6] == ["dizzy", "BBGGG", "3", "→", "1"] and rows[5].split()[9:11] == ["dizzy", "0"]
    assert "(0.0% win)" in rows[6] and "-100.0% win" in rows[6]
    assert rows[7] == "guesses    6: lost, not solved within 6 guesses (counted as 7)"
    assert "7.0000" not in result.stdout and "graded under" not in result.stderr


def test_an_unfinished_game_gives_its_chance_to_win_from_here():
    """jazzy at turn 5 left dizzy and tizzy for the last guess: 1.5 guesses to go (the loss counted as the 7th), a
    chance in 2."""
    review = api_review([*WASTED, "jazzy"], "dizzy", answers=JAZZY, allowed=WASTED, cache=False)
    assert not review.solved and not review.lost and (review.remaining, review.remaining_win) == (Fraction(3, 2), Fraction(1, 2))
    assert review.check() == 5 + Fraction(3, 2) and review.check_win() == Fraction(1, 2)
    assert list(summary_lines(review))[0] == "guesses    5 so far, 6.5000 expected in all with the best play from here, 50.0% to win"
