"""Every example in README.md and docs/*.md runs and prints what the page shows.

The rules (also in docs/development.md, "Examples in the docs are tests"):

- A ```console block is a shell session: each line starting with `$ ` is a
  command, and the lines after it, up to the next `$ ` line or the end of the
  block, are its output exactly as a user sees it (stdout and stderr merged).
  The commands of one block run in order in one bash process (variables and
  `cd` carry over), in a fresh temporary folder that holds `wordlists/` and
  `examples/` of this checkout, with a `wordle` on PATH that runs this
  checkout, on the CPU backend (WORDLE_BACKEND=cpu), for the puzzle of
  2026-06-01 (WORDLE_DATE, which --prior nyt reads). Every command must exit
  0 (show a failure as `$ wordle ... || echo "exit status $?"`).
- Compared line by line, trailing spaces and trailing blank lines ignored.
  Timings are masked: a number followed by `s`, `ms` or `min` matches any
  number followed by the same unit. `...` matches anything: alone on a line, any
  number of lines (none included); inside a line, any text on that line.
- `<!-- doc-test: slow -->` on the line before a block's fence marks it slow
  (it runs only with `-m slow`, e.g. `make test-all`): for full proofs that take
  more than a few seconds.
- ```pycon blocks of a page are one doctest (ELLIPSIS on), run in this process.
- ```sh blocks and unlabelled blocks are not run.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SLOW_MARK = "<!-- doc-test: slow -->"
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)\s*$")
TIMING = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?: ?)(ms|s|min)\b")
MARK = "\x1e"  # separates the commands' outputs in the merged stream
TIMEOUT_S = 300
#: The puzzle the pages' examples are for (--date): the day after the shipped history's last.
DOCS_DATE = "2026-06-01"


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    text: str  # the block's lines, the fence's indentation removed
    slow: bool

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page (indented ones in lists included)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening or not opening["lang"] and lines[i].strip() != "```":
            i += 1
            continue
        indent = len(opening["indent"])
        end = i + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            raise AssertionError(f"{page.name}:{i + 1}: a code block is never closed")
        body = [line[indent:] if line[:indent].strip() == "" else line for line in lines[i + 1 : end]]
        before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        found.append(Block(page, i + 1, opening["lang"], "\n".join(body) + "\n", before == SLOW_MARK))
        i = end + 1
    return found


def all_blocks(lang: str) -> list[Block]:
    return [block for page in PAGES for block in blocks(page) if block.lang == lang]


def session(text: str) -> list[tuple[str, list[str]]]:
    """A console block as (command, expected output lines) pairs."""
    steps: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"output before the first command: {line!r}")
    return steps


def tidy(lines: list[str]) -> list[str]:
    """Trailing spaces and blank lines dropped, timings masked."""
    lines = [TIMING.sub(r"<time \1>", line.rstrip()) for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def pattern(expected: list[str]) -> re.Pattern:
    """A regex for the whole output, with `...` lines and segments as wildcards."""
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append("[^\n]*?".join(re.escape(piece) for piece in line.split("...")) + "\n")
    return re.compile("".join(parts))


def matches(expected: list[str], actual: list[str]) -> bool:
    text = "".join(line + "\n" for line in tidy(actual))
    return pattern(tidy(expected)).fullmatch(text) is not None


@pytest.fixture(scope="module")
def wordle_bin(tmp_path_factory) -> Path:
    """A folder with a `wordle` that runs this checkout, whatever is installed."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "wordle"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m wordle_cli "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return folder


