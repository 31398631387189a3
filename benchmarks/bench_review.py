"""Speed of `wordle review` (issue 20): a 4-turn game per opener, first time (empty cache) and repeated.

For each opener (by default the 20 most played and tarse, the openers of the
review's opening book), a game of 4 turns on the shipped lists of `--game`
(wordle: 2022's, the default here; nyt: today's): the opener, then the `expected` strategy's
guesses, against the first answer (of a fixed list) that takes 4 turns.
Each run is the installed `wordle review --answer ANSWER G1 G2 G3 G4 -q`
as a subprocess, under `--prior` (uniform unless given: the docs' tables),
for the puzzle of `common.DATE` (both printed above the table):

- first: a fresh, empty cache folder (WORDLE_CACHE_DIR), so the opener's
  value is proven (the best opener's 7920 is built in);
- repeat: the same folder again, every value read back.

One untimed warm-up fills numba's cache. Every run's JSON sums are checked
(guesses = best + costs - luck) where every value is exact; where the
budget left ranges, each is checked to be one (lower <= upper). Target
(issues 20, 26, 27, 35): first <= 10 s, repeat <= 1 s, on 2 cores.

`--sample N` (issue 35) reviews instead N openers drawn, with `--seed`, from
all the game's allowed guesses (not only the popular ones), each with the
default budget (`--budget` passes another): the table then gives,
per opener, the share of the values shown (expected, best, cost, luck of
every turn) that are exact, and the median width of the ranges; a last row
the same over all of them.

    python benchmarks/bench_review.py [--runs 3] [--openers salet,crane] [--game nyt]
    python benchmarks/bench_review.py --game nyt --sample 20 [--seed 35] [--runs 1]

Prints a Markdown table: medians (min-max) of wall and CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile

from common import DATE, pin_game, run, wordle_cmd

OPENERS = ["salet", "crane", "slate", "raise", "adieu", "audio", "stare", "roate", "trace", "arise", "crate",
           "irate", "soare", "arose", "least", "train", "heart", "house", "tears", "later", "tarse"]
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf", "tacit"]


def four_turn_game(opener: str, answers: list[str] = ANSWERS, game: str = "wordle", prior: str = "uniform") -> tuple[str, list[str]] | None:
    """The first of `answers` that the `expected` strategy, opening with `opener`, takes 4 turns to find; its guesses."""
    import datetime

    import wordle_cli

    date = datetime.date.fromisoformat(DATE)
    for answer in answers:
        guesses = wordle_cli.solve(answer, first=opener, game=game, prior=prior, date=date, strategy="expected", backend="cpu").guesses
        if len(guesses) == 4:
            return answer, guesses
    return None


def sampled_openers(n: int, seed: int) -> list[str]:
    """n openers drawn with `seed` from all the allowed guesses of the game pinned (the same every run)."""
    from wordle_cli.model.game import load_lists

    _, allowed = load_lists(os.environ.get("WORDLE_GAME"))
    return random.Random(seed).sample(sorted(allowed.words), len(allowed.words))[:n]  # a prefix of the same draw for any n


#: The values of a turn a review shows: each exact (a number) or a range ({"lower", "upper"}).
VALUES = ("expected", "best", "cost", "luck")


def timed(cmd: list[str], cache: str) -> tuple[float, float, list]:
    """(wall s, CPU s, the values shown) of one review; its sums checked where exact, its ranges where not."""
    os.environ["WORDLE_CACHE_DIR"] = cache
    wall, cpu, out = run(cmd + ["--json"])
    data = json.loads(out)
    turns = data["turns"]
    shown = [t[name] for t in turns for name in VALUES if t[name] is not None]
    for value in shown:
        if isinstance(value, dict) and value["upper"] is not None and not value["lower"] <= value["upper"]:
            sys.exit(f"{' '.join(cmd)}: a range upside down ({value})")
    if data.get("exact", True) and data["expected_best"] is not None:
        total = data["expected_best"] + sum(t["cost"] for t in turns) - sum(t["luck"] for t in turns)
        if abs(total - data["guesses"]) > 1e-9:
            sys.exit(f"{' '.join(cmd)}: the sums do not add up ({total} != {data['guesses']})")
    return wall, cpu, shown


def exactness(shown: list) -> tuple[float, list[float]]:
    """(share of exact values, widths of the ranges; a range with no upper bound counts as infinitely wide)."""
    widths = [float("inf") if v["upper"] is None else v["upper"] - v["lower"] for v in shown if isinstance(v, dict)]
    return (1 - len(widths) / len(shown)) if shown else 1.0, widths


def width_text(widths: list[float]) -> str:
    return "-" if not widths else f"{statistics.median(widths):.3f}"


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--openers", default=",".join(OPENERS))
    parser.add_argument("--game", choices=["wordle", "nyt"], default="wordle", help="whose lists [default: wordle, 2022's]")
    parser.add_argument("--sample", type=int, default=0, help="review N openers drawn from all allowed guesses instead")
    parser.add_argument("--seed", type=int, default=35, help="the draw of --sample [default: 35]")
    parser.add_argument("--budget", default=None, help="units of search work, passed to `wordle review` [default: its own]")
    parser.add_argument("--prior", default="uniform", help="the prior of the games and reviews [default: uniform]")
    args = parser.parse_args()
    settings = pin_game(args.game, args.prior)
    wordle = wordle_cmd()
    openers = sampled_openers(args.sample, args.seed) if args.sample else args.openers.split(",")
    answers = ANSWERS
    if args.sample:  # a 4-turn game of each drawn opener: against the first of a seeded shuffle of the answers
        from wordle_cli.model.game import load_lists

        answers = random.Random(args.seed).sample(sorted(load_lists(args.game)[0].words), 200)
    limit = ["--budget", args.budget] if args.budget is not None else []
    with tempfile.TemporaryDirectory() as scratch:
        run(wordle + ["review", "--answer", "cigar", "salet", "cigar", "-q", "--no-cache"])  # warm-up: numba's cache
        extra = " exact | median range |" if args.sample else ""
        print(f"{settings} (the games: --strategy expected)")
        print("| opener | game | first: wall s | first: CPU s | repeat: wall s | repeat: CPU s |" + extra)
        print("|---|---|---:|---:|---:|---:|" + ("---:|---:|" if args.sample else ""))
        everything = []
        for opener in openers:
            game = four_turn_game(opener, answers, args.game, args.prior)
            if game is None:
                print(f"| {opener} | (no 4-turn game among the answers tried) | | | | |", flush=True)
                continue
            answer, guesses = game
            cmd = wordle + ["review", "--prior", args.prior, "--answer", answer, *guesses, "-q", *limit]
            first, repeat = [], []
            for i in range(args.runs):
                cache = os.path.join(scratch, f"{opener}-{i}")
                first.append(timed(cmd, cache))
                repeat.append(timed(cmd, cache))
            row = (
                f"| {opener} | {' '.join(guesses)} | {spread([r[0] for r in first])} | {spread([r[1] for r in first])} | "
                f"{spread([r[0] for r in repeat])} | {spread([r[1] for r in repeat])} |"
            )
            if args.sample:
                shown = first[0][2]  # the first run's values (the repeats read the same back)
                everything.extend(shown)
                share, widths = exactness(shown)
                row += f" {100 * share:.0f}% | {width_text(widths)} |"
            print(row, flush=True)
        if args.sample:
            share, widths = exactness(everything)
            print(f"| all {len(openers)} | | | | | | {100 * share:.0f}% | {width_text(widths)} |")


if __name__ == "__main__":
    main()
