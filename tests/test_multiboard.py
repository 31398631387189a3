"""Multi-board games (issue #12): the strategies and whole games against brute force, and the CLI."""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path

import naive
import naive_games
import numpy as np
import pytest
from clitools import invoke, write
from hypothesis import given
from hypothesis import strategies as st
from strategies import game as games

from wordle_cli.games.multiboard import MultiSolver, draw_targets, least_expected, simulate, turn_limit
from wordle_cli.model.feedback import show
from wordle_cli.model.game import Game

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf",
           "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]
ALLOWED = ["roate", "raise", "zzzzz", "sissy", "eerie", "cigar", "naval", "qajaq", "lints", "chump"]


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


@pytest.fixture(params=["default", "kept pools", "histograms only"])
def narrow_blocks(request, monkeypatch):
    """Table-split blocks of 3 candidates, so tiny games span several blocks and parts; and each way of scoring.

    Tiny pools would otherwise never reach the paths for large pools: sums kept
    across games (`CACHE_MIN_POOL`) and histograms for `expected` (`PAIRS_MAX_POOL`).
    """
    from wordle_cli import config
    from wordle_cli.games import multiboard, split

    monkeypatch.setattr(config, "SPLIT_BLOCK_CANDIDATES", 3)
    if request.param == "kept pools":
        monkeypatch.setattr(multiboard, "CACHE_MIN_POOL", 2)
    if request.param == "histograms only":
        monkeypatch.setattr(multiboard, "CACHE_MIN_POOL", 3)
        monkeypatch.setattr(split, "PAIRS_MAX_POOL", 0)
    return request.param


# ---------------------------------------------------------------- the rules


def test_limits_are_the_games():
    assert [turn_limit(n) for n in (2, 4, 8)] == [7, 9, 13]


def test_least_expected_is_exact_when_the_common_multiple_is_huge():
    # Pools of coprime sizes make the lcm overflow int64: the fallback decides with fractions.
    sizes = np.array([997, 991, 983, 977, 971, 967, 953], dtype=np.int64)
    base = sizes * 3
    sum_n = np.stack([base, base, base], axis=1)
    sum_n[0, 1] += 1  # column 1 is worse by 1/997
    sum_n[6, 2] -= 1  # column 2 is better by 1/953
    assert math.lcm(*sizes.tolist()) * int(sizes.sum()) > 2**62
    mask = least_expected(list(sum_n), sizes)
    assert mask.tolist() == [False, False, True]
    sum_n[6, 2] += 1
    assert least_expected(list(sum_n), sizes).tolist() == [True, False, True]
    # Small pools: integers over the lcm; 1/3 + 1/6 = 1/2 exactly, which floats round differently from 1/2.
    small = [np.array([3, 3, 3]), np.array([6, 6, 9])]
    assert least_expected(small, [9, 36]).tolist() == [True, True, False]


# ---------------------------------------------------------------- against brute force


@st.composite
def boards_position(draw):
    """(allowed, answers, pools): a tiny game and 1-3 non-empty pools of its answers."""
    allowed, answers = draw(games(max_answers=8))
    n_boards = draw(st.integers(1, min(3, len(answers))))
    pools = []
    for _ in range(n_boards):
        chosen = draw(st.lists(st.sampled_from(answers), min_size=1, max_size=len(answers), unique=True))
        pools.append(sorted(chosen, key=answers.index))
    return list(allowed), answers, pools


@given(boards_position(), st.sampled_from(["expected", "entropy"]), st.booleans())
def test_best_matches_brute_force(narrow_blocks, position, strategy, pool_only):
    allowed, answers, pools = position
    game = Game("t", answers, allowed)
    solver = MultiSolver(game, len(pools), strategy, pool_only=pool_only)
    index = [np.array(sorted(game.answer_index[w] for w in p), dtype=np.int64) for p in pools]
    assert solver.best(index) == naive_games.boards_best(strategy, pools, answers, allowed, pool_only)


@given(games(max_answers=5), st.integers(2, 3), st.sampled_from(["expected", "entropy"]), st.booleans())
def test_every_game_of_a_tiny_list_matches_brute_force(narrow_blocks, drawn, boards, strategy, pool_only):
    """Exhaustive play: every tuple of distinct targets, the fast player's guesses = the brute force's."""
    allowed, answers = drawn
    if len(answers) < boards:
        boards = len(answers)
    if boards < 2:
        return
    game = Game("t", answers, list(allowed))
    solver = MultiSolver(game, boards, strategy, pool_only=pool_only)
    for targets in naive_games.all_target_tuples(answers, boards):
        got = [turn.guess for turn in solver.play(targets)]
        assert got == naive_games.boards_play(targets, answers, list(allowed), strategy, pool_only), targets