def run_session(steps: list[tuple[str, list[str]]], cwd: Path, wordle_bin: Path) -> list[tuple[int, list[str]]]:
    """Run the commands in one bash; each command's exit status and merged output lines."""
    script = "".join(f"printf '{MARK}\\n'\n{command}\nprintf '\\n{MARK}%d\\n' $?\n" for command, _ in steps)
    unset = {"FORCE_COLOR", "NO_COLOR", "COLUMNS", "LINES", "WORDLE_BACKEND", "WORDLE_CACHE_DIR", "WORDLE_HISTORY_URL", "WORDLE_PRIOR", "WORDLE_DATE"}
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["PATH"] = f"{wordle_bin}{os.pathsep}{env.get('PATH', '')}"
    env["WORDLE_BACKEND"] = "cpu"  # what the pages show (a GPU gives the same bytes, but says "on cuda")
    env["WORDLE_DATE"] = DOCS_DATE  # the nyt prior of one puzzle, so the pages' numbers do not move with the calendar
    env["WORDLE_CACHE_DIR"] = str(cwd / ".cache")  # `wordle review` keeps proven values: not in the user's cache
    env["WORDLE_DATA_DIR"] = str(cwd / ".data")  # the shipped NYT history alone, not the user's updated copy
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.run(["bash", "-c", script], cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=TIMEOUT_S, check=False)
    out = proc.stdout.decode("utf-8", errors="replace")
    results = []
    for chunk in re.findall(f"{MARK}\n(.*?)\n{MARK}(\\d+)\n", out, flags=re.S):
        text, status = chunk
        results.append((int(status), text.splitlines()))
    assert len(results) == len(steps), f"bash stopped early (status {proc.returncode}):\n{out}"
    return results


def console_params():
    return [pytest.param(block, id=block.name, marks=[pytest.mark.slow] if block.slow else [])
            for block in all_blocks("console")]


