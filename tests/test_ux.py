"""What a new user tripped over (issue 23, items 25-32): infer at a terminal and its headers,
share grids, wrapping by display width, hints, multi-board play, impossible all-exact feedback."""

from __future__ import annotations

import json
import re
import time

import naive
import pytest
from test_cli import ALLOWED, ANSWERS, assert_ok, invoke, write
from test_play_terminal import Terminal, plain


@pytest.fixture
def small(runner):
    return ["--allowed", write("allowed.txt", ALLOWED), "--answers", write("answers.txt", ANSWERS)]


def emoji(guess: str, answer: str) -> str:
    return "".join("⬛🟨🟩"[t] for t in naive.feedback(guess, answer))


def byg(guess: str, answer: str) -> str:
    return "".join("BYG"[t] for t in naive.feedback(guess, answer))


# ---------------------------------------------------------------- 25: infer at a terminal


def test_infer_at_a_terminal_ends_at_one_ctrl_d_and_times_from_there(tmp_path):
    answers = write(str(tmp_path / "answers.txt"), ANSWERS)
    allowed = write(str(tmp_path / "allowed.txt"), ALLOWED)
    started = time.monotonic()
    term = Terminal(["infer", "--answers", answers, "--allowed", allowed])
    term.read_until("Ctrl-D")
    prompted = time.monotonic()
    term.type(f"Wordle 7 2/6\r\r{emoji('roate', 'cigar')}\r{emoji('cigar', 'cigar')}\r")
    time.sleep(2.0)  # a person pasting and reading before pressing Ctrl-D
    ended = time.monotonic()
    term.type("\x04")  # one Ctrl-D at the start of a line
    out = term.read_until(" s\r\n", timeout=60)  # the timing line: it must come without a second Ctrl-D
    done = time.monotonic()
    assert term.finish() == 0
    reported = float(re.search(r"in ([0-9.]+) s\n", plain(out)).group(1))
    # The reported time is the program's own: start-up to the prompt and end of input to the result,
    # never the 2 s of typing (both measured here, so a busy machine slows both sides alike).
    assert reported <= (prompted - started) + (done - ended) + 0.05, (reported, prompted - started, done - ended)
    assert "cigar" in plain(out)


# ---------------------------------------------------------------- 26: share headers without a day, --day


def test_infer_reads_play_share_header_without_a_day_keeping_hard_mode(runner, small):
    rows = "\n".join(emoji(g, "cigar") for g in ["roate", "cigar"])
    result = invoke(runner, ["infer", "-q", *small, "--json"], input=f"Wordle 2/6*\n\n{rows}\n")
    assert_ok(result)
    document = json.loads(result.stdout)
    assert document["grids"] == 1 and document["hard_mode"] == 1 and document["stray_lines"] == []
    # Chat that merely ends in a score stays text.
    chat = invoke(runner, ["infer", "-q", *small, "--json"], input=f"got it 2/6\n\n{rows}\n")
    assert json.loads(chat.stdout)["stray_lines"] == [1] and json.loads(chat.stdout)["hard_mode"] == 0


def test_share_takes_day_and_infer_reads_it_back(runner, small):
    turns = "roate " + byg("roate", "cigar") + "\ncigar GGGGG\n"
    played = invoke(runner, ["play", "--batch", "-q", *small, "--hard", "--share", "--day", "512"], input=turns)
    assert_ok(played)
    grid = played.stdout.split("\n", 2)[2]  # after the two suggestions
    assert grid.startswith("Wordle 512 2/6*\n\n")
    back = invoke(runner, ["infer", "-q", *small, "--json"], input=grid)
    document = json.loads(back.stdout)
    assert (document["day"], document["grids"], document["hard_mode"]) == (512, 1, 1)
    solved = invoke(runner, ["solve", "-q", *small, "cigar", "--share", "--day", "7"])
    assert_ok(solved)
    assert "\nWordle 7 " in solved.stdout
    alone = invoke(runner, ["solve", "-q", *small, "cigar", "--day", "7"])  # the game's day, as --date's (issue 49, item 6)
    assert alone.exit_code == 0 and alone.stdout == invoke(runner, ["solve", "-q", *small, "cigar", "--date", "2021-06-26"]).stdout


# ---------------------------------------------------------------- 27: share mid-game