def test_pair_sums_match_histograms(narrow_blocks):
    game = Game("t", ANSWERS, ALLOWED)
    solver = MultiSolver(game, 2)
    pools = [np.array([0, 3, 4, 9, 12]), np.array([1, 2]), np.arange(len(ANSWERS))]
    by_histogram = solver.table.board_sums(np.arange(len(game.candidates)), pools).sum_n
    assert (solver.table.sum_n_all(pools) == by_histogram).all()
    want = [[sum(c * c for c in naive_games.naive_solver.partition_sizes(w, [ANSWERS[i] for i in p])) for w in game.candidates] for p in pools]
    assert by_histogram.tolist() == want


def test_turns_record_each_boards_feedback_and_pool():
    game = Game("t", ANSWERS, ALLOWED)
    solver = MultiSolver(game, 3, "entropy")
    targets = ("naval", "quiet", "sissy")
    turns = solver.play(targets)
    pools = [list(ANSWERS) for _ in targets]
    solved = [False] * 3
    for turn in turns:
        for b, target in enumerate(targets):
            if solved[b]:
                assert turn.codes[b] is None and turn.pools[b] == 0
                continue
            assert turn.pools[b] == len(pools[b])
            tiles = naive.feedback(turn.guess, target)
            assert turn.codes[b] == naive_games.code(tiles)
            pools[b] = [w for w in pools[b] if naive.feedback(turn.guess, w) == tiles]
            solved[b] = turn.guess == target
    assert all(solved)


def test_free_solve_when_a_pool_is_down_to_one_word():
    game = Game("t", ANSWERS, ALLOWED)
    solver = MultiSolver(game, 2, "expected")
    one = np.array([game.answer_index["serve"]], dtype=np.int64)
    wide = np.arange(len(ANSWERS), dtype=np.int64)
    assert solver.best([wide, one]) == "serve"
    # Two single words tie (each solves its board, the other stays at 1): list order decides,
    # and in the candidate order (allowed, then the other answers in answers order) serve is before bench.
    other = np.array([game.answer_index["bench"]], dtype=np.int64)
    assert game.candidates.index("serve") < game.candidates.index("bench")
    assert solver.best([other, one]) == solver.best([one, other]) == "serve"
    # A single word on one board and a wide pool on the other: the free solve even when the strategy prefers another word.
    assert naive_games.boards_best("expected", [ANSWERS, ["serve"]], ANSWERS, ALLOWED) == "serve"


def test_simulation_draws_distinct_targets_per_game():
    drawn = draw_targets(20, 8, 50, seed=3)
    assert drawn == draw_targets(20, 8, 50, seed=3) and drawn != draw_targets(20, 8, 50, seed=4)
    assert all(len(set(t)) == 8 for t in drawn)


def test_simulate_counts_turns_over_the_limit():
    game = Game("t", ANSWERS, ALLOWED)
    solver = MultiSolver(game, 4, "expected")
    games_played = [tuple(ANSWERS[i] for i in t) for t in draw_targets(len(ANSWERS), 4, 12, seed=1)]
    result = simulate(solver, games_played)
    want = [len(naive_games.boards_play(t, ANSWERS, ALLOWED, "expected")) for t in games_played]
    assert result.counts == want
    assert result.failures(6) == sum(c > 6 for c in want)


# ---------------------------------------------------------------- the commands


