"""`wordle play`: the assistant, scripted through stdin (batch) and as a conversation."""

from __future__ import annotations

import naive
import pytest

from wordle_cli.cli import main
from wordle_cli.model.feedback import show
from wordle_cli.model.game import Game, load_lists
from wordle_cli.solver.session import Session, parse_entry
from wordle_cli.solver.tree import Solver


def invoke(runner, args, input=None):
    result = runner.invoke(main, ["play", *args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"wordle play {' '.join(args)} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.stderr
    return result


def tiles_for(guess: str, target: str, style: str = "letters") -> str:
    return show(naive.feedback(guess, target), style)


@pytest.fixture(scope="module")
def wordle_solver():
    answers, allowed = load_lists("wordle")
    return Solver(Game("wordle", answers.words, allowed.words), "expected")


# ---------------------------------------------------------------- reading a line


@pytest.mark.parametrize(
    "line, want",
    [
        ("ACAAC", (None, (0, 1, 0, 0, 1))),
        ("byyby", (None, (0, 1, 1, 0, 1))),
        ("01001", (None, (0, 1, 0, 0, 1))),
        ("🟩🟨⬛⬜🟫", (None, (2, 1, 0, 0, 0))),
        ("🟩\ufe0f 🟨 ⬛ ⬛ ⬛", (None, (2, 1, 0, 0, 0))),  # pasted with spaces and variation selectors
        ("  CRANE  gyBBB ", ("crane", (2, 1, 0, 0, 0))),
        ("17923 01001", ("17923", (0, 1, 0, 0, 1))),
    ],
)
def test_parse_entry_turns(line, want):
    entry = parse_entry(line, 5)
    assert entry.command == "turn" and (entry.guess, entry.tiles) == want


@pytest.mark.parametrize("line, command", [("undo", "undo"), (" QUIT ", "quit"), ("q", "quit"), ("?", "help"), ("", ""), ("# note", "")])
def test_parse_entry_commands(line, command):
    assert parse_entry(line, 5).command == command


@pytest.mark.parametrize(
    "line, says",
    [
        ("hello world again", "cannot read 'hello world again' as WORD FEEDBACK: 'world again' is not a feedback string"),
        ("zzzzz", "cannot read 'zzzzz': 'zzzzz' is not a feedback string: use one spelling throughout"),
        ("ACAA", "'ACAA' has 4 tiles, expected 5"),
        ("crane", "'crane' is not a feedback string: 'r' at position 2 is not a tile"),  # play says "did you mean"
        ("AC AXC", "'AC AXC' is not a feedback string: 'x' at position 4 is not a tile (use one of A C E)"),
        ("b b g b", "'b b g b' has 4 tiles, expected 5"),
        ("b b g b b b", "'b b g b b b' has 6 tiles, expected 5"),
        ("🟩🟨 ⬛⬛", "'🟩🟨 ⬛⬛' has 4 tiles, expected 5"),
    ],
)
def test_parse_entry_rejects(line, says):
    with pytest.raises(ValueError) as error:
        parse_entry(line, 5)
    assert str(error.value).startswith(says)


@pytest.mark.parametrize(
    "line, says",
    [
        ("crane ABCDE", "'ABCDE' is not a feedback string: 'b' at position 2 is not a tile (use one of A C E)"),
        ("jazy AAAAA", "'jazy' has 4 letters, expected 5"),
        ("tars AAAAA", "'tars' has 4 letters, expected 5"),
        ("tarsee AAAAAA", "'tarsee' has 6 letters, expected 5; 'AAAAAA' has 6 tiles, expected 5"),
        ("crane gyb", "'gyb' has 3 tiles, expected 5"),
        ("1201 21000", "'1201' has 4 letters, expected 5"),  # Primel's digits: a word of tiles, then a whole feedback
    ],
)
def test_word_feedback_says_which_part_is_wrong(line, says):
    """Issue 49, item 8: `crane ABCDE` said "'craneABCDE' is not a feedback string", the word glued to the
    feedback. Each error names the part that is wrong: the word's length, the feedback's tiles, or their count."""
    with pytest.raises(ValueError) as error:
        parse_entry(line, 5)
    assert str(error.value) == f"cannot read '{line}' as WORD FEEDBACK: {says}"


# ---------------------------------------------------------------- the session


def test_session_follows_the_tree_and_undoes(wordle_solver):
    session = Session(wordle_solver)
    assert session.suggestion == "roate" and len(session.remaining) == 2315
    session.enter("roate", naive.feedback("roate", "cigar"))
    after_roate = session.suggestion
    assert session.remaining == naive.prune("strict", "roate", naive.feedback("roate", "cigar"), wordle_solver.game.answers)
    session.enter("slate", naive.feedback("slate", "cigar"))  # not the suggestion
    assert "cigar" in session.remaining and len(session.remaining) < 35
    assert session.undo() and session.suggestion == after_roate
    assert session.undo() and session.suggestion == "roate"
    assert not session.undo()


def test_session_rejects_impossible_feedback(wordle_solver):
    from wordle_cli.errors import WordleError

    session = Session(wordle_solver)
    with pytest.raises(WordleError, match="no possible answer"):
        session.enter("roate", (2, 2, 2, 2, 0))
    assert len(session.turns) == 0 and session.suggestion == "roate"


# ---------------------------------------------------------------- batch mode (stdin piped)


def test_batch_prints_only_suggestions(runner, wordle_solver):
    target = "cigar"
    session = Session(wordle_solver)
    suggestions, lines = [session.suggestion], []
    while True:
        tiles = naive.feedback(session.suggestion, target)
        lines.append(show(tiles))
        if session.suggestion == target:
            break
        session.enter(session.suggestion, tiles)
        suggestions.append(session.suggestion)
    result = invoke(runner, ["--game", "wordle"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == suggestions
    assert "2315 possible answers" in result.stderr and f"solved in {len(lines)} guesses" in result.stderr
    quiet = invoke(runner, ["--game", "wordle", "--quiet"], input="\n".join(lines) + "\n")
    assert quiet.stdout == result.stdout and quiet.stderr == ""


def test_batch_primel_known_answer(runner):
    result = invoke(runner, ["--game", "primel", "--pool-only"], input="01001\n")
    assert result.exit_code == 0, result.stderr
    first, second = result.stdout.splitlines()
    assert first == "17923"
    assert "8363 possible answers" in result.stderr and "206 possible answers" in result.stderr
    pool = naive.prune("strict", "17923", (0, 1, 0, 0, 1), [str(p) for p in range(10007, 100000) if all(p % d for d in range(2, int(p**0.5) + 1))])
    assert len(pool) == 206 and second in pool


def test_batch_other_word_undo_and_quit(runner):
    lines = [
        "slate " + tiles_for("slate", "cigar", "emoji"),  # the player used another word
        "undo",
        "cigar GGGGG",
        "this line is never read",
    ]
    result = invoke(runner, [], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout.splitlines()
    assert out[0] == "roate" and out[2] == "roate"  # after undo the first suggestion is back
    assert len(out) == 3
    assert "solved in 1 guess" in result.stderr
    result = invoke(runner, ["-q"], input="quit\nAAAAA\n")
    assert result.exit_code == 0 and result.stdout == "roate\n"


def test_batch_shows_the_few_remaining_answers(runner):
    result = invoke(runner, ["--game", "wordle", "--pool-only", "--show", "5"], input="CCCAA\nACCCA\n")
    assert result.exit_code == 0, result.stderr
    assert "3 possible answers:" in result.stderr and "cigar circa vicar" in result.stderr
    assert "18 possible answers." in result.stderr and "18 possible answers:" not in result.stderr


@pytest.mark.parametrize("line, message", [("EEEEA", "no possible answer"), ("ACAC", "expected 5"), ("undo", "nothing to undo")])
def test_batch_errors_exit_1_with_one_line(runner, line, message):
    result = invoke(runner, ["-q"], input=line + "\n")
    assert result.exit_code == 1
    assert result.stdout == "roate\n"
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_batch_warns_about_unknown_and_hard_mode_breaking_guesses(runner):
    result = invoke(runner, ["--hard", "-q", "--allow-any-word"], input="AAAAE\nxyzzy AAAAA\n")  # else refused: test_any_word.py
    assert result.exit_code == 0, result.stderr
    assert "'xyzzy' is in neither word list" in result.stderr
    assert "breaks hard mode: 5th letter must be E" in result.stderr


# ---------------------------------------------------------------- interactive mode


def test_interactive_conversation(runner):
    result = invoke(runner, ["--game", "wordle", "--interactive", "--pool-only"], input="CCCAA\nnonsense\nundo\nCCCAA\nACCCA\nlist\nEEEEE\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "suggestion: raise  (expected left 61.0009, 5.87791 bits)" in out
    assert out.count("suggestion: raise") == 2  # the start, and after undo
    assert "error: " in out and "nonsense" in out  # explained, then asked again
    assert "3 possible answers:\n  cigar circa vicar" in out
    assert "solved in 3 guesses" in out
    assert "feedback> " in out


def test_interactive_ends_quietly_at_end_of_input(runner):
    result = invoke(runner, ["--interactive"], input="ACAAA\n")
    assert result.exit_code == 0 and result.stdout.count("feedback> ") == 2


# ---------------------------------------------------------------- one word, one board (issue 36, item 5)


def test_boards_refuse_a_turn_that_solves_two_boards_with_one_word(runner, tmp_path):
    """`cigar GGGGG GGGGG` with --boards 2 printed "all 2 boards solved in 1 turn": the boards' answers differ."""
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\n")
    files = ["--answers", str(answers), "--allowed", str(answers)]
    batch = invoke(runner, [*files, "--boards", "2", "--batch", "-q", "--first", "cigar"], input="cigar GGGGG GGGGG\n")
    assert batch.exit_code == 1 and batch.stdout == "cigar\n"
    assert batch.stderr.splitlines() == [
        "Error: <stdin> line 1: one guess solves at most one board, but 'cigar' is all green on boards 1, 2; check the feedback, or undo"
    ]
    rebut = "".join("GYB"[2 - t] for t in naive.feedback("cigar", "rebut"))
    talk = invoke(runner, [*files, "--boards", "2", "--interactive", "-q", "--first", "cigar"], input=f"GGGGG GGGGG\nGGGGG {rebut}\nrebut GGGGG\n")
    assert talk.exit_code == 0, talk.stderr
    assert "error: one guess solves at most one board" in talk.stdout  # said, and the game goes on
    assert "all 2 boards solved in 2 turns" in talk.stdout + talk.stderr


# ---------------------------------------------------------------- the game's rows (issue 36, item 6)


@pytest.mark.parametrize("options, line, rows", [([], "fuzzy BBBBB", 6), (["--lies", "1"], "fuzzy BBBBG", 9)])
def test_play_ends_lost_at_the_games_rows_and_shares_no_more(runner, options, line, rows):
    """Nine `fuzzy BBBBB` turns printed `Wordle X/6` and nine rows; Fibble went 12 rows past its 9."""
    result = invoke(runner, ["--batch", "--share", *options], input=f"{line}\n" * (rows + 3))
    assert result.exit_code == 0, result.stderr
    grid = result.stdout.split("\n\n")[-1].split("\n")
    head = result.stdout.split("\n\n")[0].splitlines()[-1]
    assert head == ("Fibble" if options else "Wordle") + f" X/{rows}"
    assert [row for row in grid if row] == [line.split()[1].replace("B", "⬛").replace("G", "🟩")] * rows
    assert result.stdout.count("\n") == rows + rows + 2  # a suggestion per turn played, then the grid
    assert result.stderr.count("lost: ") == 1 and f"lost: not solved in {rows} guesses" in result.stderr


def test_play_boards_end_lost_at_their_turns(runner, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\n")
    files = ["--answers", str(answers), "--allowed", str(answers), "--first", "cigar", "--max-guesses", "2"]
    miss = "".join("GYB"[2 - t] for t in naive.feedback("cigar", "rebut"))
    result = invoke(runner, [*files, "--boards", "2", "--batch"], input=f"cigar {miss} {miss}\n" * 2 + "undo\n")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("lost: ") == 1 and "lost: not solved in 2 turns" in result.stderr
