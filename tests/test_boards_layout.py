"""Sedecordle and Duotrigordle, readable (issue 28, item 4): `solve` and `play` with --boards N fit 80 columns.

Past what fits (4 boards of emoji), `--layout auto` prints the compact layout:
for `solve` the guesses and a line per board (its answer, the turn it was
solved, the answers left on it after each guess until one), for `play` a
line per board per turn (its tiles, the answers left, the words). Real
games on generated lists, every tile style, 5 to 32 boards: every line is
measured with wcwidth (an emoji two columns), and the content is checked
against pools pruned here by `naive.feedback`, not by the solver.
"""

from __future__ import annotations

import re

import naive
import pytest
from clitools import invoke, write
from hypothesis import given
from hypothesis import strategies as st
from wcwidth import wcswidth

from wordle_cli.colour import STYLES
from wordle_cli.model.feedback import show

LETTERS = "abcdefghijklmnopqrstuvwxyz"
PROMPT = "feedback> "


def columns(line: str) -> int:
    """Display columns, measured here with wcwidth directly (not the project's helper)."""
    return wcswidth(line)


@st.composite
def lists(draw, least: int):
    """(answers, allowed): `least` or more distinct answers of 5 or 8 letters, the allowed list the answers and a few more."""
    length = draw(st.sampled_from([5, 8]))
    word = st.text(alphabet=st.sampled_from(LETTERS[: draw(st.integers(4, 26))]), min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=least, max_size=least + 8, unique=True))
    extra = draw(st.lists(word, max_size=6, unique=True))
    return answers, answers + [w for w in extra if w not in answers]


@st.composite
def boards_game(draw):
    """A game of 5 to 32 boards on generated lists: (answers, allowed, targets)."""
    boards = draw(st.integers(5, 32))
    answers, allowed = draw(lists(boards))
    targets = draw(st.permutations(answers))[:boards]
    return answers, allowed, targets


def game_files(tmp_path, answers, allowed) -> list[str]:
    return ["--answers", write(tmp_path / "answers.txt", answers), "--allowed", write(tmp_path / "allowed.txt", allowed)]


def pool_after(pool: list[str], guess: str, target: str) -> list[str]:
    tiles = naive.feedback(guess, target)
    return [w for w in pool if naive.feedback(guess, w) == tiles]


def read_compact_solve(text: str) -> tuple[list[str], dict[int, tuple[str, int, str]]]:
    """The guesses in turn order, and per board (from 1) its answer, solved turn and trail of counts."""
    lines = text.splitlines()
    blank = lines.index("")
    numbered = re.findall(r"(\d+) (\S+)", " ".join(line.removeprefix("guesses") for line in lines[:blank]))
    assert [int(n) for n, _ in numbered] == list(range(1, len(numbered) + 1))
    assert lines[blank + 1].split()[:3] == ["board", "answer", "solved"]
    boards = {}
    for line in lines[blank + 2 :]:
        board, answer, solved, *trail = line.split()
        boards[int(board)] = (answer, int(solved), " ".join(trail))
    return [word for _, word in numbered], boards


def expected_trail(path: list[str], answers: list[str], target: str) -> list[int]:
    """The answers left on a board after each guess before the one that solved it, up to the first 1."""
    pool, trail = list(answers), []
    for guess in path:
        if guess == target:
            break
        pool = pool_after(pool, guess, target)
        trail.append(len(pool))
        if len(pool) == 1:
            break
    return trail


def check_trail(shown: str, trail: list[int]) -> None:
    """The trail as printed: whole, or its first counts and last two around "..." (never just cut)."""
    if "..." not in shown:
        assert shown.split() == [str(c) for c in trail]
        return
    head, tail = shown.split(" ... ")
    assert tail.split() == [str(c) for c in trail[-2:]]
    assert [int(c) for c in head.split()] == trail[: len(head.split())] if head else True


@given(boards_game(), st.sampled_from(STYLES))
def test_solve_compact_fits_80_columns_and_shows_each_boards_game(runner, tmp_path, monkeypatch, game, style):
    answers, allowed, targets = game
    monkeypatch.setenv("COLUMNS", "80")
    result = invoke(runner, ["solve", *game_files(tmp_path, answers, allowed), "--boards", str(len(targets)), *targets, "--tiles", style])
    assert result.exit_code == 0, result.stderr
    assert all(columns(line) <= 80 for line in result.stdout.splitlines()), result.stdout
    path, boards = read_compact_solve(result.stdout)
    assert sorted(boards) == list(range(1, len(targets) + 1))
    assert set(targets) <= set(path) and path[-1] in targets
    assert f"solved {len(targets)} boards in {len(path)} turns" in result.stderr
    for number, target in enumerate(targets, start=1):
        answer, solved, shown = boards[number]
        assert answer == target
        assert solved == path.index(target) + 1
        check_trail(shown, expected_trail(path, answers, target))


