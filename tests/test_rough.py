"""Issue 36's rough edges (items 8-14): numbers that mean nothing, guesses outside the alphabet,
empty pools, input forms, options the help promises, help and outputs that name today's game."""

from __future__ import annotations

import click
import pytest
from clitools import invoke, write

from wordle_cli.cli import main

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "lints", "chump", "dwarf", "sissy"]


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "a.txt", ANSWERS), "--allowed", write(tmp_path / "g.txt", ALLOWED)]


def every_parameter(command=main, path=("wordle",)):
    """(command path, parameter) for every option and argument of every subcommand (loaded as they run)."""
    for param in command.params:
        yield " ".join(path), param
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            yield from every_parameter(command.get_command(ctx, name), (*path, name))


# ---------------------------------------------------------------- 8: float options refuse nan and inf


@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "infinity", "-1", "1e400", "soon"])
def test_time_limit_refuses_what_is_not_a_finite_time(runner, lists, value):
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", value, "-q"])
    assert result.exit_code == 2, result.stdout
    assert "--time-limit" in result.stderr and "a finite number of seconds, 0 or more" in result.stderr
    assert [line for line in result.stderr.splitlines() if "Error" in line] == [result.stderr.splitlines()[-1]]


def test_time_limit_0_is_no_limit_as_in_every_command(runner, lists):
    """fibble solve's 0 means what review's and tree build's does: prove to the end."""
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", "0", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-2].startswith("minimum ")


def test_time_limit_takes_a_finite_time(runner, lists):
    result = invoke(runner, ["fibble", "solve", *lists, "--time-limit", "1e3", "-q", "--tiles", "letters"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-2].startswith("minimum ")


def test_every_float_option_is_the_shared_seconds_type():
    from wordle_cli.cli.types import Seconds

    floats = [(where, p.name) for where, p in every_parameter() if isinstance(p.type, click.types.FloatParamType)]
    assert not floats, f"float options outside the shared type: {floats}"
    seconds = [(where, p.name) for where, p in every_parameter() if isinstance(p.type, Seconds)]
    assert ("wordle fibble solve", "time_limit") in seconds


# ---------------------------------------------------------------- 9: a guess outside the game's alphabet is refused


def test_review_refuses_a_guess_with_a_nul_byte(runner):
    result = invoke(runner, ["review", "-"], input="sa\x00et BYBBB\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert "'sa\\x00et' is not a word of the game: '\\x00' is in none of its words" in result.stderr
    assert "playing it anyway" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["review", "--answer", "cigar", "sa1et", "cigar"],
        ["review", "sa1et", "BYBBB"],
        ["solve", "--first", "sa1et", "cigar"],
        ["fibble", "solve", "--first", "sa1et", "--max-guesses", "1"],
        ["partition", "sa1et"],
    ],
)
def test_every_command_refuses_a_guess_outside_the_alphabet(runner, args):
    result = invoke(runner, args)
    assert result.exit_code == 2, result.stderr
    assert "'sa1et' is not a word of the game: '1' is in none of its words (the game's words use only abcdefghijklmnopqrstuvwxyz)" in result.stderr


@pytest.mark.parametrize("line", ["sa\x00et BYBBB", "sa1et BYBBB"])
def test_play_refuses_a_turn_outside_the_alphabet(runner, line):
    result = invoke(runner, ["play", "--batch", "-q"], input=line + "\n")
    assert result.exit_code == 1
    assert "<stdin> line 1: " in result.stderr and "is not a word of the game" in result.stderr
    assert "neither word list" not in result.stderr
    boards = invoke(runner, ["play", "--batch", "-q", "--boards", "2"], input=line.replace("BYBBB", "BYBBB BBBBB") + "\n")
    assert boards.exit_code == 1 and "is not a word of the game" in boards.stderr


def test_a_guess_of_the_lists_symbols_off_the_lists_is_still_played(runner, lists):
    # 'cairn' is in neither list but spelt with their letters: refused as the game refuses it, or with
    # --allow-any-word played, with the warning.
    refused = invoke(runner, ["review", *lists, "--answer", "cigar", "cairn", "cigar"])
    assert refused.exit_code == 2 and "'cairn' is in neither word list: the game refuses it" in refused.stderr
    result = invoke(runner, ["review", *lists, "--allow-any-word", "--answer", "cigar", "cairn", "cigar"])
    assert result.exit_code == 0, result.stderr
    assert "'cairn' is in neither word list; playing it anyway" in result.stderr
    odd = invoke(runner, ["review", *lists, "--answer", "cigar", "jazzy", "cigar"])  # j is in no word of these lists
    assert odd.exit_code == 2 and "'j' is in none of its words" in odd.stderr


# ---------------------------------------------------------------- 10: an empty pool is a pool


