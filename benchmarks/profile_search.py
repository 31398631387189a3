"""Where an opener's proof spends its time (issue 42): the exact search's profile, class by class and turn by turn.

Proves `--first W` as `tree build --first W` does (one fresh memo per class
after the opener), but one class after the other on this thread, each timed
(CPU seconds of this process), with the search's profile on
(`trees.search.profile`): per turn, the classes solved and their time, the
nodes, their pools, how they ended (memo or answer split, the scan's counts,
cut before any guess was tried, exact, failed high), the candidates kept,
skipped by their bound, evaluated and refuted (by the quick pass or part way),
the rank of the guess that won, and the share of a node's time spent before
its first upper bound. The total is checked against `--check TABLE` (a
published `opener [average] total` table) when given.

    python benchmarks/profile_search.py --game nyt --first fuzzy [--top 12] [--check results_easy_nyt20230701]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordle_cli.model.game import ROWS, Game, load_lists  # noqa: E402
from wordle_cli.trees import search  # noqa: E402
from wordle_cli.trees.builder import Problem  # noqa: E402
from wordle_cli.trees.search import profile  # noqa: E402
from wordle_cli.trees.search.shared import HITS, NODES, STORED  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="nyt")
    parser.add_argument("--first", required=True, metavar="W")
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--top", type=int, default=12, help="classes listed, slowest first [default: 12]")
    parser.add_argument("--check", metavar="TABLE", help="a published table: the total must equal its line for W")
    parser.add_argument("--only", metavar="N,N,...", help="prove only the classes of these sizes (no total checked)")
    parser.add_argument("--cache-mib", type=int, default=48, help="each class's memo budget, MiB [default: 48, tree build's]")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="a search threshold (trees.search.Thresholds), e.g. scan_stops=0; repeatable")
    args = parser.parse_args()
    answers, allowed = load_lists(args.game)
    game = Game(args.game, answers.words, allowed.words)
    started = time.process_time()
    fields = {name: int(value) for name, value in (item.split("=") for item in args.set)}
    thresholds = dataclasses.replace(search.Thresholds(), **fields)
    problem = Problem(game, hard=args.hard, max_guesses=ROWS, profile=True, thresholds=thresholds, cache_limit=args.cache_mib << 20)
    rate = profile.cycles_per_second()
    position = problem.start()
    parts = [(code, part) for code, part in problem._parts(position, args.first, problem._row(args.first)) if code != problem.win]
    smallest = min(parts, key=lambda item: len(item[1].pool))[1]
    if args.only:
        sizes = {int(size) for size in args.only.split(",")}
        parts = [(code, part) for code, part in parts if len(part.pool) in sizes]
        args.check = None
    print(f"{args.game}: {len(game.answers)} answers, {len(game.candidates)} guesses, uniform prior (the published totals'), "
          f"{'hard' if args.hard else 'normal'} mode; set-up {time.process_time() - started:.1f} CPU s")
    problem.value(problem.context(), smallest)  # numba's kernels loaded (or compiled) before any class is timed
    rows = []
    tables = []
    total = len(position.pool)
    for _code, part in sorted(parts, key=lambda item: len(item[1].pool)):
        ctx = problem.context()
        t0 = time.process_time()
        value, _ = problem.value(ctx, part)
        rows.append((time.process_time() - t0, len(part.pool), value, int(ctx.stats[NODES]), int(ctx.stats[HITS]), int(ctx.stats[STORED])))
        tables.append(ctx.profile)
        total += value
    seconds = sum(row[0] for row in rows)
    print(f"{args.first}: total {total} ({len(parts)} classes) in {seconds:.1f} CPU s of search")
    print(f"the {min(args.top, len(rows))} slowest classes: CPU s, answers, value, nodes, memo hits, memo entries")
    for row in sorted(rows, reverse=True)[: args.top]:
        print(f"  {row[0]:8.2f} s  {row[1]:5d}  {row[2]:6d}  {row[3]:8d}  {row[4]:8d}  {row[5]:8d}")
    print("per turn (turn 2: the classes after the opener; times inclusive of the turns below):")
    for line in profile.report(profile.merged(tables), rate, ROWS):
        print("  " + line)
    if args.check:
        published = None
        for line in Path(args.check).read_text(encoding="utf-8").splitlines():
            fields = line.split()
            if fields and fields[0] == args.first:
                published = int(fields[-1])
        verdict = "equal" if published == total else "DIFFERENT"
        print(f"published total: {published} ({verdict})")
        if published != total:
            sys.exit(1)


if __name__ == "__main__":
    main()
