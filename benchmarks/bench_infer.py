"""How many players' grids `wordle infer` needs to name the day's answer: simulated crowds.

For each day (answers of the shipped list: a fixed random sample, or all of
them) a crowd of players plays against the day's answer and posts its grid
as `Wordle <day> <score>/6[*]` and its rows; only the posts are kept. The
posts of the first N players are read by `wordle_cli.infer` exactly as
`wordle infer` reads them (duplicates dropped, ...), and the day counts as
correct when the top candidate is the true answer. Reported for N = 10,
30, 100, 300, 1000: the share of days correct, for the shipped model and for
the models it is compared with.

The crowd, each player drawn independently (seeded):

- half are *strategy players*: one of a fixed roster of the shipped
  strategies (expected, entropy, minimax; normal or hard mode, posting `*`;
  all guesses or --pool-only) with random openers, OPENERS distinct openers
  per configuration drawn from the allowed list (so 12 x OPENERS players;
  many real players share an opener too). Games longer than six rows are
  posted as `X/6` with their first six rows;
- half are *random pool-only players*: each guess, the opener included, is
  drawn uniformly from the answers still possible.

The days are a seeded permutation of the answers list: `--split eval`
(default) takes the first --days of it, `--split tune` the next --days, so
model choices can be made on days the reported figures never see.

    python benchmarks/bench_infer.py [--days 200 | --all] [--seed 0] [--openers 6] [--models shipped,first-rows,random-rows]

Prints a Markdown table: N, then per model the share of days correct.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordle_cli import backends  # noqa: E402
from wordle_cli.feedback import decode, show  # noqa: E402
from wordle_cli.infer import model as infer_model  # noqa: E402
from wordle_cli.infer.posts import read_posts  # noqa: E402
from wordle_cli.solver.games import Game, load_lists  # noqa: E402
from wordle_cli.solver.strategy import SCORED_STRATEGIES  # noqa: E402
from wordle_cli.solver.tree import Solver  # noqa: E402

SIZES = (10, 30, 100, 300, 1000)
MAX_ROWS = 6

#: The models compared (the shipped one is `Model()`; see wordle_cli/infer/model.py).
MODELS = {
    "shipped": infer_model.Model(),
    "first-rows": infer_model.Model(random_share=1.0, later_random=1.0, hard_rows=False, first_rows_only=True),
    "random-rows": infer_model.Model(random_share=1.0, later_random=1.0, hard_rows=False),
    "no-hard": infer_model.Model(hard_rows=False),
}
DEFAULT_MODELS = "shipped,first-rows,random-rows"


def strategy_roster(game: Game, openers: int, rng: random.Random) -> list[tuple[str, Solver, object]]:
    """(label, solver, root) for every shipped strategy configuration and `openers` random openers each."""
    roster = []
    for strategy in SCORED_STRATEGIES:
        for hard in (False, True):
            for pool_only in (False, True):
                solver = Solver(game, strategy, hard=hard, pool_only=pool_only)
                for opener in rng.sample(game.candidates, openers):
                    label = f"{strategy}{' hard' if hard else ''}{' pool-only' if pool_only else ''} {opener}"
                    roster.append((label, solver, solver.root(opener)))
    return roster


def strategy_grid(solver: Solver, root, target: int) -> tuple[list[int], bool]:
    """(feedback codes, hard mode) of a roster player's game against answer index `target`."""
    return [node.code_of(target) for node in solver.play(root, solver.game.answers[target])], solver.hard


def random_pool_grid(codes: np.ndarray, target: int, rng: np.random.Generator, win: int) -> tuple[list[int], bool]:
    """A random pool-only player's game: every guess uniform over the answers still possible."""
    pool = np.arange(codes.shape[0])
    rows = []
    while True:
        guess = int(pool[rng.integers(len(pool))])
        code = int(codes[guess, target])
        rows.append(code)
        if code == win:
            return rows, False
        pool = pool[codes[guess, pool] == code]