def test_share_mid_game_shows_the_grid_so_far_without_a_score(runner, small):
    result = invoke(runner, ["play", "--interactive", "-q", *small], input="roate " + byg("roate", "cigar") + "\nshare\nquit\n")
    assert_ok(result)
    assert "Wordle X/6" not in result.stdout
    assert f"Wordle, 1 row so far\n\n{emoji('roate', 'cigar')}\n" in result.stdout
    # Ended early with --share: still no score.
    ended = invoke(runner, ["play", "--batch", "-q", *small, "--share"], input="roate " + byg("roate", "cigar") + "\n")
    assert ended.stdout.endswith(f"Wordle, 1 row so far\n\n{emoji('roate', 'cigar')}\n")


# ---------------------------------------------------------------- 32: nothing distinguishes the candidates


def test_infer_says_when_nothing_distinguishes_the_candidates(runner, small):
    result = invoke(runner, ["infer", "-q", *small], input="Wordle 7 1/6\n\n🟩🟩🟩🟩🟩\n")
    assert_ok(result)
    verdict = result.stdout.splitlines()[-1]
    assert verdict.startswith(f"no verdict: nothing in the grids distinguishes the {len(ANSWERS)} consistent candidates"), verdict
    assert "most likely" not in verdict
    # A grid that does favour some keeps the usual verdict.
    rows = "\n".join(emoji(g, "cigar") for g in ["roate", "cigar"])
    ranked = invoke(runner, ["infer", "-q", *small], input=f"Wordle 7 2/6\n\n{rows}\n")
    assert ranked.stdout.splitlines()[-1].startswith(("most likely: ", "answer: "))


# ---------------------------------------------------------------- 28: wrapping by display width