#: A game worked out by hand: cigar first (--first), then five boards.
HAND_ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "naval", "abate"]
HAND_TARGETS = ["cigar", "rebut", "sissy", "awake", "naval"]


def test_solve_compact_on_a_hand_checked_game(runner, tmp_path, monkeypatch):
    """Turn 1, cigar: board 1 solved; rebut ⬛⬛⬛⬛🟨, sissy ⬛🟩⬛⬛⬛ and naval ⬛⬛⬛🟩⬛ leave
    one word each; awake ⬛⬛⬛🟨⬛ leaves awake and abate (the same tiles).
    Turn 2: a free solve, and of rebut, sissy and naval only rebut tells
    awake (⬛🟨⬛⬛⬛) from abate (⬛🟨🟨⬛🟨). Then every answer is known: the
    rest in list order, sissy, awake, naval.
    """
    monkeypatch.setenv("COLUMNS", "80")
    files = game_files(tmp_path, HAND_ANSWERS, HAND_ANSWERS)
    result = invoke(runner, ["solve", *files, "--boards", "5", *HAND_TARGETS, "--first", "cigar", "-q"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["guesses", "1", "cigar", "2", "rebut", "3", "sissy", "4", "awake", "5", "naval"]
    assert lines[1] == ""
    assert lines[2].split() == ["board", "answer", "solved", "answers", "left", "after", "each", "guess,", "until", "one"]
    assert [line.split() for line in lines[3:]] == [
        ["1", "cigar", "1"],
        ["2", "rebut", "2", "1"],
        ["3", "sissy", "3", "1"],
        ["4", "awake", "4", "2", "1"],
        ["5", "naval", "5", "1"],
    ]


@pytest.mark.parametrize(
    "boards, style, width, layout, wide",
    [
        (4, "emoji", 80, "auto", True),  # 79 columns: the wide table fits
        (5, "letters", 80, "auto", False),  # 91 columns
        (5, "letters", 91, "auto", True),
        (5, "emoji", 91, "auto", False),  # 106 columns
        (8, "emoji", 80, "wide", True),
        (2, "emoji", 80, "compact", False),
    ],
)
def test_layout_auto_is_wide_where_the_wide_table_fits(runner, tmp_path, monkeypatch, boards, style, width, layout, wide):
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    monkeypatch.setenv("COLUMNS", str(width))
    args = ["solve", *game_files(tmp_path, answers, answers), "--boards", str(boards), *answers[:boards], "--tiles", style, "--layout", layout]
    result = invoke(runner, args)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("turn  guess  board 1") == wide and lines[0].startswith("guesses") == (not wide)
    if layout == "auto":
        assert max(columns(line) for line in lines) <= width


# ---------------------------------------------------------------- play


def feedback_lines(path: list[str], targets: list[str], style: str) -> list[str]:
    """What a player types for each turn of `path`: one feedback per board not yet solved."""
    lines, solved = [], set()
    for guess in path:
        lines.append(" ".join(show(naive.feedback(guess, t), style) for t in targets if t not in solved))
        solved |= {t for t in targets if t == guess}
    return lines


def read_turn_tables(text: str) -> list[tuple[str, dict[int, list[str]]]]:
    """Per turn: the title line and, per board, the fields of its line (continuation lines joined)."""
    tables: list[tuple[str, dict[int, list[str]]]] = []
    rows: dict[int, list[str]] = {}
    board, inside = None, False
    for line in text.splitlines():
        line = line.removeprefix(PROMPT)
        if line.startswith("turn "):
            rows, board, inside = {}, None, True
            tables.append((line, rows))
        elif line.startswith(("suggestion", "all ")) or not line.strip():
            inside = False  # the suggestion (interactive) may take two lines
        elif not inside or line.startswith("board  "):
            continue
        elif line[:5].strip():
            board = int(line[:5])
            rows[board] = line[5:].split()
        elif board is not None:
            rows[board] += line.split()
    return tables


def check_play_tables(text: str, path: list[str], answers: list[str], targets: list[str], style: str, show_n: int) -> None:
    tables = read_turn_tables(text)
    assert len(tables) == len(path) - 1  # every turn but the last, which ends the game
    pools = {b: list(answers) for b in range(len(targets))}
    solved: dict[int, int] = {}
    for turn, ((title, rows), guess) in enumerate(zip(tables, path), start=1):
        playing = [b for b in range(len(targets)) if b not in solved]
        for b in playing:
            pools[b] = pool_after(pools[b], guess, targets[b])
            if guess == targets[b]:
                solved[b] = turn
        assert title == f"turn {turn}: {guess}; {len(solved)} of {len(targets)} boards solved"
        assert sorted(rows) == [b + 1 for b in playing]
        for b in playing:
            tiles, *rest = rows[b + 1]
            assert tiles == show(naive.feedback(guess, targets[b]), style)
            if solved.get(b) == turn:
                assert rest == ["solved", "on", "turn", str(turn)]
                continue
            left = len(pools[b])
            assert rest == [str(left), *(pools[b] if left <= show_n else [])], (turn, b)


@given(boards_game(), st.sampled_from(STYLES), st.integers(0, 40))
def test_play_fits_80_columns_and_the_compact_layout_shows_each_board(runner, tmp_path, monkeypatch, game, style, show_n):
    """The same game played with `play`: batch (text on stderr) and interactive (on stdout), every line within 80 columns.

    The wide layout's echo of a turn (per board the guess, two spaces, its
    tiles; three spaces between boards) fits 80 columns up to 4 boards of
    emoji or 5 of letters: there auto keeps it, and past it the compact
    layout's tables are checked line by line.
    """
    answers, allowed, targets = game
    monkeypatch.setenv("COLUMNS", "80")
    files = game_files(tmp_path, answers, allowed)
    boards = str(len(targets))
    length = len(answers[0])
    echo = 2 + len(targets) * (length + 2 + (2 * length if style == "emoji" else length)) + 3 * (len(targets) - 1)
    compact = echo > 80
    solved = invoke(runner, ["solve", *files, "--boards", boards, *targets, "--layout", "compact", "-q"])
    path, _ = read_compact_solve(solved.stdout)
    typed = "\n".join(feedback_lines(path, targets, style)) + "\n"
    batch = invoke(runner, ["play", *files, "--boards", boards, "--batch", "--tiles", style, "--show", str(show_n)], input=typed)
    assert batch.exit_code == 0, batch.stderr
    assert batch.stdout.split() == path  # the suggestions: the game solve played
    assert batch.stderr.splitlines()[-1] == f"all {boards} boards solved in {len(path)} turns"
    assert all(columns(line) <= 80 for line in batch.stderr.splitlines()[1:]), batch.stderr  # past the info line naming the files
    assert ("turn 1: " in batch.stderr) == compact
    if compact:
        check_play_tables(batch.stderr, path, answers, targets, style, show_n)
    talk = invoke(runner, ["play", *files, "--boards", boards, "--interactive", "--tiles", style, "--show", str(show_n), "-q"], input=typed)
    assert talk.exit_code == 0, talk.stderr
    assert all(columns(line.removeprefix(PROMPT)) <= 80 for line in talk.stdout.splitlines()), talk.stdout
    if compact:
        check_play_tables(talk.stdout, path, answers, targets, style, show_n)
    suggestions = re.findall(r"suggestion: (\S+)", talk.stdout)
    assert suggestions == path


def test_play_takes_a_turn_of_32_boards_of_8_letters(runner, tmp_path):
    """The longest turn there is: a word of 8 letters and 32 feedbacks of 8 tiles, 296 characters on one line."""
    answers = [LETTERS[i % 26] + LETTERS[i // 26] + "".join(LETTERS[(i * k) % 26] for k in range(1, 7)) for i in range(40)]
    assert len(set(answers)) == 40
    targets = answers[:32]
    guess = answers[39]
    line = " ".join([guess, *(show(naive.feedback(guess, t), "letters") for t in targets)])
    assert len(line) == 296
    result = invoke(runner, ["play", *game_files(tmp_path, answers, answers), "--boards", "32", "--batch", "-q"], input=line + "\n")
    assert result.exit_code == 0, result.stderr
    assert len(result.stdout.split()) == 2  # the first suggestion, and the one after the turn


def test_play_compact_list_shows_solved_boards_with_their_turn_and_answer(runner, tmp_path, monkeypatch):
    """The hand-checked game, played: after cigar and rebut, `list` shows every board (see the solve test above)."""
    monkeypatch.setenv("COLUMNS", "80")
    typed = feedback_lines(["cigar", "rebut"], HAND_TARGETS, "letters")
    result = invoke(
        runner,
        ["play", *game_files(tmp_path, HAND_ANSWERS, HAND_ANSWERS), "--boards", "5", "--first", "cigar", "--interactive", "-q"],
        input="\n".join([*typed, "list", "quit"]) + "\n",
    )
    assert result.exit_code == 0, result.stderr
    after_cigar = result.stdout.split(PROMPT)[1].splitlines()
    assert after_cigar[0] == "turn 1: cigar; 1 of 5 boards solved"
    assert [line.split() for line in after_cigar[1:7]] == [
        ["board", "feedback", "left", "possible", "answers"],
        ["1", "🟩🟩🟩🟩🟩", "solved", "on", "turn", "1"],
        ["2", "⬛⬛⬛⬛🟨", "1", "rebut"],
        ["3", "⬛🟩⬛⬛⬛", "1", "sissy"],
        ["4", "⬛⬛⬛🟨⬛", "2", "awake", "abate"],  # in the list's order
        ["5", "⬛⬛⬛🟩⬛", "1", "naval"],
    ]
    assert after_cigar[7] == "suggestion: rebut  (then one feedback for each of boards 2-5)"
    listed = result.stdout.split(PROMPT)[3].splitlines()
    assert [line.split() for line in listed] == [
        ["board", "left", "possible", "answers"],
        ["1", "solved", "on", "turn", "1:", "cigar"],
        ["2", "solved", "on", "turn", "2:", "rebut"],
        ["3", "1", "sissy"],
        ["4", "1", "awake"],
        ["5", "1", "naval"],
    ]


def test_play_compact_share_is_refused(runner, tmp_path, monkeypatch):
    """The share rules of --boards hold in the compact layout: --share is a usage error, `share` a problem at the prompt."""
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "naval"]
    files = game_files(tmp_path, answers, answers)
    refused = invoke(runner, ["play", *files, "--boards", "5", "--share"], input="")
    assert refused.exit_code == 2 and "--share goes with a one-board game" in refused.stderr
    talk = invoke(runner, ["play", *files, "--boards", "5", "--interactive", "--layout", "compact", "-q"], input="share\nquit\n")
    assert talk.exit_code == 0 and "error: share goes with a one-board game" in talk.stdout
    batch = invoke(runner, ["play", *files, "--boards", "5", "--batch", "--layout", "compact"], input="share\n")
    assert batch.exit_code == 1 and batch.stderr.splitlines()[-1].endswith("share goes with a one-board game; a game with --boards has no share grid")


# ---------------------------------------------------------------- names


@pytest.mark.parametrize("name, boards", [("dordle", 2), ("Quordle", 4), ("octordle", 8), ("SEDECORDLE", 16), ("duotrigordle", 32)])
def test_boards_take_the_games_names(runner, tmp_path, name, boards):
    answers = [w + "ab" for w in ("".join(p) for p in zip(LETTERS, reversed(LETTERS), LETTERS[3:] + "abc"))][:26]
    answers += [w[::-1] for w in answers][: 40 - len(answers)]
    files = game_files(tmp_path, answers, answers)
    result = invoke(runner, ["simulate", *files, "--boards", name, "--sample", "2"])
    assert result.exit_code == 0, result.stderr
    assert f"{boards} boards ({name.capitalize()})" in result.stderr
    assert f"more than {boards + 5}  " in result.stdout  # the game's limit, N + 5 turns


def test_boards_refuse_other_names_in_one_line(runner):
    result = invoke(runner, ["simulate", "--boards", "tridecordle"])
    assert result.exit_code == 2
    assert "'tridecordle' is neither a number of boards (1 to 32) nor a game's name (dordle, quordle" in result.stderr
    assert invoke(runner, ["simulate", "--boards", "33"]).exit_code == 2


def test_help_names_the_games(runner):
    for command in ("solve", "play", "simulate"):
        text = " ".join(invoke(runner, [command, "--help"]).stdout.split())
        for name in ("Dordle", "Quordle", "Octordle", "16 Sedecordle", "32 Duotrigordle"):
            assert name in text, (command, name)
        assert ("--layout" in text) == (command != "simulate")