def test_a_prune_that_kept_nothing_feeds_the_next_prune(runner):
    first = invoke(runner, ["prune", "-q", "--lies", "5", "crane", "AAAAA"])
    assert first.exit_code == 0 and first.stdout == ""
    second = invoke(runner, ["prune", "-q", "crane", "AAAAA", "-", "-"], input=first.stdout)
    assert second.exit_code == 0, second.stderr
    assert second.stdout == "" and second.stderr == ""
    told = invoke(runner, ["prune", "crane", "AAAAA", "-", "-"], input="# only a comment\n\n")
    assert told.exit_code == 0 and told.stdout == ""
    assert told.stderr == "<stdin> holds no potential answers (an earlier prune kept none): kept 0 of 0\n"


def test_an_empty_pool_still_checks_the_feedback_against_the_guess(runner):
    result = invoke(runner, ["prune", "-q", "crane", "AAAA", "-", "-"], input="")
    assert result.exit_code == 2 and "4 tiles given, expected 5" in result.stderr


def test_an_empty_pool_overwrites_the_output_in_place(runner, tmp_path):
    pool = tmp_path / "left.txt"
    pool.write_text("")
    result = invoke(runner, ["prune", "-q", "crane", "AAAAA", str(pool), str(pool)])
    assert result.exit_code == 0 and pool.read_text() == ""


@pytest.mark.parametrize("lies, header", [("0", "guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len"),
                                          ("1", "guess,is_potential_answer,average_num_allowed,max_wordlist_len")])
def test_score_ranks_nothing_against_an_empty_pool(runner, tmp_path, lies, header):
    allowed = write(tmp_path / "g.txt", ALLOWED)
    result = invoke(runner, ["score", "--lies", lies, allowed, "-", "-"], input="")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == header + "\n"
    assert "<stdin> holds no potential answers (an earlier prune kept none): wrote the header alone" in result.stderr
    assert invoke(runner, ["score", "-q", allowed, "-", "-"], input="").stderr == ""


def test_an_empty_list_of_guesses_is_still_an_error(runner, tmp_path):
    answers = write(tmp_path / "a.txt", ANSWERS)
    result = invoke(runner, ["score", "-q", "-", answers, "-"], input="")
    assert result.exit_code == 1 and "<stdin>: the word list is empty" in result.stderr


# ---------------------------------------------------------------- 12: the forms people type


def tiles_of(guess: str, answer: str) -> str:
    import naive

    return "".join("⬛🟨🟩"[t] for t in naive.feedback(guess, answer))


def test_review_reads_a_grid_and_then_its_guesses_on_one_line(runner, lists):
    guesses = ["raise", "focal", "cigar"]
    grid = "Wordle 1 3/6\n\n" + "\n".join(tiles_of(g, "cigar") for g in guesses) + "\n"
    one_line = invoke(runner, ["review", *lists, "--json", "-"], input=grid + " ".join(guesses) + "\n")
    assert one_line.exit_code == 0, one_line.stderr
    per_line = invoke(runner, ["review", *lists, "--json", "-"], input=grid + "\n".join(guesses) + "\n")
    assert per_line.exit_code == 0, per_line.stderr
    assert one_line.stdout == per_line.stdout
    assert [turn["guess"] for turn in __import__("json").loads(one_line.stdout)["turns"]] == guesses


def test_review_of_a_grid_without_guesses_shows_the_forms(runner, lists):
    result = invoke(runner, ["review", *lists, "-"], input="Wordle 1 2/6\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: no guesses on standard input: the grid's 2 rows need their guesses; give GUESS [FEEDBACK] per line, "
        "or the share grid and then its guesses, one per line or all on one line"
    )


@pytest.mark.parametrize("spaced", ["b b g b b", "⬛ ⬛ 🟩 ⬛ ⬛", "B B G B B", "0 0 2 0 0", "bbgbb"])
def test_play_reads_a_word_and_spaced_tiles(runner, spaced):
    from wordle_cli.solver.session import parse_entry

    assert parse_entry(f"crane {spaced}", 5).guess == "crane"
    assert parse_entry(f"crane {spaced}", 5).tiles == (0, 0, 2, 0, 0)
    result = invoke(runner, ["play", "--batch", "-q"], input=f"crane {spaced}\n")
    assert result.exit_code == 0, result.stderr
    alone = invoke(runner, ["play", "--batch", "-q"], input="crane BBGBB\n")
    assert result.stdout == alone.stdout and len(result.stdout.split()) == 2  # the opener and the next suggestion


# ---------------------------------------------------------------- 13: the README's table, --help and the commands agree

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def readme_commands() -> list[tuple[list[str], str, str]]:
    """(command words, what it does, main options) for each row of the README's commands table."""
    import re

    rows = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `wordle ([a-z ]+?)(?: [A-Z\[].*?)?` \| (.*) \| (.*) \|$", line)
        if m:
            rows.append((m[1].split(), m[2], m[3]))
    return rows


def help_of(runner, words) -> str:
    result = invoke(runner, [*words, "--help"])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_every_option_in_the_readme_table_is_in_the_commands_help(runner):
    import re

    rows = readme_commands()
    assert len(rows) >= 15
    for words, _, options in rows:
        text = help_of(runner, words)
        for option in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", options):
            assert option in text, f"README says `wordle {' '.join(words)}` takes {option}; its --help does not"