@pytest.mark.parametrize("block", console_params())
def test_console_example(block: Block, tmp_path, wordle_bin):
    for name in ("wordlists", "examples"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    steps = session(block.text)
    assert steps, f"{block.name}: a console block without a `$ ` command"
    failures = []
    for (command, expected), (status, actual) in zip(steps, run_session(steps, tmp_path, wordle_bin)):
        if status != 0 or not matches(expected, actual):
            failures.append(f"$ {command}\n  exit status {status}\n  expected:\n"
                            + "".join(f"    {line}\n" for line in expected)
                            + "  got:\n" + "".join(f"    {line}\n" for line in actual))
    assert not failures, f"{block.name}:\n" + "\n".join(failures)


@pytest.mark.parametrize("page", [page for page in PAGES if any(b.lang == "pycon" for b in blocks(page))],
                         ids=lambda page: str(page.relative_to(ROOT)))
def test_python_examples(page: Path):
    text = "".join(block.text for block in blocks(page) if block.lang == "pycon")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(parser.get_doctest(text, {}, page.name, str(page), 0))
    assert result.attempted > 0 and result.failed == 0


# The doc test's own rules, on made-up pages and outputs.

def test_blocks_are_found_with_their_language_indent_and_slow_mark(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n\n```console\n$ echo a\na\n```\n\n- item\n\n  ```console\n  $ echo b\n  b\n  ```\n\n"
                    f"{SLOW_MARK}\n\n```sh\nsleep 1\n```\n```\nplain\n```\n", encoding="utf-8")
    found = blocks(page)
    assert [(b.line, b.lang, b.text, b.slow) for b in found] == [
        (3, "console", "$ echo a\na\n", False),
        (10, "console", "$ echo b\nb\n", False),
        (17, "sh", "sleep 1\n", True),
        (20, "", "plain\n", False),
    ]


def test_session_splits_commands_and_outputs():
    assert session("$ a\n1\n2\n$ b\n$ c\n3\n") == [("a", ["1", "2"]), ("b", []), ("c", ["3"])]
    with pytest.raises(AssertionError, match="before the first command"):
        session("stray\n$ a\n")


@pytest.mark.parametrize("expected, actual, ok", [
    (["a", "b"], ["a", "b  ", "", ""], True),  # trailing spaces and blank lines
    (["a", "b"], ["a", "c"], False),
    (["a"], ["a", "b"], False),
    (["took 1.5 s"], ["took 12.25 s"], True),  # timings masked
    (["took 3 ms, 2 s"], ["took 40 ms, 1.1 s"], True),
    (["took 3 ms"], ["took 3 s"], False),  # the unit still counts
    (["7920 total"], ["7921 total"], False),  # numbers without a unit do not
    (["a,...,c"], ["a,14.816,c"], True),  # a segment wildcard
    (["a,...,c"], ["a,1\n2,c"], False),  # stays on its line
    (["a", "...", "z"], ["a", "z"], True),  # a line wildcard: no lines
    (["a", "...", "z"], ["a", "b", "c", "z"], True),  # or several
    (["a", "...", "z"], ["a", "b", "c"], False),
    (["x (y) [z]*"], ["x (y) [z]*"], True),  # regex characters are literal
])
def test_output_comparison(expected, actual, ok):
    assert matches(expected, actual) is ok


def test_a_failing_command_or_wrong_output_is_reported(tmp_path, wordle_bin):
    steps = session("$ x=1; echo $x\n1\n$ echo $x; false\n1\n$ echo done >&2\ndone\n")
    assert run_session(steps, tmp_path, wordle_bin) == [(0, ["1"]), (1, ["1"]), (0, ["done"])]


def test_wordle_on_path_is_this_checkout(tmp_path, wordle_bin):
    steps = session('$ wordle feedback sheer super\n$ command -v wordle\n$ echo "${PYTHONPATH%%:*}"\n')
    assert run_session(steps, tmp_path, wordle_bin) == [(0, ["EAAEE"]), (0, [str(wordle_bin / "wordle")]), (0, [str(ROOT)])]


def test_an_example_said_to_be_on_the_2022_lists_plays_them():
    """Issue 49, item 20: the README's two-board example said "here on the 2022 lists" but played today's (a pool
    of 3158). A console block introduced as on the 2022 lists names `--game wordle` in every command that plays."""
    checked = 0
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for block in blocks(page):
            intro = next((lines[j] for j in range(block.line - 2, -1, -1) if lines[j].strip()), "")
            if block.lang != "console" or "on the 2022 lists" not in intro:
                continue
            checked += 1
            for command, _ in session(block.text):
                for part in command.split("|"):
                    words = part.split()
                    if words[:1] == ["wordle"] and words[1:2] != ["feedback"]:
                        assert "--game wordle" in part, f"{block.name}: {part.strip()!r} plays today's lists"
    assert checked


def test_readme_fits_on_a_few_screens():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= 300, f"README.md has {lines} lines: move details to docs/"


# A reader runs a page's examples in order: a tree file one reads must be made by an earlier one.

WRITES = {"-o", "--output", ">"}


def tree_files(command: str) -> tuple[list[str], list[str]]:
    """(tree files read, tree files written) by one shell line of an example, in order of appearance."""
    import shlex

    lexer = shlex.shlex(command, posix=True, punctuation_chars="|;&<>")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    tokens = list(lexer)
    read, written = [], []
    for before, token in zip([None, *tokens], tokens):
        if token.endswith(".tree"):
            (written if before in WRITES else read).append(token)
    return read, written


def test_tree_files_split_into_read_and_written():
    assert tree_files("wordle tree build --first salet -o salet.tree | tail -1  # x.tree") == ([], ["salet.tree"])
    assert tree_files("wordle tree show a.tree --format dot | dot > b.tree") == (["a.tree"], ["b.tree"])
    assert tree_files("wordle simulate --tree a.tree") == (["a.tree"], [])


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_tree_files_an_example_reads_are_made_by_an_earlier_one(page: Path):
    """The examples not run (sh blocks) too: `tree show salet.tree` after no example makes salet.tree fails a reader."""
    made, missing = set(), []
    for block in blocks(page):
        if block.lang == "console":
            commands = [command for command, _ in session(block.text)]
        elif block.lang == "sh":
            commands = block.text.splitlines()
        else:
            continue
        for command in commands:
            read, written = tree_files(command)
            missing += [f"{block.name}: {name}" for name in read if name not in made]
            made.update(written)
    assert not missing, f"{page.name}: examples read tree files no earlier example makes: {missing}"


# Pages written on other branches at the same time; links to them are checked once they exist.
PENDING: set = set()  # pages linked before they are written
LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_lead_to_files(page: Path):
    missing = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        path = (page.parent / target).resolve()
        if not path.exists() and path not in PENDING:
            missing.append(target)
    assert not missing, f"{page.name} links to missing files: {missing}"