def post(day: int, rows: list[int], hard: bool, length: int, win: int) -> str:
    """The text a player pastes: header, blank line, at most six rows."""
    shown = rows[:MAX_ROWS]
    score = str(len(shown)) if shown[-1] == win else "X"
    grid = "\n".join(show(decode(r, length), "emoji") for r in shown)
    return f"Wordle {day} {score}/6{'*' if hard else ''}\n\n{grid}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=200, help="days sampled (default 200)")
    parser.add_argument("--all", action="store_true", help="every answer of the list as a day")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--split", choices=("eval", "tune"), default="eval")
    parser.add_argument("--openers", type=int, default=6, help="random openers per strategy configuration")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--models", default=DEFAULT_MODELS, help=f"of {', '.join(MODELS)} (default {DEFAULT_MODELS})")
    parser.add_argument("--weights", default="", help="extra models SHARE:LATER,... (pi and w of the model's docstring)")
    parser.add_argument("--misses", action="store_true", help="list the days each model gets wrong")
    args = parser.parse_args()
    started = time.perf_counter()
    sizes = [int(s) for s in args.sizes.split(",")]
    models = {name: MODELS[name] for name in args.models.split(",") if name}
    for spec in filter(None, args.weights.split(",")):
        share, later = (float(x) for x in spec.split(":"))
        models[f"w={spec}"] = infer_model.Model(random_share=share, later_random=later)

    answer_list, allowed_list = load_lists("wordle")
    game = Game("wordle", answer_list.words, allowed_list.words)
    cpu = backends.load("cpu")
    order = random.Random(args.seed).sample(range(len(game.answers)), len(game.answers))
    if args.all:
        days = order
    else:
        block = 0 if args.split == "eval" else 1
        days = order[block * args.days : (block + 1) * args.days]
    tables = infer_model.count_tables(game.answer_codes, game.candidate_codes, game.cand_of_answer, cpu)
    answer_codes = cpu.feedback_table(game.answer_codes, game.answer_codes)  # [guess, answer]
    roster = strategy_roster(game, args.openers, random.Random(args.seed + 1))
    print(f"{len(days)} days (seed {args.seed}, {args.split} split), roster of {len(roster)} strategy players; "
          f"tables in {time.perf_counter() - started:.1f} s", file=sys.stderr)

    correct = {name: {n: 0 for n in sizes} for name in models}
    misses = {name: {n: [] for n in sizes} for name in models}
    crowd = max(sizes)
    simulate_s = infer_s = 0.0
    for done, day in enumerate(days, start=1):
        t0 = time.perf_counter()
        rng = np.random.default_rng([args.seed, day])  # each day's crowd is the same whatever --sizes
        posts = []
        for _ in range(crowd):
            if rng.random() < 0.5:
                _, solver, root = roster[int(rng.integers(len(roster)))]
                rows, hard = strategy_grid(solver, root, day)
            else:
                rows, hard = random_pool_grid(answer_codes, day, rng, game.win_code)
            posts.append(post(day, rows, hard, game.length, game.win_code))
        t1 = time.perf_counter()
        for n in sizes:
            grids = read_posts("\n".join(posts[:n]), game.length).grids
            for name, model in models.items():
                result = infer_model.infer(grids, tables, model=model)
                if int(result.order[0]) == day:
                    correct[name][n] += 1
                else:
                    misses[name][n].append(game.answers[day])
        simulate_s += t1 - t0
        infer_s += time.perf_counter() - t1
        if done % 20 == 0:
            print(f"  {done} days, {simulate_s:.0f} s simulating, {infer_s:.0f} s inferring", file=sys.stderr)

    print(f"| N | {' | '.join(models)} |")
    print(f"|---:|{'---:|' * len(models)}")
    for n in sizes:
        cells = " | ".join(f"{100 * correct[name][n] / len(days):.1f}%" for name in models)
        print(f"| {n} | {cells} |")
    if args.misses:
        for name in models:
            for n in sizes:
                if misses[name][n]:
                    print(f"{name} N={n} wrong: {' '.join(misses[name][n])}")
    print(f"\n{len(days)} days, seed {args.seed} ({args.split}); {time.perf_counter() - started:.0f} s in all "
          f"({simulate_s:.0f} s simulating crowds, {infer_s:.0f} s inferring)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
