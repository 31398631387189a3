"""Issue 11's interface: one tile vocabulary, colour (--color, NO_COLOR, FORCE_COLOR, terminals), solve's table."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import naive
import pytest

from wordle_cli import colour
from wordle_cli.cli import main

ROOT = Path(__file__).resolve().parent.parent
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "zzzzz", "eerie", "qajaq", "lints", "chump", "salet", "bumph"]
ANSI = re.compile(r"\x1b\[([0-9;]*)m")
BACKGROUND = {"100": 0, "43": 1, "42": 2}  # grey absent, yellow contained, green exact


def invoke(runner, args, env=None):
    result = runner.invoke(main, args, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"wordle {' '.join(args)} raised {result.exception!r}") from result.exception
    return result


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)


@pytest.fixture
def lists(tmp_path):
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n", encoding="utf-8")
    (tmp_path / "g.txt").write_text("\n".join(ALLOWED) + "\n", encoding="utf-8")
    return ["--answers", str(tmp_path / "a.txt"), "--allowed", str(tmp_path / "g.txt")]


def painted_tiles(text: str) -> list[int]:
    """The tile of each coloured character, read from its background code."""
    return [BACKGROUND[codes.split(";")[-1]] for codes in ANSI.findall(text) if codes != "0"]


# ---------------------------------------------------------------- when to colour


class Stream:
    def __init__(self, tty: bool):
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    "choice, tty, env, want",
    [
        ("auto", True, {}, True),
        ("auto", False, {}, False),
        ("auto", True, {"NO_COLOR": "1"}, False),
        ("auto", False, {"FORCE_COLOR": "1"}, True),
        ("auto", True, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
        ("auto", True, {"NO_COLOR": ""}, True),  # NO_COLOR counts only when non-empty
        ("always", False, {"NO_COLOR": "1"}, True),  # an explicit choice wins
        ("never", True, {"FORCE_COLOR": "1"}, False),
    ],
)
def test_when_to_colour(choice, tty, env, want, monkeypatch):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert colour.wanted(choice, Stream(tty)) is want


def test_feedback_colour_flags(runner):
    plain = invoke(runner, ["feedback", "sheer", "super"])
    assert plain.stdout == "EAAEE\n"  # CliRunner's stdout is no terminal
    coloured = invoke(runner, ["feedback", "sheer", "super", "--color", "always"]).stdout
    assert ANSI.sub("", coloured) == "EAAEE\n" and painted_tiles(coloured) == [2, 0, 0, 2, 2]
    assert invoke(runner, ["feedback", "sheer", "super"], env={"FORCE_COLOR": "1"}).stdout == coloured
    assert invoke(runner, ["feedback", "sheer", "super", "--colour", "never"], env={"FORCE_COLOR": "1"}).stdout == "EAAEE\n"
    assert invoke(runner, ["feedback", "sheer", "super"], env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout == "EAAEE\n"
    emoji = invoke(runner, ["feedback", "sheer", "super", "--tiles", "emoji", "--color", "always"]).stdout
    assert emoji == "🟩⬛⬛🟩🟩\n"  # emoji are coloured already


def run_on_terminal(args, env_extra=None) -> str:
    """Run `python -m wordle_cli ARGS` with stdout on a pseudo-terminal; what it wrote."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(env_extra or {})
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "wordle_cli", *args], stdout=follower, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # EIO: the terminal's other end is closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


def test_colour_on_a_terminal_only(tmp_path):
    on_tty = run_on_terminal(["feedback", "sheer", "super"])
    assert painted_tiles(on_tty) == [2, 0, 0, 2, 2]
    assert ANSI.search(run_on_terminal(["feedback", "sheer", "super"], {"NO_COLOR": "1"})) is None
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    piped = subprocess.run([sys.executable, "-m", "wordle_cli", "feedback", "sheer", "super"], capture_output=True, text=True, env=env)
    assert piped.stdout == "EAAEE\n"


# ---------------------------------------------------------------- one tile vocabulary


@pytest.mark.parametrize("style, spelled", [("emoji", "🟩⬛⬛🟩🟩"), ("letters", "EAAEE"), ("ace", "EAAEE"), ("byg", "GBBGG"), ("digits", "20022")])
def test_feedback_tiles_and_old_style_option(runner, style, spelled):
    assert invoke(runner, ["feedback", "sheer", "super", "--tiles", style]).stdout == spelled + "\n"
    assert invoke(runner, ["feedback", "sheer", "super", "--style", style]).stdout == spelled + "\n"