def read_rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("strategy, flags", [("expected", []), ("entropy", []), ("expected", ["--pool-only"]), ("entropy", ["--first", "chump"])])
def test_simulate_boards_csv_matches_brute_force(runner, lists, strategy, flags):
    args = ["simulate", *lists, "--boards", "3", "--sample", "15", "--seed", "7", "--strategy", strategy, *flags]
    result = invoke(runner, [*args, "-q", "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    text = Path("games.csv").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "targets,turns,path"
    rows = read_rows(text)
    assert len(rows) == 15
    for row in rows:
        targets = row["targets"].split(" ")
        assert len(set(targets)) == 3
        path = row["path"].split(" ")
        assert int(row["turns"]) == len(path)
        first = flags[1] if "--first" in flags else None
        assert path == naive_games.boards_play(targets, ANSWERS, ALLOWED, strategy, "--pool-only" in flags, first)
    counts = [int(r["turns"]) for r in rows]
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["turns", "games"]
    summary = {line[:12].strip(): line[12:].strip() for line in lines if line[:1].isalpha() and not line.startswith("turns")}
    assert float(summary["mean"]) == pytest.approx(sum(counts) / len(counts), abs=5e-5)
    failures = sum(c > 8 for c in counts)  # 3 boards: 8 turns
    assert any(line.split() == ["more", "than", "8", str(failures)] for line in lines)
    assert summary["failure rate"] == f"{100 * failures / len(counts):.2f}%"


@pytest.mark.parametrize("boards", [3, 8])
def test_simulate_boards_chart_starts_at_the_boards_and_worst_fits_80_columns(runner, lists, boards):
    """A game of N boards takes N turns at least (a turn solves one board at most): the chart starts at N.
    The worst games are listed while the line fits 80 columns (8 targets make one game too wide to list twice)."""
    result = invoke(runner, ["simulate", *lists, "--boards", str(boards), "--sample", "30", "--seed", "3", "-q", "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    rows = read_rows(Path("games.csv").read_text(encoding="utf-8"))
    counts = [int(r["turns"]) for r in rows]
    lines = result.stdout.splitlines()
    chart = {}
    for line in lines[1:]:
        if not line.strip():
            break
        chart[int(line.split()[0])] = int(line.split()[1])
    assert chart == {k: counts.count(k) for k in range(boards, max(counts) + 1)}
    worst = max(counts)
    games = [r["targets"] for r in rows if int(r["turns"]) == worst]
    line = next(line for line in lines if line.startswith("worst"))
    assert len(line) <= 80
    head = f"worst        {worst} ({len(games)} game{'s' if len(games) != 1 else ''}"
    listed = line[len(head) :].removeprefix(": ").removesuffix(")").removesuffix(", ...").split(", ") if ": " in line else []
    assert listed == games[: len(listed)] and len(listed) <= 5
    if len(listed) < min(5, len(games)):  # one more would not fit
        assert len(f"{head}: {', '.join(games[: len(listed) + 1])}, ...)") > 80


def test_simulate_one_board_counts_games_over_max_guesses(runner, lists):
    result = invoke(runner, ["simulate", *lists, "-q", "--max-guesses", "3", "-o", "games.csv"])
    assert result.exit_code == 0, result.stderr
    counts = [int(r["guesses"]) for r in read_rows(Path("games.csv").read_text(encoding="utf-8"))]
    assert f"more than 3  {sum(c > 3 for c in counts)}" in result.stdout


def test_simulate_boards_max_guesses_and_stdout_csv(runner, lists):
    result = invoke(runner, ["simulate", *lists, "--boards", "2", "--sample", "5", "--max-guesses", "4", "-o", "-"])
    assert result.exit_code == 0, result.stderr
    rows = read_rows(result.stdout)
    assert len(rows) == 5
    assert "more than 4" in result.stderr  # the chart moved to stderr


def test_solve_boards_prints_each_boards_tiles_and_pool(runner, lists):
    targets = ["naval", "quiet", "sissy", "karma"]
    result = invoke(runner, ["solve", *lists, "--boards", "4", *targets, "--tiles", "letters", "--strategy", "entropy"])
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.splitlines()
    assert rows[0].split() == ["turn", "guess"] + ["board", "1", "pool", "board", "2", "pool", "board", "3", "pool", "board", "4", "pool"]
    path = naive_games.boards_play(targets, ANSWERS, ALLOWED, "entropy")
    assert [r.split()[1] for r in rows[1:]] == path
    pools = [list(ANSWERS) for _ in targets]
    solved = [False] * 4
    starts = [rows[0].index(f"board {b + 1}") for b in range(4)] + [None]  # each board's columns, from the header
    for number, (row, guess) in enumerate(zip(rows[1:], path), start=1):
        for b, target in enumerate(targets):
            cell = row[starts[b] : starts[b + 1]]
            if solved[b]:
                assert cell.strip() == ""
                continue
            tiles = naive.feedback(guess, target)
            assert cell.split() == [show(tiles, "letters"), str(len(pools[b]))], (number, b)
            pools[b] = [w for w in pools[b] if naive.feedback(guess, w) == tiles]
            solved[b] = guess == target
    assert all(solved)
    assert f"solved 4 boards in {len(path)} turns" in result.stderr


def test_play_boards_batch_follows_the_suggestions(runner, lists):
    targets = ["heath", "bench"]
    path = naive_games.boards_play(targets, ANSWERS, ALLOWED, "expected")
    lines = []
    solved = [False, False]
    for guess in path:
        feedbacks = [show(naive.feedback(guess, t), "letters") for t, s in zip(targets, solved) if not s]
        lines.append(" ".join(feedbacks))
        solved = [s or guess == t for s, t in zip(solved, targets)]
    result = invoke(runner, ["play", *lists, "--boards", "2", "--batch"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == path
    assert f"all 2 boards solved in {len(path)} turns" in result.stderr


def test_play_boards_other_word_undo_and_joined_emoji(runner, lists):
    targets = ["heath", "bench"]
    emoji = "".join(show(naive.feedback("chump", t), "emoji") for t in targets)
    letters = " ".join(show(naive.feedback("chump", t), "letters") for t in targets)
    result = invoke(runner, ["play", *lists, "--boards", "2", "--batch", "-q"], input=f"chump {letters}\nundo\nchump {emoji}\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.split()
    # first suggestion, after chump, after undo (the first again), after chump again
    assert out[0] == out[2] and out[1] == out[3]
    pools = [[w for w in ANSWERS if naive.feedback("chump", w) == naive.feedback("chump", t)] for t in targets]
    assert out[1] == naive_games.boards_best("expected", pools, ANSWERS, ALLOWED)


def test_play_boards_refuses_impossible_feedback(runner, lists):
    result = invoke(runner, ["play", *lists, "--boards", "2", "--batch"], input="zzzzz GGGGG BBBBB\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1].startswith("Error: <stdin> line 1: board 1: no possible answer gives that feedback")


def test_feedback_no_answer_gives_is_refused_on_a_one_word_pool_too():
    """`after` reads a one-word pool without building an array: an impossible feedback is still refused, state unchanged."""
    from wordle_cli.errors import WordleError

    game = Game("t", ANSWERS, ALLOWED)
    solver = MultiSolver(game, 2)
    pools = [np.array([game.answer_index["cigar"]]), np.array([game.answer_index["rebut"], game.answer_index["heath"]])]
    row = solver.row("roate")
    right = [int(row[game.answer_index["cigar"]]), int(row[game.answer_index["rebut"]])]
    after = solver.after(pools, "roate", right)
    assert after[0].tolist() == pools[0].tolist() and after[1].tolist() == [game.answer_index["rebut"]]
    with pytest.raises(WordleError, match="board 1: no possible answer gives that feedback"):
        solver.after(pools, "roate", [right[0] + 1, right[1]])
    assert solver.after(pools, "cigar", [game.win_code, int(solver.row("cigar")[game.answer_index["rebut"]])])[0] is None


def test_play_boards_share_is_refused_in_one_line(runner, lists):
    """`share` has no grid with --boards (issue 23, item 6): at the prompt one problem line and the game goes on;
    in a batch the line is an error, like any other line that is not a turn."""
    targets = ["heath", "bench"]
    first = naive_games.boards_play(targets, ANSWERS, ALLOWED, "expected")[0]
    feedbacks = " ".join(show(naive.feedback(first, t), "letters") for t in targets)
    played = invoke(runner, ["play", *lists, "--boards", "2", "--interactive", "-q"], input=f"share\n{feedbacks}\nshare\nquit\n")
    assert played.exit_code == 0, played.stderr
    assert played.stdout.count("error: share goes with a one-board game") == 2
    pools = [[w for w in ANSWERS if naive.feedback(first, w) == naive.feedback(first, t)] for t in targets]
    assert f"suggestion: {naive_games.boards_best('expected', pools, ANSWERS, ALLOWED)} " in played.stdout
    batch = invoke(runner, ["play", *lists, "--boards", "2", "--batch", "-q"], input=f"{feedbacks}\nshare\n")
    assert batch.exit_code == 1
    assert batch.stderr.splitlines() == ["Error: <stdin> line 2: share goes with a one-board game; a game with --boards has no share grid"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "--boards", "2", "cigar"], "--boards 2 needs 2 targets"),
        (["solve", "--boards", "2", "cigar", "cigar"], "the targets must be distinct"),
        (["solve", "--boards", "2", "cigar", "roate"], "'roate' is not one of the 20 answers"),
        (["solve", "cigar", "rebut"], "give one TARGET"),
        (["solve", "--boards", "2", "--hard", "cigar", "rebut"], "--hard is not part of multi-board games"),
        (["simulate", "--boards", "2", "--strategy", "minimax"], "--strategy minimax is for one board"),
        (["simulate", "--boards", "33"], "33 is not in the range 1<=x<=32"),
        (["simulate", "--boards", "21"], "--boards 21 needs at least 21 answers"),
        (["play", "--boards", "2", "--tree", "t.tree"], "--tree plays one board"),
        (["play", "--max-guesses", "3"], "--max-guesses goes with --boards"),
        (["play", "--boards", "2", "--share"], "--share goes with a one-board game"),
        (["solve", "--boards", "2", "--share", "cigar", "rebut"], "--share goes with a one-board game"),
    ],
)
def test_usage_errors_are_one_line(runner, lists, args, message):
    result = invoke(runner, [args[0], *lists, *args[1:]], input="")
    assert result.exit_code in (1, 2)
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_quordle_on_the_shipped_lists(runner):
    result = invoke(runner, ["solve", "--boards", "4", "cigar", "rebut", "sissy", "humph", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    rows = result.stdout.splitlines()[1:]
    assert rows[0].split()[1] == "roate"  # the single-board opening
    guesses = [r.split()[1] for r in rows]
    assert {"cigar", "rebut", "sissy", "humph"} <= set(guesses) and len(rows) <= 9
