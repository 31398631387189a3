"""Every example in `wordle ... --help` runs on today's game and prints what its page says (issue 36, item 14).

An example is an indented line of a help page that starts with `wordle ` or pipes
into `wordle` (`printf ... | wordle play`). Each page's examples run in order in
one bash session, as a console block of the docs does (`test_docs.run_session`):
in an empty folder holding only the files they name (no `wordlists/`: the help
must work from any install), with `pbpaste` standing for the clipboard. A `#
comment` after an example is a note for the reader, not part of the command.
EXPECTED below holds what each prints (`...` as in the docs); an example
that is new, gone or changed fails `test_every_help_example_is_accounted_for`.
"""

from __future__ import annotations

import re

import click
import pytest
import test_docs
from test_docs import matches, run_session, wordle_bin  # noqa: F401  (wordle_bin: a fixture)

from wordle_cli.cli import main

#: Lines that run an example: `wordle ...`, or a producer piped into wordle.
EXAMPLE = re.compile(r"^\s+((?:wordle |printf |pbpaste \| |cat ).*)$")

#: Files some examples read, made in the session's folder first.
FILES = {
    "small.txt": "cigar\nrebut\nsissy\nhumph\nawake\nblush\nfocal\nevade\nnaval\nserve\nheath\ndwarf\n",
    "posts.txt": "Wordle 1,000 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n",  # salet, crony, cigar
    "top.txt": "tarse\n",  # one opener: each is a proof of minutes on today's lists
    "clipboard.txt": "Wordle 1,000 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\nsalet crony cigar\n",  # a grid and its guesses
}
PBPASTE = "pbpaste() { cat clipboard.txt; }"

#: Examples that cannot run here, and why (they are read, and must still exist in the help).
NOT_RUN = {
    "wordle tree rank --cluster tcp://10.0.0.5:8786 --prior uniform -o all.csv": "needs a running Dask scheduler at that address",
    "wordle tree show salet.tree --prior uniform --format dot --depth 2 | dot -Tsvg > salet.svg": "needs Graphviz's dot",
    "wordle history update": "fetches from the NYT (no test reaches the internet; tests/test_history.py serves a local copy)",
}

#: Help pages whose examples take minutes (proofs on today's full lists): run with `-m slow`.
SLOW = {"wordle tree", "wordle tree build", "wordle tree show", "wordle tree rank"}


def command_of(line: str) -> str:
    """An example line without its `# comment` (two spaces or more, then `# `)."""
    return re.sub(r"\s{2,}#\s.*$", "", line.strip())


def help_pages(command=main, path=("wordle",)):
    """(command path, help text) of every command and group."""
    ctx = click.Context(command, info_name=" ".join(path))
    yield " ".join(path), command.get_help(ctx)
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from help_pages(command.get_command(ctx, name), (*path, name))


def examples() -> dict[str, list[str]]:
    """Help page -> its example commands, in order."""
    found = {}
    for page, text in help_pages():
        lines = [command_of(m[1]) for m in map(EXAMPLE.match, text.splitlines()) if m]
        if lines:
            found[page] = lines
    return found