@pytest.mark.parametrize("style", ["emoji", "letters", "byg", "digits"])
def test_every_table_command_speaks_the_same_tiles(runner, lists, tmp_path, style):
    from wordle_cli.model.feedback import parse

    solve = invoke(runner, ["solve", "cigar", *lists, "-q", "--tiles", style, "--color", "always"])
    assert solve.exit_code == 0, solve.stderr
    for row in solve.stdout.splitlines()[1:]:
        cells = row.split()
        guess, tiles = ANSI.sub("", cells[1]), parse(ANSI.sub("", cells[2]))
        assert tiles == naive.feedback(guess, "cigar")
        if style != "emoji":
            assert painted_tiles(cells[2]) == list(tiles)
        assert painted_tiles(cells[1]) == list(tiles)  # the guess's letters on their tiles' colours

    part = invoke(runner, ["partition", "salet", *lists, "--tiles", style, "--color", "always"])
    assert part.exit_code == 0, part.stderr
    for row in part.stdout.splitlines()[1:]:
        mark, _, *words = row.split()
        tiles = parse(ANSI.sub("", mark))
        assert all(naive.feedback("salet", w) == tiles for w in words if w != "…")
        assert style == "emoji" or painted_tiles(mark) == list(tiles)

    tree = tmp_path / "t.tree"
    assert invoke(runner, ["tree", "build", *lists, "-q", "--first", "salet", "-o", str(tree)]).exit_code == 0
    show = invoke(runner, ["tree", "show", str(tree), "--tiles", style, "--color", "always"])
    marks = [ANSI.sub("", line.split()[0]) for line in show.stdout.splitlines()[1:]]
    assert sorted(parse(m) for m in marks) == sorted({naive.feedback("salet", a) for a in ANSWERS})
    never = invoke(runner, ["partition", "salet", *lists, "--tiles", style])
    assert ANSI.search(never.stdout) is None


def test_unknown_tile_style_is_a_usage_error(runner):
    result = invoke(runner, ["solve", "cigar", "--tiles", "rainbow"])
    assert result.exit_code == 2 and "emoji, letters, byg, digits" in result.stderr


def test_solve_aligns_decimal_points(runner):
    result = invoke(runner, ["solve", "cigar", "-q", "--game", "wordle"])
    lines = result.stdout.splitlines()
    assert lines[1].split()[1:] == ["roate", "🟨⬛🟨⬛⬛", "2315", "60.4246", "5.88278"]
    points = {"expected": set(), "entropy": set()}
    for line in lines[1:]:
        expected, entropy = line.split()[-2:]
        at_entropy = line.rindex(entropy)
        at_expected = line.rindex(expected, 0, at_entropy)
        # where the point is, or would be for an integer
        points["expected"].add(at_expected + len(expected.split(".")[0]))
        points["entropy"].add(at_entropy + len(entropy.split(".")[0]))
    assert all(len(found) == 1 for found in points.values()), lines


# ---------------------------------------------------------------- defaults: score, prune, lists


