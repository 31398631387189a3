"""The exact search A/B against another checkout of wordle-cli: CPU per proof, trees compared byte for byte.

A change to the search must leave every tree identical and keep its speed.
This proves each opener with both checkouts, interleaved (the order flips
every round), after one untimed warm-up of each (numba's on-disk cache), and
checks that the two tree files are the same bytes. Make the baseline a git
worktree of the commit to compare with:

    git worktree add /tmp/base main
    python benchmarks/bench_ab.py --baseline /tmp/base --game wordle --openers salet,crane
    python benchmarks/bench_ab.py --baseline /tmp/base --game nyt --openers tarse --hard

Prints one Markdown row per opener (median CPU of each side over the rounds,
the ratio ours / baseline), then the ratio of the summed medians.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import statistics
import sys
import tempfile
from pathlib import Path

from common import pin_game, run

ROOT = Path(__file__).resolve().parent.parent


def prove(tree: Path, game: str, opener: str, hard: bool, out: Path, extra: list[str]) -> float:
    """CPU seconds of one `tree build --first OPENER` run from checkout `tree`, the tree written to `out`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "WORDLE_PRIOR": "uniform"}  # the published totals (a checkout before priors ignores it)
    cmd = [sys.executable, "-m", "wordle_cli", "tree", "build", "--game", game, "--first", opener, "-q", "-o", str(out)]
    cmd += ["--hard"] if hard else []
    _, cpu, _ = run(cmd + extra, env=env)
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="another checkout of wordle-cli (a git worktree)")
    parser.add_argument("--game", default="wordle", help="the game whose lists are proven [default: wordle]")
    parser.add_argument("--openers", default="salet", metavar="W,W,...", help="openers to prove [default: salet]")
    parser.add_argument("--hard", action="store_true", help="hard mode")
    parser.add_argument("--rounds", type=int, default=3, help="A/B rounds [default: 3]")
    parser.add_argument("--extra", default="", help="more options for ours only, e.g. '--prior nyt --date 2026-06-01'")
    args = parser.parse_args()
    sides = {"ours": ROOT, "baseline": args.baseline.resolve()}
    extra = {"ours": args.extra.split(), "baseline": []}
    print(pin_game(args.game, "uniform") + (f"; ours also: {args.extra}" if args.extra else ""))
    print(f"| opener ({args.game}{', hard' if args.hard else ''}) | ours CPU s | baseline CPU s | ratio | trees |")
    print("|---|---:|---:|---:|---|")
    totals = {"ours": 0.0, "baseline": 0.0}
    with tempfile.TemporaryDirectory() as folder:
        for opener in args.openers.split(","):
            files = {side: Path(folder, f"{side}-{opener}.tree") for side in sides}
            for side, tree in sides.items():  # warm-up: numba's cache
                prove(tree, args.game, opener, args.hard, files[side], extra[side])
            cpu: dict[str, list[float]] = {"ours": [], "baseline": []}
            for round_ in range(args.rounds):
                order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
                for side in order:
                    cpu[side].append(prove(sides[side], args.game, opener, args.hard, files[side], extra[side]))
            same = filecmp.cmp(files["ours"], files["baseline"], shallow=False)
            medians = {side: statistics.median(cpu[side]) for side in sides}
            for side in sides:
                totals[side] += medians[side]
            ratio = medians["ours"] / medians["baseline"]
            print(f"| {opener} | {medians['ours']:.2f} | {medians['baseline']:.2f} | {ratio:.3f} | {'identical' if same else 'DIFFERENT'} |",
                  flush=True)
    print(f"\nsummed medians: ours {totals['ours']:.2f} s, baseline {totals['baseline']:.2f} s, ratio {totals['ours'] / totals['baseline']:.3f}")


if __name__ == "__main__":
    main()
