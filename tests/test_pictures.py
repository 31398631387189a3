"""Pictures of trees and results (issue 21): the HTML explorer and the DOT drawing read back, checked
against the naive feedback rule; the commands' --format html/dot and --plot as a user runs them.

Charts themselves are in test_charts.py (they need matplotlib); the page in a
real browser is in test_pictures_browser.py.
"""

from __future__ import annotations

import io
import re
import sys
from fractions import Fraction

import dom
import naive
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_tree_cli import ALLOWED, ANSWERS, invoke, one_line_error, write

from wordle_cli.model.game import Game
from wordle_cli.pictures import write_tree
from wordle_cli.pictures.dot import write_dot
from wordle_cli.pictures.html import write_html
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.model import Tree

# Words with symbols that HTML and DOT must escape, and one outside ASCII.
ODD_ANSWERS = ['<&', '&"', '"<', "é<", "<é", "&&", "a&"]
ODD_ALLOWED = ["<a", "é&"]


def build(answers, allowed, first=None, **rules) -> Tree:
    return Problem(Game("test", answers, allowed), **rules).build(Problem(Game("test", answers, allowed), **rules).start(), first, threads=1).tree


def reference_depths(tree: Tree, answers) -> dict[str, int]:
    """Guesses each answer needs, by walking the tree with the naive feedback rule."""
    depths = {}
    for answer in answers:
        node, turn = tree.root, 1
        while node.guess != answer:
            node = node.children[naive.code(naive.feedback(node.guess, answer))]
            turn += 1
        depths[answer] = turn
    return depths


def html_of(tree: Tree, **options) -> str:
    out = io.StringIO()
    write_html(tree, out, **options)
    return out.getvalue()


def g6(value: Fraction) -> str:
    """An average as the page prints it (6 significant digits), by Python's own rounding of the fraction's float."""
    return f"{float(value):.6g}"


def check_page(text: str, answers, tree: Tree) -> dom.Element:
    """Everything a reader of the page relies on, against independent expectations."""
    page = dom.parse(text)
    depths = reference_depths(tree, answers)
    leaves = [li for li in page.iter("li") if "data-w" in li.attrs]
    # Every answer once, with the guesses it needs.
    assert sorted(li.attrs["data-w"] for li in leaves) == sorted(answers)
    assert {li.attrs["data-w"]: int(li.attrs["data-g"]) for li in leaves} == depths
    for li in leaves:
        answer = li.attrs["data-w"]
        # Its row: the guess before it, on the tiles that guess gets against this answer (letters and B/Y/G spelled out).
        row = next(s for s in li.iter("span") if "r" in s.classes())
        guess = "".join(i.text() for i in row.kids("i"))
        assert [i.classes()[0] for i in row.kids("i")] == ["byg"[t] for t in naive.feedback(guess, answer)]
        assert li.kids("code")[0].text() == "".join("BYG"[t] for t in naive.feedback(guess, answer))
        # Its path: the guesses of the branches that hold it, then (unless it was guessed there) itself.
        path = [d.attrs["data-q"] for d in li.ancestors("details")]
        assert path[0] == tree.root.guess and len(path) + (path[-1] != answer) == depths[answer]
        assert guess == path[-1]
    # Every branch: its answers, their total, the average printed; largest groups first.
    for details in page.iter("details"):
        inside = [li for li in details.iter("li") if "data-w" in li.attrs]
        n, total = len(inside), sum(depths[li.attrs["data-w"]] for li in inside)
        assert (int(details.attrs["data-n"]), int(details.attrs["data-t"])) == (n, total)
        summary = details.kids("summary")[0].text()
        assert f"{n} answer" in summary and f"total {total}, average {g6(Fraction(total, n))}" in summary
        sizes = [int(item.kids("details")[0].attrs["data-n"]) if item.kids("details") else 1 for item in details.kids("ul")[0].kids("li")]
        assert sizes == sorted(sizes, reverse=True)
    # The summary at the top.
    assert page.by_id("answers").text() == str(len(answers))
    assert page.by_id("total").text() == str(sum(depths.values()))
    histogram = {}
    for row in next(t for t in page.iter("table") if "h" in t.classes()).kids("tr")[1:]:
        histogram[int(row.kids("th")[0].text())] = int(row.kids("td")[0].text())
    assert histogram == {k: sum(1 for d in depths.values() if d == k) for k in range(1, max(depths.values()) + 1)}
    return page


# ---------------------------------------------------------------- HTML