def test_score_top_keeps_the_header(runner, tmp_path):
    answers, allowed = ANSWERS, ALLOWED + ANSWERS[:3]
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n", encoding="utf-8")
    (tmp_path / "g.txt").write_text("\n".join(allowed) + "\n", encoding="utf-8")
    result = invoke(runner, ["score", str(tmp_path / "g.txt"), str(tmp_path / "a.txt"), "-", "--top", "3", "-q"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == naive.csv_text("strict", allowed, answers).splitlines()[:4]


@pytest.mark.slow
def test_score_alone_ranks_the_games_lists(runner):
    alone = invoke(runner, ["score", "--game", "wordle", "--top", "5", "-q"])
    assert alone.exit_code == 0, alone.stderr
    lists = [str(ROOT / "wordlists" / name) for name in ("wordle-allowed.txt", "wordle-answers.txt")]
    full = invoke(runner, ["score", *lists, "-", "-q"])
    assert alone.stdout.splitlines() == full.stdout.splitlines()[:6]
    assert alone.stdout.splitlines()[1].startswith("roate,false,60.4246,")


@pytest.mark.parametrize("args", [["a.txt"], ["a.txt", "b.txt"], ["a.txt", "b.txt", "-", "--game", "wordle"]])
def test_score_takes_all_three_paths_or_none(runner, args):
    result = invoke(runner, ["score", *args])
    assert result.exit_code == 2 and "ALLOWED ANSWERS OUTPUT" in result.stderr


def test_score_warns_when_the_lists_share_no_symbol(runner, tmp_path):
    (tmp_path / "greek.txt").write_text("αβγ\nγδε\n", encoding="utf-8")
    (tmp_path / "latin.txt").write_text("abc\ncde\n", encoding="utf-8")
    result = invoke(runner, ["score", str(tmp_path / "greek.txt"), str(tmp_path / "latin.txt"), "-", "-q"])
    assert result.exit_code == 0 and result.stderr.count("share no symbol") == 1
    shared = invoke(runner, ["score", str(tmp_path / "latin.txt"), str(tmp_path / "latin.txt"), "-", "-q"])
    assert shared.stderr == ""


def test_prune_without_answers_uses_the_games(runner):
    from wordle_cli.model.game import load_lists

    words = load_lists("wordle")[0].words
    result = invoke(runner, ["prune", "roate", "🟨 ⬛ 🟨 ⬛ ⬛", "-q", "--game", "wordle"])  # spaces between tiles too
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == naive.prune("strict", "roate", (1, 0, 1, 0, 0), words)
    positional = invoke(runner, ["prune", "roate", "CACAA", str(ROOT / "wordlists" / "wordle-answers.txt"), "-", "-q"])
    assert positional.stdout == result.stdout
    primel = invoke(runner, ["prune", "17923", "01001", "--game", "primel", "-q"])
    assert len(primel.stdout.split()) == 206  # the README's known answer
    mixed = invoke(runner, ["prune", "roate", "CACAA", "answers.txt", "--game", "primel"])
    assert mixed.exit_code == 2


def test_lists_shows_paths_sizes_digests(runner):
    import hashlib

    result = invoke(runner, ["lists"])
    rows = [line.split() for line in result.stdout.splitlines()]
    assert [row[0] for row in rows] == [
        "nyt-answers.txt", "nyt-allowed.txt", "wordle-answers.txt", "wordle-allowed.txt", "greek-answers.txt", "greek-allowed.txt"
    ]
    assert [row[1] for row in rows] == ["3158", "14855", "2315", "12972", "780", "8095"]
    for name, _, digest, path in rows:
        assert Path(path).name == name and hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest


# ---------------------------------------------------------------- shell completion


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_prints_clicks_script(runner, shell):
    result = invoke(runner, ["completion", shell])
    assert result.exit_code == 0 and "_WORDLE_COMPLETE" in result.stdout and f"{shell}_complete" in result.stdout


def test_bash_completes_commands_and_tile_styles(tmp_path):
    import shutil

    if shutil.which("bash") is None:
        pytest.skip("no bash")
    shim = tmp_path / "wordle"  # a console script named wordle, as pip installs it
    shim.write_text(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\nfrom wordle_cli.cli import entry_point\nentry_point()\n")
    shim.chmod(0o755)
    script = (
        'eval "$(wordle completion bash)"\n'
        "COMP_WORDS=(wordle sc); COMP_CWORD=1; COMPREPLY=(); _wordle_completion wordle; echo \"${COMPREPLY[*]}\"\n"
        "COMP_WORDS=(wordle solve --tiles ''); COMP_CWORD=3; COMPREPLY=(); _wordle_completion wordle; echo \"${COMPREPLY[*]}\"\n"
        "COMP_WORDS=(wordle play --boards ''); COMP_CWORD=3; COMPREPLY=(); _wordle_completion wordle; echo \"${COMPREPLY[*]}\"\n"
        "COMP_WORDS=(wordle solve --layout ''); COMP_CWORD=3; COMPREPLY=(); _wordle_completion wordle; echo \"${COMPREPLY[*]}\"\n"
    )
    env = {**os.environ, "PATH": f"{tmp_path}{os.pathsep}{os.environ['PATH']}"}
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, check=True).stdout.splitlines()
    assert out == ["score", "emoji letters byg digits", "dordle quordle octordle sedecordle duotrigordle", "auto wide compact"]


# ---------------------------------------------------------------- play's messages, share grids


def test_play_explains_a_bare_word_and_a_typo_once(runner):
    result = runner.invoke(main, ["play", "--interactive", "-q"], input="crane\nCCQAA\nquit\n")
    errors = [line for line in result.stdout.splitlines() if "error:" in line]
    assert len(errors) == 2
    assert "did you mean `crane FEEDBACK`?" in errors[0]
    assert "'q' at position 3 is not a tile" in errors[1]


def test_share_grids(runner):
    solved = invoke(runner, ["solve", "cigar", "-q", "--share"])
    assert solved.stdout.endswith("\nWordle 3/6\n\n🟨⬛🟨⬛⬛\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩\n")
    played = runner.invoke(main, ["play", "--interactive", "-q", "--hard"], input="CACAA\nshare\nquit\n")
    assert "Wordle, 1 row so far, hard mode\n\n🟨⬛🟨⬛⬛\n" in played.stdout  # unfinished (no score yet), hard mode
    batch = runner.invoke(main, ["play", "-q", "--share"], input="CACAA\nECCAA\nEEEEE\n")
    assert batch.stdout == "roate\ncarrs\ncigar\nWordle 3/6\n\n🟨⬛🟨⬛⬛\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩\n"
