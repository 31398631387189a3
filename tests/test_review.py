"""`wordle review` and `wordle_cli.review` (issue 20): values against brute force and `tree build`, the sums, the cache."""

from __future__ import annotations

import json
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


def assert_matches_brute_force(review, answers, allowed, guesses, answer):
    expected = naive_review.review(answers, allowed, guesses, answer)
    assert len(review.turns) == len(expected)
    for got, want in zip(review.turns, expected):
        assert (got.before, got.after) == (want["before"], want["after"])
        assert got.expected == want["expected"]
        assert got.best == want["best"]
        assert got.cost == want["cost"]
        assert got.luck == want["luck"]
        assert got.expected_left == want["expected_left"]


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
    try:
        naive_review.review(answers, allowed or answers[:1], guesses, answer)
    except naive_review.OpenerOutOfRows:
        with pytest.raises(WordleError, match=f"^{guesses[0]} cannot win every game within 6 guesses on these lists"):
            api_review(guesses, answer, answers=answers, allowed=allowed or answers[:1], cache=False)
        return
    review = api_review(guesses, answer, answers=answers, allowed=allowed or answers[:1], cache=False)
    assert_matches_brute_force(review, answers, allowed or answers[:1], guesses, answer)
    assert review.check() == len(guesses)


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


def test_an_opener_that_cannot_keep_the_limit_is_one_line(runner, lists):
    # zzzzz shares no letter with any answer: 12 answers left for the 2 guesses after it (brute force: no tree).
    assert naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=3, first="zzzzz") == naive_tree.INF
    result = invoke(runner, ["review", *lists, "-q", "--max-guesses", "3", "--answer", "naval", "zzzzz", "naval"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "Error: zzzzz cannot win every game within 3 guesses on these lists: review with --max-guesses 4 (or 0: no limit)"
    ]
    data = review_json(runner, lists, "--max-guesses", "0", "--answer", "naval", "zzzzz", "naval")
    want = naive_review.review(ANSWERS, ALLOWED, ["zzzzz", "naval"], "naval", max_guesses=None)
    assert [Fraction(t["expected"]).limit_denominator(100) for t in data["turns"]] == [t["expected"] for t in want]
    assert data["notes"] == []


def test_a_later_turn_out_of_the_limit_is_reviewed_with_no_limit(runner, lists):
    # salet keeps 3 guesses; zzzzz second leaves two answers for the last guess: the review is redone with no limit.
    answer = next(a for a in ANSWERS if sum(naive.feedback("salet", b) == naive.feedback("salet", a) for b in ANSWERS) == 2)
    assert naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=3, first="salet") < naive_tree.INF
    guesses = ["salet", "zzzzz", answer]
    data = review_json(runner, lists, "--max-guesses", "3", "--answer", answer, *guesses)
    assert data["max_guesses"] is None and "reviewed with no limit" in data["notes"][0]
    review = api_review(guesses, answer, max_guesses=3, cache=False)
    want = naive_review.review(ANSWERS, ALLOWED, guesses, answer, max_guesses=3)
    assert [t.expected for t in review.turns] == [t["expected"] for t in want]
