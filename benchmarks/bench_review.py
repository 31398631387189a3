"""Speed of `wordle review` (issue 20): a 4-turn game per opener, first time (empty cache) and repeated.

For each opener (salet crane slate raise adieu audio stare roate), a game of
4 turns on the shipped lists: the opener, then the `expected` strategy's
guesses, against the first answer (of a fixed list) that takes 4 turns.
Each run is the installed `wordle review --answer ANSWER G1 G2 G3 G4 -q`
as a subprocess:

- first: a fresh, empty cache folder (WORDLE_CACHE_DIR), so the opener's
  value is proven (the best opener's 7920 is built in);
- repeat: the same folder again, every value read back.

One untimed warm-up fills numba's cache. Every run's JSON sums are checked
(guesses = best + costs - luck). Target (issue 20): first <= 10 s, repeat
<= 1 s, on 2 cores.

    python benchmarks/bench_review.py [--runs 3] [--openers salet,crane]

Prints a Markdown table: medians (min-max) of wall and CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile

from common import pin_game, run, wordle_cmd

pin_game()  # the 2022 lists: the figures these check and the docs quote

OPENERS = ["salet", "crane", "slate", "raise", "adieu", "audio", "stare", "roate"]
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf", "tacit"]


def four_turn_game(opener: str) -> tuple[str, list[str]]:
    import wordle_cli

    for answer in ANSWERS:
        guesses = wordle_cli.solve(answer, first=opener, backend="cpu").guesses
        if len(guesses) == 4:
            return answer, guesses
    sys.exit(f"no 4-turn game found for {opener}")


def timed(cmd: list[str], cache: str) -> tuple[float, float]:
    os.environ["WORDLE_CACHE_DIR"] = cache
    wall, cpu, out = run(cmd + ["--json"])
    data = json.loads(out)
    turns = data["turns"]
    total = data["expected_best"] + sum(t["cost"] for t in turns) - sum(t["luck"] for t in turns)
    if abs(total - data["guesses"]) > 1e-9:
        sys.exit(f"{' '.join(cmd)}: the sums do not add up ({total} != {data['guesses']})")
    return wall, cpu


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--openers", default=",".join(OPENERS))
    args = parser.parse_args()
    wordle = wordle_cmd()
    with tempfile.TemporaryDirectory() as scratch:
        run(wordle + ["review", "--answer", "cigar", "salet", "cigar", "-q", "--no-cache"])  # warm-up: numba's cache
        print("| opener | game | first: wall s | first: CPU s | repeat: wall s | repeat: CPU s |")
        print("|---|---|---:|---:|---:|---:|")
        for opener in args.openers.split(","):
            answer, guesses = four_turn_game(opener)
            cmd = wordle + ["review", "--answer", answer, *guesses, "-q"]
            first, repeat = [], []
            for i in range(args.runs):
                cache = os.path.join(scratch, f"{opener}-{i}")
                first.append(timed(cmd, cache))
                repeat.append(timed(cmd, cache))
            print(
                f"| {opener} | {' '.join(guesses)} | {spread([w for w, _ in first])} | {spread([c for _, c in first])} | "
                f"{spread([w for w, _ in repeat])} | {spread([c for _, c in repeat])} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
