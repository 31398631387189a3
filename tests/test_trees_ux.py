"""Trees as a user meets them (issue 23, items 20-24): openers outside the lists, documented
`--from` examples, trees built mid-game, stored summaries, and the messages of impossible builds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import naive
import naive_tree
import pytest
from test_tree_cli import ALLOWED, ANSWERS, full_paths, invoke, one_line_error, summary, total_of, write

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_ANSWERS = ROOT / "wordlists" / "wordle-answers.txt"


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


def byg(guess: str, answer: str) -> str:
    return "".join("BYG"[t] for t in naive.feedback(guess, answer))


# ---------------------------------------------------------------- 20: an opener in neither list


@pytest.mark.parametrize("fmt", ["selby", "json"])
def test_a_tree_opening_with_an_unlisted_word_reads_back(runner, lists, tmp_path, fmt):
    opener = "crane"
    assert opener not in ANSWERS + ALLOWED
    out = tmp_path / f"crane.{fmt}"
    built = invoke(runner, ["tree", "build", *lists, "--first", opener, "--format", fmt, "-o", str(out)])
    assert built.exit_code == 0, built.stderr
    assert "crane" in built.stderr and "neither word list" in built.stderr
    assert total_of(built.stdout) == naive_tree.best_total(ANSWERS, ALLOWED, first=opener, max_guesses=6)

    verified = invoke(runner, ["tree", "verify", *lists, str(out)])
    assert verified.exit_code == 0, verified.stderr
    assert total_of(verified.stdout) == total_of(built.stdout)
    assert "crane" in verified.stderr and "neither word list" in verified.stderr  # said, in one line
    assert len([line for line in verified.stderr.splitlines() if "crane" in line]) == 1
    assert verified.stderr.strip().splitlines()[1:] == ["prior: uniform"]  # and the prior, named last

    simulated = invoke(runner, ["simulate", *lists, "-q", "--tree", str(out), "--output", "-"])
    assert simulated.exit_code == 0, simulated.stderr
    rows = simulated.stdout.strip().splitlines()[1:]
    assert len(rows) == len(ANSWERS) and all(",crane " in row for row in rows)

    target = "humph"
    played = invoke(runner, ["play", *lists, "--batch", "-q", "--tree", str(out)], input=byg(opener, target) + "\n")
    assert played.exit_code == 0, played.stderr
    assert played.stdout.split()[0] == "crane"


def test_only_the_opener_may_be_unlisted(runner, lists, tmp_path):
    # A later guess outside the lists is still an error: a salet tree with one second guess renamed.
    good = tmp_path / "salet.tree"
    invoke(runner, ["tree", "build", *lists, "-q", "--first", "salet", "-o", str(good)])
    lines = full_paths(good.read_text(encoding="utf-8"))
    second = next(line.split()[2] for line in lines if len(line.split()) > 4)
    renamed = [" ".join("crane" if i == 2 and token == second else token for i, token in enumerate(line.split())) for line in lines]
    bad = tmp_path / "later.tree"
    bad.write_text("\n".join(renamed) + "\n", encoding="utf-8")
    line = one_line_error(invoke(runner, ["tree", "verify", *lists, str(bad)]), 1)
    assert "turn 2 guesses 'crane', which is not an allowed word" in line


# ---------------------------------------------------------------- 21: documented --from examples


def documented_from_states() -> list[str]:
    """Every `--from STATE` the README, the docs and the code's help and messages show."""
    texts = [p.read_text(encoding="utf-8") for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))] if p.exists()]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "wordle_cli").rglob("*.py"))]
    states = set()
    for text in texts:
        states.update(re.findall(r"--from[ =]([a-z]{5}:[BYG]{5}(?:,[a-z]{5}:[BYG]{5})*)", text))
        states.update(re.findall(r"e\.g\. ([a-z]{5}:[BYG]{5}(?:,[a-z]{5}:[BYG]{5})*)", text))
    return sorted(states)


def test_the_documented_examples_are_found():
    assert "salet:BBYBB,clint:BYYBB" in documented_from_states()


@pytest.mark.parametrize("state", documented_from_states())
def test_every_documented_from_example_is_possible(runner, state, tmp_path):
    # The state's pool, by the reference rule, is not empty; and the tool builds from it.
    answers = [w for w in SHIPPED_ANSWERS.read_text(encoding="utf-8").split()]
    turns = [part.split(":") for part in state.split(",")]
    pool = [a for a in answers if all(byg(g, a) == mark for g, mark in turns)]
    assert pool, f"--from {state} leaves no answer"
    allowed = write(tmp_path / "allowed.txt", ["salet"])  # a small table: only the pool's words and salet are guesses
    result = invoke(runner, ["tree", "build", "--game", "wordle", "-q", "--from", state, "--allowed", allowed, "--top-k", "1"])
    assert result.exit_code == 0, result.stderr
    assert int(summary(result.stdout)["answers"]) == len(pool)


# ---------------------------------------------------------------- 22: verifying a tree built mid-game


@pytest.fixture
def from_tree(runner, lists, tmp_path):
    """A json tree built after salet got cigar's feedback, and that state."""
    state = f"salet:{byg('salet', 'cigar')}"
    out = tmp_path / "from.json"
    built = invoke(runner, ["tree", "build", *lists, "-q", "--from", state, "--format", "json", "-o", str(out)])
    assert built.exit_code == 0, built.stderr
    return out, state, total_of(built.stdout)


