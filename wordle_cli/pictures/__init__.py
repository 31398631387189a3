"""Pictures of what the tool computes: an HTML tree explorer, Graphviz drawings, charts.

- `html`: one self-contained HTML page per decision tree (nested
  `<details>`, coloured tiles with their letters, per-branch counts, totals and
  averages, a summary with the histogram, expand-all and find-an-answer);
- `dot`: Graphviz of a tree's top levels (left to right, tiles as coloured
  edge labels, leaves named by their word);
- `charts`: bar charts by matplotlib (the optional `plot` extra), the format
  following the file's extension.

`write_tree` is the one writer of every tree format the commands offer: the
tree files themselves (selby, json: `trees.formats`) and the pictures.
"""

from __future__ import annotations

from typing import TextIO

from wordle_cli.trees import formats
from wordle_cli.trees.model import Tree


def write_tree(
    tree: Tree, out: TextIO, fmt: str, *, summary: dict | None = None, depth: int = 2, title: str | None = None, lists: str | None = None
) -> None:
    """`tree` to `out` in `fmt`; `depth`: levels drawn (dot) or open at first (html); `lists` names the game's lists (html)."""
    if fmt == "dot":
        from wordle_cli.pictures.dot import write_dot

        write_dot(tree, out, depth)
    elif fmt == "html":
        from wordle_cli.pictures.html import write_html

        write_html(tree, out, open_levels=depth, title=title, facts=summary, lists=lists)
    else:
        formats.write(tree, out, fmt, summary=summary)
