"""A decision tree's top levels as Graphviz DOT, laid out left to right.

Each guess is a box with its answers and their average guesses; each edge is
a feedback, drawn in its tiles' colours (one strand per tile) and labelled
with its tiles as coloured cells that also carry the letters B/Y/G; an
answer found is a green ellipse with its word. Below `depth` levels of
branches a subtree is cut to one line: its next guess and how many answers
it holds. Branches run largest first, as in the HTML explorer and `tree show`.

    wordle tree show salet.tree --format dot --depth 2 | dot -Tsvg > salet.svg
"""

from __future__ import annotations

from itertools import count
from typing import TextIO

from wordle_cli.pictures.measure import Measure, sole_answer
from wordle_cli.trees.model import Node, Tree

#: Tile state (absent, contained, exact) -> (fill, text colour, letter).
TILE_COLOURS = (("#3a3a3c", "#ffffff", "B"), ("#c9b458", "#000000", "Y"), ("#6aaa64", "#000000", "G"))
_SOLVED = 'shape=ellipse, style=filled, fillcolor="#6aaa64", color="#538d4e"'


def _string(text: str) -> str:
    """A DOT string; a line break in `text` becomes DOT's \\n."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _tiles_label(tiles: tuple[int, ...]) -> str:
    """An HTML-like label: one coloured cell per tile, its letter inside."""
    cells = "".join(f'<td bgcolor="{fill}"><font color="{ink}">{letter}</font></td>' for fill, ink, letter in (TILE_COLOURS[t] for t in tiles))
    return f'<<table border="0" cellborder="0" cellspacing="1" cellpadding="2"><tr>{cells}</tr></table>>'


def _plural(n: int, one: str) -> str:
    return f"{n} {one}{'' if n == 1 else 's'}"


def write_dot(tree: Tree, out: TextIO, depth: int = 2) -> None:
    """Graphviz of `tree`'s top `depth` levels of branches."""
    from fractions import Fraction

    from wordle_cli.stats import format_g

    measure = Measure(tree)
    names = count(1)
    out.write(
        "digraph tree {\n"
        '  graph [rankdir=LR, ranksep=0.35, nodesep=0.06, fontname="monospace"];\n'
        '  node [shape=box, style=rounded, fontname="monospace", fontsize=11, margin="0.08,0.03"];\n'
        '  edge [fontname="monospace", fontsize=9, arrowsize=0.5, penwidth=0.6];\n'
    )

    def box(me: str, node: Node, turn: int) -> None:
        answers, total = measure.answers(node), measure.total(node, turn)
        label = f"{node.guess}\n{_plural(answers, 'answer')}, average {format_g(Fraction(total, answers))}"
        out.write(f"  {me} [label={_string(label)}];\n")

    def walk(node: Node, me: str, turn: int) -> None:
        box(me, node, turn)
        for branch in measure.branches(node, turn):
            other = f"n{next(names)}"
            colours = ":".join(TILE_COLOURS[t][0] for t in branch.tiles)
            out.write(f'  {me} -> {other} [label={_tiles_label(branch.tiles)}, color="{colours}"];\n')
            child = branch.child
            if child is None:
                out.write(f"  {other} [label={_string(node.guess)}, {_SOLVED}];\n")
            elif sole_answer(child, tree.win):
                out.write(f"  {other} [label={_string(child.guess)}, {_SOLVED}];\n")
            elif turn < depth:
                walk(child, other, turn + 1)
            else:
                label = f"{child.guess} …\n{_plural(branch.answers, 'answer')}"
                out.write(f"  {other} [label={_string(label)}, shape=plaintext];\n")

    walk(tree.root, "n0", 1)
    out.write("}\n")