def test_the_commands_the_table_says_take_a_liar_do(runner):
    fibble = next(what for words, what, _ in readme_commands() if words == ["fibble", "solve"])
    assert "`solve` and `simulate` take `--lies 1 --liar random\\|worst`, `play` `--lies 1`" in fibble
    for command in ("solve", "simulate"):
        assert "--liar [random|worst]" in help_of(runner, [command])
    options = help_of(runner, ["play"]).split("Options:")[1]
    assert "\n  --lies N" in options and "\n  --liar" not in options


def test_play_refuses_a_liar_saying_why(runner):
    result = invoke(runner, ["play", "--lies", "1", "--liar", "random", "--batch"], input="CACAA\n")
    assert result.exit_code == 2
    assert "play reads the rows your game showed (with --lies N), so there is no liar to choose" in result.stderr


def test_play_with_lies_offers_no_review(runner, lists):
    honest = invoke(runner, ["play", *lists, "--batch"], input="help\n")
    assert "'review' grades the game so far" in honest.stderr
    lying = invoke(runner, ["play", *lists, "--lies", "1", "--batch"], input="help\n")
    assert lying.exit_code == 0, lying.stderr
    assert "'list' shows the possible answers" in lying.stderr and "review" not in lying.stderr
    assert "(review: not with --lies)" in help_of(runner, ["play"])


# ---------------------------------------------------------------- 14: help and outputs name today's game and its lists


def test_score_help_shows_todays_first_row(runner):
    best = invoke(runner, ["score", "-q", "--top", "1"]).stdout.splitlines()[1]
    assert best == "roate,false,86.8195,5140.94,256"
    assert best in help_of(runner, ["score"]) and "60.4246" not in help_of(runner, ["score"])


def test_lists_names_the_installed_path_of_one_list(runner):
    from wordle_cli.shipped import shipped_list

    result = invoke(runner, ["lists", "nyt-allowed.txt"])
    assert result.exit_code == 0 and result.stdout == shipped_list("nyt-allowed.txt") + "\n"
    wrong = invoke(runner, ["lists", "nyt.txt"])
    assert wrong.exit_code == 2 and "no shipped list is named 'nyt.txt'; the lists: nyt-answers.txt, " in wrong.stderr
    assert "the Wordle lists" not in help_of(runner, ["lists"])


def test_play_along_a_tree_says_it_follows_the_tree(runner, lists, tmp_path):
    tree = str(tmp_path / "t.tree")
    assert invoke(runner, ["tree", "build", *lists, "--first", "raise", "-q", "-o", tree]).exit_code == 0
    result = invoke(runner, ["play", *lists, "--tree", tree, "--batch"], input="BBBBB\n")
    assert result.exit_code == 0, result.stderr
    first = result.stderr.splitlines()[0]
    assert f"the moves of {tree} (off the tree: the expected strategy)" in first and "; expected strategy" not in first
    simulated = invoke(runner, ["simulate", *lists, "--tree", tree])
    assert f"16 guess candidates; the moves of {tree}; cpu backend" in simulated.stderr.splitlines()[0]


def test_a_tree_page_names_its_lists(runner, lists, tmp_path):
    tree, page = str(tmp_path / "t.tree"), tmp_path / "t.html"
    assert invoke(runner, ["tree", "build", *lists, "--first", "raise", "-q", "-o", tree]).exit_code == 0
    assert invoke(runner, ["tree", "show", *lists, tree, "--format", "html", "-o", str(page)]).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "<dt>lists</dt><dd>nyt, answers a.txt, allowed g.txt: 12 answers</dd>" in html
    assert f"<title>Decision tree: {tree} (nyt, answers a.txt, allowed g.txt: 12 answers)</title>" in html


def test_expected_answers_left_never_in_exponent_form(runner):
    from wordle_cli.reviewer.report import _left

    assert [_left(x) for x in (1, 1.5, 2.236, 99.94, 104.2, 1161.3, 12803.2)] == ["1", "1.5", "2.24", "99.9", "104", "1161", "12803"]
    result = invoke(runner, ["review", "-q", "--strategy", "expected", "--answer", "cigar", "fuzzy", "cigar"])
    assert result.exit_code == 0, result.stderr
    assert "3158 → 1842 (1161)" in result.stdout and "e+0" not in result.stdout


@pytest.mark.parametrize("extra, said", [(["roate"], "1 guess follows it"), (["roate", "raise"], "2 guesses follow it")])
def test_a_game_won_early_counts_what_follows_in_words(runner, lists, extra, said):
    result = invoke(runner, ["review", *lists, "--answer", "cigar", "cigar", *extra])
    assert result.exit_code == 2
    assert f"the game was won at turn 1 ('cigar'); {said}" in result.stderr


def test_tree_build_refuses_a_history_outside_the_alphabet(runner, lists):
    result = invoke(runner, ["tree", "build", *lists, "--from", "sa1et:BBBBB"])
    assert result.exit_code == 2
    assert "'sa1et' is not a word of the game: '1' is in none of its words" in result.stderr