#: What each example prints (stdout and stderr merged), `...` as in the docs. Checked by hand
#: against what the help says of it (its `# comment`), and against the docs where they show it.
NYT = "nyt: 3158 answers from .../nyt-answers.txt, 14855 guess candidates"
#: The nyt prior's pool for 2026-06-01: the shipped answers and the two past answers they lack (docs/games.md).
NYT_DATED = "nyt: 3160 answers from .../nyt-answers.txt + the history's loris, kefir, 14855 guess candidates"
EXPECTED = {
    "wordle": {
        "wordle score -q --top 1 --prior uniform": ["guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len",
                                                    "roate,false,86.8195,5140.94,256"],
        "wordle prune -q roate ACAAA > left.txt": [],
        'wordle score -q "$(wordle lists nyt-allowed.txt)" left.txt - | sed -n 2p': ["snool,false,3.54118,3.96555,7"],
    },
    "wordle prune": {"wordle prune roate CACAA": ["acrid", "angry", "...", "cigar", "...", "kept 48 of 3158 potential answers"]},
    "wordle solve": {
        "wordle solve cigar --date 2026-06-01": ["the opener tarse is the best found ...",
                                                 f"{NYT_DATED}; optimal strategy (5 units of search work a move); cpu backend",
                                                 "prior: nyt prior for 2026-06-01 ...", "...", "solved 'cigar' in ... guesses (1 s)"],
        "wordle solve --game primel --pool-only 31337": ["primel: 8363 answers from <primel: five-digit primes>, ...", "...",
                                                         "solved '31337' in 5 guesses (1 s)"],
        "wordle solve --boards 4 cigar rebut sissy humph": ["nyt: 4 boards (Quordle), 3158 answers ...", "...",
                                                            "solved 4 boards in 7 turns (1 s)"],
        "wordle solve --lies 1 cigar": [f"{NYT}; expected strategy, 1 lie per row; cpu backend; prior: uniform", "...",
                                        "solved 'cigar' in 5 guesses (1 s)"],
        "wordle solve --day 0 --share": ["...", "Wordle 0 .../6", "...", "solved 'cigar' in ... guesses (1 s)"],
    },
    "wordle play": {
        "printf 'CACAA\\nECCAA\\n' | wordle play --quiet --prior uniform": ["roate", "carrs", "cigar"],
        "printf 'GBBBB BBYBB BBBBY BYBBB\\n' | wordle play --boards 4 -q": ["roate", "linds"],
    },
    "wordle review": {
        # --prior uniform: under the nyt prior of a day (the default) turn 1's best opener is not known yet and the
        # numbers move with the day; --day 0's prior (no history before it) is uniform.
        "wordle review --prior uniform --answer cigar salet crony cigar": [
            "turn  guess ...", "   1  salet  ⬛🟨⬛⬛⬛  3158 → 145 (104) ...", "...",
            "expected   3.5576 playing salet first; 3.5526 with the best opener, tarse", "...", "reviewed in 1 s; prior: uniform"],
        "wordle review --prior uniform salet BYBBB crony GYBBB cigar GGGGG": [
            "turn  guess ...", "...", "adds up    3.5526 + costs 0.0258 - luck 0.5783 = 3.0000", "...", "reviewed in 1 s; prior: uniform"],
        "pbpaste | wordle review --prior uniform --answer cigar -": [
            "turn  guess ...", "...", "guesses    3", "...", "reviewed in 1 s; prior: uniform"],
        "wordle review --day 0 salet crony cigar": ["turn  guess ...", "...", "adds up    3.5526 + costs 0.0258 - luck 0.5783 = 3.0000",
                                                    "...", "reviewed in 1 s; prior: nyt prior for 2021-06-19 ..."],
    },
    "wordle history": {
        "wordle history": ["...", " 1807  2026-05-31  etude", "the history ends at #1807 (2026-05-31); `wordle history update` fetches ..."],
        "wordle history cigar": ["cigar was the answer of #0 (2021-06-19) and #1689 (2026-02-02)"],
    },
    "wordle history prior": {
        "wordle history prior --date 2026-05-31 | head -4": ["nyt prior for puzzle #1807 (2026-05-31): ...", "word,probability", "...", "..."],
    },
    "wordle absurdle": {
        "wordle absurdle solve --first salet": [f"{NYT}; cpu backend", "...",
                                                "minimum 5 guesses to win, first guess salet (proven: no line of 4 guesses wins)",
                                                "salet groin bumph acedy kudzu"],
        "wordle absurdle play": [f"{NYT}; cpu backend"],
    },
    "wordle absurdle play": {
        "printf 'salet\\ngroin\\nbumph\\nacedy\\nkudzu\\n' | wordle absurdle play": [f"{NYT}; cpu backend", "...",
                                                                                        "kudzu  🟩🟩🟩🟩🟩  1 left", "won in 5 guesses"],
    },
    "wordle absurdle solve": {"wordle absurdle solve --first salet | tail -1": ["...", "salet groin bumph acedy kudzu"]},
    "wordle fibble": {
        "wordle fibble solve --answers small.txt": ["nyt: 12 answers from small.txt, 14855 guess candidates, 1 lie per row; cpu backend",
                                                    "...", "minimum 3 guesses to win against every lie (proven: no strategy of 2 guesses wins)",
                                                    "..."],
    },
    "wordle fibble solve": {"wordle fibble solve --first salet --answers small.txt | tail -1": ["...", "salet ... ... ..."]},
    "wordle infer": {
        "wordle infer posts.txt": ["nyt: 3158 candidates from .../nyt-answers.txt; cpu backend; prior: nyt prior for 2024-03-15 ...",
                                   "1 grid of puzzle 1000", "...",
                                   "most likely: ...", "1 grid against 3158 candidates in 1 s"],
        "pbpaste | wordle infer --json": ["nyt: 3158 candidates ...", '{"day": 1000, "grids": 1, ...}', "1 grid against 3158 candidates in 1 s"],
    },
    "wordle lists": {
        "wordle prune -q roate ACAAA > left.txt": [],
        'wordle score -q "$(wordle lists nyt-allowed.txt)" left.txt - | head -3': [
            "guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len",
            "snool,false,3.54118,3.96555,7", "spoon,true,3.84706,6.53585,8"],
    },
    # Minutes on today's full lists: run with -m slow; exit status 0 and the lines that matter.
    "wordle tree": {
        "wordle tree build --first salet --prior uniform -o salet.tree": ["...", "result     proven optimal for salet"],
        "wordle tree verify salet.tree --prior uniform": ["..."],
        "wordle tree show salet.tree --prior uniform --depth 2": ["..."],
    },
    "wordle tree build": {
        "wordle tree build --first tarse --prior uniform": ["...", "total      11219 ...", "..."],
        "wordle tree build --first tarse --prior nyt --date 2026-06-01": ["...", "expected   3.09... guesses under the prior ...", "..."],
        "wordle tree build --first tarse --hard --prior uniform": ["...", "total      11627 ...", "..."],
        "wordle tree build --game wordle --first salet": ["...", "total      7920 ...", "..."],
        "wordle tree build --from salet:BBYBB,clint:BYYBB --prior uniform": ["..."],
    },
    "wordle tree opener": {  # shipped entries: instant
        "wordle tree opener --date 2026-06-01": ["...", "opener     ...", "expected   ...", "proof      ... (shipped with wordle-cli)", "..."],
        "wordle tree opener --prior uniform": [
            "...", "opener     tarse", "expected   3.55256 guesses per answer (weighted total 11219 / 3158)", "...",
        ],
        "wordle tree opener --game wordle --prior uniform": [
            "...", "opener     salet", "expected   3.42117 guesses per answer (weighted total 7920 / 2315)", "...",
        ],
    },
    "wordle tree rank": {
        "wordle tree rank --openers top.txt --cutoff 11300 --prior uniform -o rank.csv": ["..."],
        "wordle tree rank --exact --openers top.txt --prior uniform -o exact.csv": ["..."],
    },
    "wordle tree show": {
        "wordle tree build --first salet --prior uniform -o salet.tree": ["..."],  # made first: the page's examples read it
        "wordle tree show salet.tree --prior uniform --depth 2": ["..."],
        "wordle tree show salet.tree --prior uniform --format html -o salet.html": ["..."],
    },
}