def test_verify_reads_the_history_a_json_tree_stores(runner, lists, from_tree):
    out, state, total = from_tree
    result = invoke(runner, ["tree", "verify", *lists, "-q", str(out)])
    assert result.exit_code == 0, result.stderr
    pool = [a for a in ANSWERS if byg("salet", a) == state[6:]]
    assert int(summary(result.stdout)["answers"]) == len(pool)
    assert total_of(result.stdout) == total
    assert "salet " + state[6:] in result.stdout


def test_verify_takes_from_for_a_selby_tree(runner, lists, from_tree, tmp_path):
    out, state, total = from_tree
    selby = tmp_path / "from.selby"
    built = invoke(runner, ["tree", "build", *lists, "-q", "--from", state, "-o", str(selby)])
    assert built.exit_code == 0
    assert invoke(runner, ["tree", "verify", *lists, "-q", str(selby)]).exit_code == 1  # no history: answers missing
    result = invoke(runner, ["tree", "verify", *lists, "-q", "--from", state, str(selby)])
    assert result.exit_code == 0, result.stderr
    assert total_of(result.stdout) == total
    # A --from that differs from a json tree's own history is refused.
    other = f"salet:{byg('salet', 'rebut')}"
    assert other != state
    line = one_line_error(invoke(runner, ["tree", "verify", *lists, "-q", "--from", other, str(out)]), 2)
    assert "history" in line


def test_verify_history_counts_towards_max_guesses(runner, lists, from_tree):
    out, _, _ = from_tree
    worst = json.loads(out.read_text(encoding="utf-8"))["worst"]
    assert invoke(runner, ["tree", "verify", *lists, "-q", "--max-guesses", str(worst + 1), str(out)]).exit_code == 0
    line = one_line_error(invoke(runner, ["tree", "verify", *lists, "-q", "--max-guesses", str(worst), str(out)]), 1)
    assert "--max-guesses" in line


def test_a_bad_stored_history_is_one_line(runner, lists, from_tree):
    out, _, _ = from_tree
    data = json.loads(out.read_text(encoding="utf-8"))
    for history in (["salet"], [["salet", "QQQQQ"]], [["salet", "GGGGB"]], "salet:BBBBB"):
        data["history"] = history
        out.write_text(json.dumps(data), encoding="utf-8")
        one_line_error(invoke(runner, ["tree", "verify", *lists, "-q", str(out)]), 1)


def test_simulate_refuses_a_mid_game_tree_in_one_line(runner, lists, from_tree):
    out, _, _ = from_tree
    line = one_line_error(invoke(runner, ["simulate", *lists, "-q", "--tree", str(out)]), 2)
    assert "after salet" in line


# ---------------------------------------------------------------- 23: a stored summary that lies


def test_verify_warns_when_the_stored_summary_disagrees(runner, lists, tmp_path):
    out = tmp_path / "t.json"
    invoke(runner, ["tree", "build", *lists, "-q", "--first", "salet", "--format", "json", "-o", str(out)])
    honest = invoke(runner, ["tree", "verify", *lists, "-q", str(out)])
    assert honest.exit_code == 0 and honest.stderr == ""
    data = json.loads(out.read_text(encoding="utf-8"))
    true_total = data["total"]
    data["total"] = 7000
    data["worst"] = data["worst"] + 1
    out.write_text(json.dumps(data), encoding="utf-8")
    result = invoke(runner, ["tree", "verify", *lists, "-q", str(out)])
    assert result.exit_code == 0
    assert total_of(result.stdout) == true_total
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("warning: ")
    assert f"total 7000, not {true_total}" in warnings[0] and "worst" in warnings[0]


# ---------------------------------------------------------------- 24: messages of impossible builds


def test_an_opener_that_fails_stops_at_its_first_impossible_group(monkeypatch):
    """Groups are proven smallest first and the first impossible one ends the build: no bigger group is proven."""
    from wordle_cli.errors import WordleError
    from wordle_cli.model.game import Game
    from wordle_cli.trees import builder

    problem = builder.Problem(Game("tiny", ANSWERS, ANSWERS + ALLOWED), max_guesses=2)
    sizes, real = [], builder.Problem._value

    def counted(self, ctx, position, beta):
        sizes.append(len(position.pool))
        return real(self, ctx, position, beta)

    monkeypatch.setattr(builder.Problem, "_value", counted)
    groups = sorted(len(p.pool) for code, p in problem._parts(problem.start(), "roate", problem._row("roate")) if code != problem.win)
    with pytest.raises(WordleError, match="roate cannot win every game within 2 guesses"):
        problem.build(problem.start(), "roate", threads=1)
    assert sizes == groups[: len(sizes)] and sizes[-1] > 1 and len(sizes) < len(groups), (sizes, groups)


def test_within_one_guess_is_singular(runner, lists):
    line = one_line_error(invoke(runner, ["tree", "build", *lists, "-q", "--max-guesses", "1"]), 1)
    assert "within 1 guess" in line and "1 guesses" not in line


def test_an_impossible_group_after_the_first_guess_is_named(runner, lists):
    # roate's groups of 2 or 3 answers cannot be solved in the one guess left: the message names one.
    line = one_line_error(invoke(runner, ["tree", "build", *lists, "-q", "--first", "roate", "--max-guesses", "2"]), 1)
    assert line.startswith("Error: roate cannot win every game within 2 guesses: ") and "(--max-guesses 3 allows one more)" in line
    match = re.search(r"every one of the (\d+) answers left after roate ([BYG]{5}) in the 1 guess left", line)
    assert match, line
    group = [a for a in ANSWERS if byg("roate", a) == match.group(2)]
    assert len(group) == int(match.group(1)) > 1