@pytest.mark.parametrize("first", ["salet", "cigar", "zzzzz"])
def test_html_has_every_answer_with_true_tiles_and_totals(first):
    tree = build(ANSWERS, ALLOWED, first)
    page = check_page(html_of(tree), ANSWERS, tree)
    assert page.iter("script")  # the inline script is there, and nothing is fetched
    text = html_of(tree)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", text)
    assert "<link" not in text and "@import" not in text


def test_html_escapes_any_symbol():
    tree = build(ODD_ANSWERS, ODD_ALLOWED)
    check_page(html_of(tree, title='<b>"&"</b>'), ODD_ANSWERS, tree)
    assert "<title>&lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;</title>" in html_of(tree, title='<b>"&"</b>')


@given(st.data())
def test_html_of_random_games(data):
    alphabet = "abcé"
    words = st.text(alphabet, min_size=3, max_size=3)
    answers = data.draw(st.lists(words, min_size=1, max_size=9, unique=True))
    allowed = data.draw(st.lists(words, max_size=4, unique=True))
    tree = build(answers, allowed)
    check_page(html_of(tree), answers, tree)


def test_html_opens_the_levels_asked():
    tree = build(ANSWERS, ALLOWED, "salet")
    for levels in (1, 2, 3):
        page = dom.parse(html_of(tree, open_levels=levels))
        for details in page.iter("details"):
            level = len(details.ancestors("details"))  # the root is level 0
            assert ("open" in details.attrs) == (level < levels), (levels, level)


def test_html_shows_how_the_tree_was_built():
    tree = build(ANSWERS, ALLOWED, "salet")
    text = html_of(tree, facts={"proven": True, "hard": True, "history": [["salet", "BBYBB"]]})
    assert "<dt>result</dt><dd>proven optimal</dd>" in text and "<dt>mode</dt><dd>hard</dd>" in text
    assert "<dt>from</dt><dd>salet BBYBB</dd>" in text
    assert "<dt>best next</dt>" in text and " more guesses</dd>" in text  # counted from mid-game
    plain = html_of(tree, facts={"proven": True})
    assert "<dt>opener</dt>" in plain and " more guesses" not in plain


# ---------------------------------------------------------------- DOT


def dot_edges(text: str) -> list[tuple[str, str, str, str]]:
    """(from, to, B/Y/G letters of the label, colour list) per edge."""
    edges = []
    for line in text.splitlines():
        match = re.match(r'\s*(n\d+) -> (n\d+) \[label=<(.*)>, color="([^"]*)"\];$', line)
        if match:
            letters = "".join(re.findall(r"<font[^>]*>([BYG])</font>", match.group(3)))
            edges.append((match.group(1), match.group(2), letters, match.group(4)))
    return edges