#: Commands run before a page's examples, for the files they read.
BEFORE = {"wordle tree show": ["wordle tree build --first salet --prior uniform -o salet.tree"]}


def test_every_help_example_is_accounted_for():
    found = {page: [c for c in lines if c not in NOT_RUN] for page, lines in examples().items()}
    expected = {page: [c for c in table if c not in BEFORE.get(page, [])] for page, table in EXPECTED.items()}
    assert found == expected
    assert all(any(c in lines for lines in examples().values()) for c in NOT_RUN)


def test_no_help_example_needs_a_checkout_or_an_old_game():
    for page, lines in examples().items():
        for command in lines:
            assert "wordlists/" not in command, f"{page}: {command} reads a checkout's file"
    for page, text in help_pages():
        assert "60.4246" not in text and "Wordle lists" not in text, page
        for line in text.splitlines():
            if "--game wordle" in line and EXAMPLE.match(line):
                assert "2022" in line, f"{page}: an example of the 2022 lists must say so: {line.strip()}"


def pages(slow: bool):
    return [pytest.param(page, marks=pytest.mark.slow) if page in SLOW else page for page in EXPECTED if (page in SLOW) == slow]


@pytest.mark.parametrize("page", pages(False) + pages(True))
def test_help_examples_print_what_the_help_says(page, tmp_path, wordle_bin, monkeypatch):  # noqa: F811
    if page in SLOW:
        monkeypatch.setattr(test_docs, "TIMEOUT_S", 1800)  # proofs on today's lists, on a loaded machine
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    table = EXPECTED[page]
    steps = [(PBPASTE, [])] + [(command, table[command]) for command in table]
    failures = []
    for (command, expected), (status, actual) in zip(steps[1:], run_session(steps, tmp_path, wordle_bin)[1:]):
        if status != 0 or not matches(expected, actual):
            failures.append(f"$ {command}\n  exit status {status}\n  got:\n" + "".join(f"    {line}\n" for line in actual))
    assert not failures, f"{page}:\n" + "\n".join(failures)
