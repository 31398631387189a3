"""How big the HTML tree explorer is for full trees, and how fast a browser opens it (issue 21).

Two trees: the proven salet tree of the 2315 answers, and a salet tree of
all 12972 allowed words as answers (`--top-k 1 --max-guesses unlimited`: an upper
bound, built in seconds). For each: the file's size, the CPU time of
`wordle tree show --format html` (median of --runs), and in headless
Chromium (driven over the DevTools pipe by tests/browser.py) the median over
--runs fresh loads of first contentful paint and of the load event, then the
time "Expand all" takes until the next frame is painted. Every load is
checked first: the page holds every answer, its total is the tree's, and it
logged no error.

    python benchmarks/bench_pictures.py [--runs 5]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

from common import pin_game, run, wordle_cmd

SETTINGS = pin_game()  # the 2022 lists, uniform: the figures these check and the docs quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import browser  # noqa: E402  (the tests' DevTools client)

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"

OPENED = """
(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return [paint ? paint.startTime : null, nav.loadEventEnd];
})()
"""

EXPAND = """
new Promise(done => {
  const start = performance.now();
  document.getElementById('open-all').click();
  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
})
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    chromium = browser.find()
    if chromium is None:
        sys.exit("no Chromium: install Debian's chromium (make test-browser does) or set CHROMIUM")
    wordle = wordle_cmd()
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        trees = {
            "salet, 2315 answers (proven)": ["--first", "salet"],
            "salet, 12972 answers (top-k 1)": ["--first", "salet", "--answers", str(WORDLISTS / "wordle-allowed.txt"),
                                               "--top-k", "1", "--max-guesses", "unlimited"],
        }
        print(SETTINGS)
        print("| tree | answers | total | HTML size | write (CPU) | first paint | loaded | expand all |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, options in trees.items():
            tree = folder / "t.tree"
            out = run([*wordle, "tree", "build", "-q", *options, "-o", str(tree)])[2]
            answers = int(re.search(r"^answers\s+(\d+)", out, re.M).group(1))
            total = int(re.search(r"^total\s+(\d+)", out, re.M).group(1))
            page = folder / "t.html"
            cpu = statistics.median(run([*wordle, "tree", "show", "--format", "html", "-o", str(page), str(tree)])[1] for _ in range(args.runs))
            paints, loads, expands = [], [], []
            with browser.Browser(chromium) as tab:
                for _ in range(args.runs):
                    tab.open("about:blank")
                    tab.events.clear()
                    tab.open(page.as_uri())
                    found = tab.evaluate("document.querySelectorAll('li[data-w]').length")
                    shown = tab.evaluate("document.getElementById('total').textContent")
                    if found != answers or shown != str(total) or tab.errors():
                        sys.exit(f"{name}: the page holds {found} answers, total {shown}, errors {tab.errors()}")
                    paint, load = tab.evaluate(OPENED)
                    paints.append(paint)
                    loads.append(load)
                    expands.append(tab.evaluate(EXPAND))
            size = page.stat().st_size
            print(f"| {name} | {answers} | {total} | {size / 1e6:.2f} MB | {cpu:.2f} s | {statistics.median(paints):.0f} ms "
                  f"| {statistics.median(loads):.0f} ms | {statistics.median(expands):.0f} ms |")


if __name__ == "__main__":
    main()