def dot_labels(text: str) -> dict[str, tuple[str, str]]:
    labels = {}
    for line in text.splitlines():
        match = re.match(r'\s*(n\d+) \[label="((?:[^"\\]|\\.)*)"(.*)\];$', line)
        if match:
            labels[match.group(1)] = (match.group(2).replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\"), match.group(3))
    return labels


@pytest.mark.parametrize("depth", [1, 2, 5])
def test_dot_left_to_right_leaves_named_edges_as_tiles(depth):
    tree = build(ANSWERS, ALLOWED, "salet")
    depths = reference_depths(tree, ANSWERS)
    out = io.StringIO()
    write_dot(tree, out, depth)
    text = out.getvalue()
    assert text.startswith("digraph tree {") and text.rstrip().endswith("}") and "rankdir=LR" in text
    edges, labels = dot_edges(text), dot_labels(text)
    assert set(labels) == {"n0"} | {e[1] for e in edges}  # every node labelled, one parent each
    assert labels["n0"][0] == f"{tree.root.guess}\n{len(ANSWERS)} answers, average {g6(Fraction(sum(depths.values()), len(ANSWERS)))}"
    colours = {"B": "#3a3a3c", "Y": "#c9b458", "G": "#6aaa64"}
    for _, _, letters, colour in edges:
        assert colour == ":".join(colours[c] for c in letters)
    # Answers found within `depth` guesses of branching are green ellipses named by their word; the rest are cut.
    named = sorted(label for label, style in labels.values() if "ellipse" in style)
    assert named == sorted(a for a, d in depths.items() if d <= depth + 1 and _drawn(tree, a, depth))
    # Each edge's letters are the feedback of the guess it leaves for the answers below.
    guess_of = {name: label.split("\n")[0] for name, (label, style) in labels.items() if "ellipse" not in style}
    for source, target, letters, _ in edges:
        label, style = labels[target]
        if "ellipse" in style:
            assert letters == "".join("BYG"[t] for t in naive.feedback(guess_of[source], label))
    if depth >= 5:  # deeper than the tree: nothing cut, every answer named
        assert named == sorted(ANSWERS)


def _drawn(tree: Tree, answer: str, depth: int) -> bool:
    """Whether the drawing reaches `answer`: its node is at most `depth` branches down, or it is a one-answer leaf just below."""
    node, level = tree.root, 0
    while node.guess != answer:
        child = node.children[naive.code(naive.feedback(node.guess, answer))]
        level += 1
        if level > depth:
            return False
        if child.guess == answer and len(child.children) == 1:
            return True
        if level == depth:
            return False
        node = child
    return True


# ---------------------------------------------------------------- the commands


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


@pytest.fixture
def tree_file(runner, lists, tmp_path):
    path = tmp_path / "salet.tree"
    assert invoke(runner, ["tree", "build", *lists, "-q", "--first", "salet", "-o", str(path)]).exit_code == 0
    return path


def test_show_writes_html_and_dot_of_an_existing_tree(runner, tree_file, tmp_path):
    from wordle_cli.trees.inputs import read_tree_file

    tree = read_tree_file(str(tree_file))[0].tree
    page = tmp_path / "salet.html"
    result = invoke(runner, ["tree", "show", "--format", "html", "-o", str(page), str(tree_file)])
    assert result.exit_code == 0 and result.stdout == ""
    check_page(page.read_text(encoding="utf-8"), ANSWERS, tree)
    assert "<title>Decision tree: " in page.read_text(encoding="utf-8")
    result = invoke(runner, ["tree", "show", "--format", "dot", "--depth", "1", str(tree_file)])
    expected = io.StringIO()
    write_dot(tree, expected, 1)
    assert result.exit_code == 0 and result.stdout == expected.getvalue()
    # The default depth of dot is 2.
    expected = io.StringIO()
    write_dot(tree, expected, 2)
    assert invoke(runner, ["tree", "show", "--format", "dot", str(tree_file)]).stdout == expected.getvalue()


def test_build_writes_html_with_its_facts(runner, lists, tmp_path):
    page = tmp_path / "t.html"
    result = invoke(runner, ["tree", "build", *lists, "-q", "--first", "salet", "--format", "html", "-o", str(page)])
    assert result.exit_code == 0
    text = page.read_text(encoding="utf-8")
    tree = build(ANSWERS, ALLOWED, "salet")
    check_page(text, ANSWERS, tree)
    assert "<dt>result</dt><dd>proven optimal</dd>" in text


def test_write_tree_still_writes_the_tree_files():
    tree = build(ANSWERS, ALLOWED, "salet")
    out = io.StringIO()
    write_tree(tree, out, "json", summary={"proven": True})
    assert out.getvalue().startswith('{\n "guess": "salet"') and '"proven": true' in out.getvalue()


def test_show_usage_errors(runner, tree_file):
    line = one_line_error(invoke(runner, ["tree", "show", "-o", "x.html", str(tree_file)]), 2)
    assert "--format html or dot" in line
    line = one_line_error(invoke(runner, ["tree", "show", "--plot", "chart.jpg", str(tree_file)]), 2)
    assert "--plot" in line and ".svg, .png or .pdf" in line


@pytest.mark.parametrize(
    "args",
    [
        ["tree", "show", "{tree}"],
        ["tree", "build", "-q", "{lists}", "--first", "salet"],
        ["simulate", "-q", "{lists}"],
        ["infer", "-q", "{lists}", "{grids}"],
        ["tree", "rank", "-q", "{lists}", "--openers", "{openers}"],
    ],
    ids=["show", "build", "simulate", "infer", "rank"],
)
def test_plot_without_matplotlib_says_how_to_install(runner, lists, tree_file, tmp_path, monkeypatch, args):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails, as where it is not installed
    grids = tmp_path / "grids.txt"
    grids.write_text("Wordle 1 2/6\n⬛⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n", encoding="utf-8")
    openers = write(tmp_path / "openers.txt", ["salet"])
    chart = tmp_path / "chart.svg"
    filled = []
    for arg in args:
        filled += {"{tree}": [str(tree_file)], "{lists}": lists, "{grids}": [str(grids)], "{openers}": [openers]}.get(arg, [arg])
    line = one_line_error(invoke(runner, [*filled, "--plot", str(chart)]), 1)
    assert line == "Error: --plot needs matplotlib, which is not installed: pip install 'wordle-cli[plot]'"
    assert not chart.exists()