def columns_of(line: str) -> int:
    """Display columns, independently of the tool: emoji and East Asian wide characters take two."""
    import unicodedata

    return sum(0 if unicodedata.combining(ch) or ch == "\ufe0f" else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def test_wrap_counts_an_emoji_as_two_columns(monkeypatch):
    from wordle_cli.cli import prompt
    from wordle_cli.cli.prompt import wrap

    text = "type the feedback 🟩🟨⬛⬛⬛ or 🟩🟩🟩🟩🟩 or ⬛⬛⬛⬛⬛ as the game showed it, e.g. 🟨🟨⬛🟩⬛ for roate"
    for columns in (20, 24, 33, 40):
        monkeypatch.setattr(prompt, "width", lambda columns=columns: columns)
        lines = wrap(text, "  ").split("\n")
        assert all(columns_of(line) <= columns for line in lines), (columns, lines)
        assert all(line.startswith("  ") for line in lines)
        assert " ".join(line.strip() for line in lines) == text  # nothing lost, no word cut
    # A word wider than the line is cut where the line ends.
    monkeypatch.setattr(prompt, "width", lambda: 10)
    assert wrap("🟩" * 12).split("\n") == ["🟩" * 5, "🟩" * 5, "🟩" * 2]


@pytest.mark.parametrize(
    "args",
    [
        ["play"],
        ["absurdle", "play"],
    ],
)
def test_every_line_fits_a_narrow_terminal(tmp_path, args):
    answers = write(str(tmp_path / "answers.txt"), ANSWERS)
    allowed = write(str(tmp_path / "allowed.txt"), ALLOWED)
    term = Terminal([*args, "--answers", answers, "--allowed", allowed], columns=40)
    term.read_until("> ")
    term.type("quit\r")
    assert term.finish() == 0
    lines = plain(term.text()).split("\n")
    assert len(lines) > 3
    assert all(columns_of(line) <= 40 for line in lines), [line for line in lines if columns_of(line) > 40]


# ---------------------------------------------------------------- 29: hints


def usage_line(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    return result.stderr.strip().splitlines()[-1]


def test_play_with_a_word_suggests_solve(runner):
    line = usage_line(invoke(runner, ["play", "cigar"]))
    assert "unexpected extra argument (cigar)" in line and "wordle solve cigar" in line
    assert "solve" not in usage_line(invoke(runner, ["play", "a", "b"]))  # no guess at what two words meant


def test_absurdle_solve_with_a_word_suggests_first(runner):
    line = usage_line(invoke(runner, ["absurdle", "solve", "salet"]))
    assert "wordle absurdle solve --first salet" in line


def test_prune_spots_swapped_arguments(runner):
    line = usage_line(invoke(runner, ["prune", "CACAA", "roate"]))
    assert "swapped" in line and "wordle prune roate CACAA" in line
    assert "swapped" not in usage_line(invoke(runner, ["prune", "roate", "roate"]))  # roate is no feedback either


@pytest.mark.parametrize("mode", ["play", "absurdle"])
def test_a_misspelt_command_at_the_prompt_gets_a_suggestion(runner, small, mode):
    args = ["play", "--interactive", "-q", *small] if mode == "play" else ["absurdle", "play", "--interactive", "-q", *small]
    result = invoke(runner, args, input="lsit\nquit\n")
    assert_ok(result)
    assert "did you mean `list`?" in result.stdout


def test_play_prompt_still_names_a_feedback_typo(runner, small):
    result = invoke(runner, ["play", "--interactive", "-q", *small], input="CACAZ\nquit\n")
    assert "'z' at position 5 is not a tile" in result.stdout and "did you mean" not in result.stdout


def test_tree_verify_of_a_csv_says_so(runner, small, tmp_path):
    scores = tmp_path / "scores.csv"
    scores.write_text("guess,expected,worst\nroate,1.5,3\n", encoding="utf-8")
    result = invoke(runner, ["tree", "verify", *small, str(scores)])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [f"Error: {scores}: looks like a CSV file (its first line has commas), not a tree (selby or json)"]


# ---------------------------------------------------------------- 30: play --boards


def test_boards_three_feedbacks_for_two_boards_is_a_clear_error(runner, small):
    result = invoke(runner, ["play", "--boards", "2", "--batch", "-q", *small], input="BBBBB BBBBB BBBBB\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "Error: <stdin> line 1: 3 feedbacks for 2 unsolved boards: type one per unsolved board (or WORD and the feedbacks)"
    ]
    assert "neither word list" not in result.stderr
    # A word of the game before the feedbacks is still a guess.
    played = invoke(runner, ["play", "--boards", "2", "--batch", "-q", *small], input=f"cigar {byg('cigar', 'rebut')} {byg('cigar', 'sissy')}\n")
    assert played.exit_code == 0, played.stderr


def test_boards_prompt_wording_and_coloured_rows(runner, small):
    first = invoke(runner, ["play", "--boards", "2", "--batch", "-q", *small], input="").stdout.split()[0]
    turn = f"{first} {byg(first, 'cigar')} {byg(first, 'rebut')}\ncigar GGGGG {byg('cigar', 'rebut')}\nquit\n"
    result = invoke(runner, ["play", "--boards", "2", "--interactive", "-q", "--color", "always", *small], input=turn)
    assert_ok(result)
    out = result.stdout
    assert "(then one feedback for each of boards 1 and 2)" in out
    assert "(then the feedback of board 2)" in out and "boards 2)" not in out
    # Each turn is echoed as in single-board play, per board: the guess coloured by its tiles, and the tiles.
    row = f"  {first}  {emoji(first, 'cigar')}   {first}  {emoji(first, 'rebut')}"
    echoed = [line for line in out.splitlines() if row in plain(line)]
    assert len(echoed) == 1 and "\x1b[" in echoed[0]
    assert plain(echoed[0]).endswith(row)


def test_solve_four_boards_fits_80_columns(runner, small):
    result = invoke(runner, ["solve", "--boards", "4", "-q", *small, "cigar", "rebut", "sissy", "humph"])
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert len(lines) > 2
    assert max(columns_of(line) for line in lines) <= 80, lines


# ---------------------------------------------------------------- 31: an impossible all-exact feedback


def test_an_impossible_all_exact_feedback_is_refused(runner, small):
    # After roate got cigar's feedback, only the answers giving it are possible; naval is not one of them.
    mark = byg("roate", "cigar")
    left = [a for a in ANSWERS if byg("roate", a) == mark]
    assert "naval" not in left and "cigar" in left
    result = invoke(runner, ["play", "--batch", "-q", *small], input=f"roate {mark}\nnaval GGGGG\n")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "Error: <stdin> line 2: no possible answer gives 🟩🟩🟩🟩🟩 (EEEEE) for 'naval'; check the feedback, or undo"
    ]
    # A word in neither list cannot be the answer either; a possible answer is still solved.
    assert invoke(runner, ["play", "--batch", "-q", *small], input=f"roate {mark}\ncarrs EEEEE\n").exit_code == 1
    solved = invoke(runner, ["play", "--batch", *small], input=f"roate {mark}\ncigar EEEEE\n")
    assert_ok(solved)
    assert "solved in 2 guesses" in solved.stderr
