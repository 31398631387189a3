"""A decision tree as one self-contained HTML page that people open and explore.

No network, no external script, style or font: it works from `file://` in
any current browser, and is readable with scripts off. The page:

- a summary: the opener, answers, total, average and worst case, and the
  histogram of guesses per answer as bars;
- the tree as nested `<details>`: each branch's summary shows the guess with
  its feedback as coloured tiles (the letters stay on the tiles, and the
  feedback is spelled B/Y/G beside them, so nothing depends on colour), the
  answers left, their total and average guesses (counted from the game's
  first guess), and the next guess; largest groups first. An answer found
  is a list item with `data-w` (the answer) and `data-g` (its guesses);
  every `<details>` carries `data-n` (answers below), `data-t` (their total)
  and `data-q` (its guess), so scripts and tests can read the numbers back;
- a little inline script: expand all, collapse all, and find an answer
  (typed, or given as the page's `#fragment`): its path opens, it scrolls
  into view and takes the focus.

Keyboard: every branch is a native `<summary>` (Tab, Enter/Space); the find
box is a form (Enter). Size: about 0.6 MB for a 2315-answer tree.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import TextIO

from wordle_cli.model.feedback import show
from wordle_cli.pictures.measure import Measure, sole_answer
from wordle_cli.stats import format_g
from wordle_cli.trees.model import Node, Tree

#: Tile state (absent, contained, exact) -> CSS class.
_TILE_CLASS = ("b", "y", "g")

_STYLE = """
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:1rem auto;max-width:64rem;padding:0 1rem;color:#111;background:#fff}
h1{font-size:1.3rem;margin:.5rem 0}
.r{display:inline-flex;gap:2px;vertical-align:middle}
.r i{font:700 .85rem/1 ui-monospace,Menlo,Consolas,monospace;text-transform:uppercase;width:1.45em;height:1.45em;
display:inline-flex;align-items:center;justify-content:center;border:1px solid #878a8c;border-radius:2px;font-style:normal}
.r i.b{background:#3a3a3c;border-color:#3a3a3c;color:#fff}
.r i.y{background:#c9b458;border-color:#b59f3b;color:#000}
.r i.g{background:#6aaa64;border-color:#538d4e;color:#000}
code{font-size:.8rem;color:#444}
.n{font-weight:600}
.s{color:#555;font-size:.9em}
.w{font-family:ui-monospace,Menlo,Consolas,monospace}
ul{list-style:none;margin:0;padding-left:1.5rem;border-left:1px dotted #aaa}
summary{cursor:pointer;padding:1px 0}
li{padding:1px 0}
summary:focus-visible,li:focus,button:focus-visible,input:focus-visible{outline:2px solid #1a5fb4;outline-offset:1px}
.hit{background:#fff1a8}
table.h{border-collapse:collapse;margin:.5rem 0}
table.h td,table.h th{padding:0 .5rem;text-align:right;font-variant-numeric:tabular-nums}
table.h td.bar{width:20rem;text-align:left}
.bar span{display:inline-block;height:.9em;background:#6aaa64;vertical-align:middle}
dl{display:grid;grid-template-columns:max-content auto;gap:0 1rem;margin:.5rem 0}
dt{color:#555}dd{margin:0}
form,.tools{margin:.5rem 0}
input{font:inherit;width:10em}
output{margin-left:.5rem}
"""

_SCRIPT = """
(function () {
  var all = document.querySelectorAll('details');
  document.getElementById('open-all').addEventListener('click', function () {
    all.forEach(function (d) { d.open = true; });
  });
  document.getElementById('close-all').addEventListener('click', function () {
    all.forEach(function (d) { d.open = d.classList.contains('root'); });
  });
  var q = document.getElementById('q'), msg = document.getElementById('msg');
  function find(text) {
    var word = text.trim().normalize('NFC').toLowerCase();
    var old = document.querySelector('.hit');
    if (old) old.classList.remove('hit');
    if (!word) { msg.textContent = ''; return; }
    var leaves = document.querySelectorAll('li[data-w]'), hit = null;
    for (var i = 0; i < leaves.length && !hit; i++) if (leaves[i].getAttribute('data-w') === word) hit = leaves[i];
    if (!hit) { msg.textContent = word + ' is not an answer of this tree'; return; }
    var path = [];
    for (var d = hit.parentElement; d; d = d.parentElement) {
      if (d.tagName === 'DETAILS') { d.open = true; path.unshift(d.getAttribute('data-q')); }
    }
    if (path[path.length - 1] !== word) path.push(word);
    hit.classList.add('hit');
    hit.scrollIntoView({block: 'nearest'});
    hit.focus();
    msg.textContent = word + ': ' + path.join(' \\u2192 ') + ' (' + hit.getAttribute('data-g') + ' guesses)';
  }
  document.getElementById('find').addEventListener('submit', function (e) { e.preventDefault(); find(q.value); });
  if (location.hash.length > 1) { q.value = decodeURIComponent(location.hash.slice(1)); find(q.value); }
})();
"""


def _tiles(word: str, tiles: tuple[int, ...] | None) -> str:
    """The word on its tiles (None: plain tiles), then the feedback spelled B/Y/G for those who cannot see colour."""
    if tiles is None:
        return '<span class="r">' + "".join(f"<i>{escape(ch)}</i>" for ch in word) + "</span>"
    cells = "".join(f'<i class="{_TILE_CLASS[t]}">{escape(ch)}</i>' for ch, t in zip(word, tiles))
    return f'<span class="r">{cells}</span> <code>{show(tiles, "byg")}</code>'


def _average(total: int, answers: int) -> str:
    return format_g(Fraction(total, answers))


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


class _Writer:
    def __init__(self, tree: Tree, open_levels: int):
        self.tree = tree
        self.measure = Measure(tree)
        self.open_levels = open_levels
        self.parts: list[str] = []

    def node(self, node: Node, turn: int) -> None:
        """The `<ul>` of `node`'s branches; its guess is the game's `turn`-th."""
        emit = self.parts.append
        win = self.tree.win
        emit("<ul>")
        for branch in self.measure.branches(node, turn):
            row = _tiles(node.guess, branch.tiles)
            if branch.child is None:
                emit(f'<li data-w="{escape(node.guess)}" data-g="{turn}" tabindex="-1">{row} <span class="s">solved: '
                     f'{_plural(turn, "guess", "guesses")}</span></li>')
            elif sole_answer(branch.child, win):
                answer = branch.child.guess
                emit(f'<li data-w="{escape(answer)}" data-g="{turn + 1}" tabindex="-1">{row} <span class="n">1 answer</span> '
                     f'&rarr; <b class="w">{escape(answer)}</b> <span class="s">({_plural(turn + 1, "guess", "guesses")})</span></li>')
            else:
                child = branch.child
                opened = " open" if turn < self.open_levels else ""
                emit(f'<li><details{opened} data-n="{branch.answers}" data-t="{branch.total}" data-q="{escape(child.guess)}"><summary>'
                     f'{row} <span class="n">{_plural(branch.answers, "answer")}</span> '
                     f'<span class="s">total {branch.total}, average {_average(branch.total, branch.answers)}</span> '
                     f'&rarr; <b class="w">{escape(child.guess)}</b></summary>')
                self.node(child, turn + 1)
                emit("</details></li>")
        emit("</ul>")


def write_html(
    tree: Tree, out: TextIO, *, open_levels: int = 1, title: str | None = None, facts: dict | None = None, lists: str | None = None
) -> None:
    """The explorer page of `tree`; the first `open_levels` levels of branches start open; `lists` names the game's lists."""
    stats = tree.stats()
    opener = tree.root.guess
    title = (title or f"Decision tree: {opener}") + (f" ({lists})" if lists else "")
    writer = _Writer(tree, open_levels)
    emit = out.write
    emit('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
         '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
         f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n<header>\n")
    emit(f"<h1>{escape(title)}</h1>\n<dl>\n")
    more = " more" if facts and facts.get("history") else ""  # a tree from mid-game counts the guesses still to come
    rows = [
        ("best next" if more else "opener", f'{_tiles(opener, None)} <span class="w">{escape(opener)}</span>'),
        ("answers", f'<span id="answers">{stats.answers}</span>'),
        ("total", f'<span id="total">{stats.total}</span>{more} guesses'),
        ("average", f"{stats.average_text}{more} guesses per answer"),
        ("worst", f"{_plural(stats.worst, 'guess', 'guesses')}{more} ({_plural(stats.histogram.get(stats.worst, 0), 'answer')})"),
    ]
    rows += [(key, escape(str(value))) for key, value in _facts(facts)]
    if lists:
        rows.insert(0, ("lists", escape(lists)))
    for key, value in rows:
        emit(f"<dt>{key}</dt><dd>{value}</dd>\n")
    emit("</dl>\n")
    largest = max(stats.histogram.values(), default=0) or 1
    emit('<table class="h"><caption class="s">answers found at each guess</caption>\n<tr><th scope="col">guesses</th>'
         '<th scope="col">answers</th><th></th></tr>\n')
    for guesses, count in stats.histogram.items():
        width = f"{100 * count / largest:.1f}"
        emit(f'<tr><th scope="row">{guesses}</th><td>{count}</td><td class="bar"><span style="width:{width}%"></span></td></tr>\n')
    emit("</table>\n")
    emit('<form id="find" role="search"><label for="q">Find an answer </label><input id="q" autocomplete="off" spellcheck="false">'
         ' <button>Find</button><output id="msg" for="q" aria-live="polite"></output></form>\n'
         '<div class="tools"><button type="button" id="open-all">Expand all</button> '
         '<button type="button" id="close-all">Collapse all</button></div>\n</header>\n<main>\n')
    emit(f'<details open class="root" data-n="{stats.answers}" data-t="{stats.total}" data-q="{escape(opener)}"><summary>'
         f'{_tiles(opener, None)} <span class="n">{_plural(stats.answers, "answer")}</span> '
         f'<span class="s">total {stats.total}, average {stats.average_text}</span></summary>\n')
    writer.node(tree.root, 1)
    emit("".join(writer.parts))
    emit(f"\n</details>\n</main>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n")


def _facts(facts: dict | None) -> list[tuple[str, str]]:
    """How the tree was built, from a JSON summary's fields (what `tree build` knows)."""
    if not facts:
        return []
    rows = []
    if facts.get("history"):
        rows.append(("from", ", ".join(f"{g} {f}" for g, f in facts["history"])))
    if "proven" in facts:
        rows.append(("result", "proven optimal" if facts["proven"] else f"upper bound (top-k {facts.get('top_k')}: not a proof)"))
    if facts.get("hard"):
        rows.append(("mode", "hard"))
    if facts.get("max_guesses"):
        rows.append(("limit", f"{facts['max_guesses']} guesses"))
    return rows
