"""How many players' grids `wordle infer` needs to name the day's answer: simulated crowds.

For each day (answers of the game's list, --game, by default today's:
a fixed random sample, or all of them) a crowd of players plays against the day's answer and posts its grid
as `Wordle <day> <score>/6[*]` and its rows; only the posts are kept. The
posts of the first N players are read by `wordle_cli.infer` exactly as
`wordle infer` reads them (duplicates dropped, ...), and the day counts as
correct when the top candidate is the true answer. Reported for N = 10,
30, 50, 70, 100, 300, 1000: the share of days correct, for the shipped model and
for simpler ones (`first-rows`: only first rows scored, as random allowed
guesses, later rows only rule out; `random-rows`: every row a random
allowed guess).

The crowd, each player drawn independently (seeded by day, so a day's crowd
does not depend on --sizes):

- half are *strategy players*: one of a fixed roster of the shipped scored
  strategies (expected, entropy, minimax; normal or hard mode, posting `*`;
  all guesses or --pool-only) with random openers, --openers distinct
  openers per configuration drawn from the allowed list (12 x 6 = 72
  players; many real players share an opener too). Games longer than six
  rows are posted as `X/6` with their first six rows;
- half are *random pool-only players*: each guess, the opener included, is
  drawn uniformly from the answers still possible.

The days are a seeded permutation of the answers list: `--split eval`
(default) takes the first --days of it, `--split tune` the next --days; the
model's weights were chosen on the tune days, which the reported figures
never see.

Then (unless --no-timing) `wordle infer` is timed end to end, as a user runs
it, on 1000 distinct grids of the first day's crowd: the median of --repeat
runs, beside `python -c "import numpy, numba"` measured in the same run.

The model reads the grids under the uniform prior (every candidate as likely
before the grids), in process and in the timed command (`--game G --prior
uniform`, for the puzzle of `common.DATE`): the settings line says so.

    python benchmarks/bench_infer.py [--game nyt|wordle] [--days 200 | --all] [--seed 0] [--split eval|tune] [--models ...] [--repeat 5]

Prints a Markdown table: N, then per model the share of days correct.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import pin_game  # noqa: E402

from wordle_cli import backends  # noqa: E402
from wordle_cli.infer import model as infer_model  # noqa: E402
from wordle_cli.infer.analysis import candidate_tables  # noqa: E402
from wordle_cli.infer.posts import read_posts  # noqa: E402
from wordle_cli.model.feedback import decode, show  # noqa: E402
from wordle_cli.model.game import GAMES, ROWS, Game, load_lists  # noqa: E402
from wordle_cli.solver.strategy import SCORED_STRATEGIES  # noqa: E402
from wordle_cli.solver.tree import Solver  # noqa: E402

SIZES = (10, 30, 50, 70, 100, 300, 1000)

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


def player_post(game: Game, roster, answer_codes: np.ndarray, day: int, rng: np.random.Generator) -> str:
    """The post of one player of the crowd (see the module docstring) against answer index `day`."""
    if rng.random() < 0.5:
        _, solver, root = roster[int(rng.integers(len(roster)))]
        rows, hard = strategy_grid(solver, root, day)
    else:
        rows, hard = random_pool_grid(answer_codes, day, rng, game.win_code)
    return post(day, rows, hard, game.length, game.win_code)


def time_command(game: Game, roster, answer_codes: np.ndarray, day: int, seed: int, repeat: int) -> None:
    """Median wall time of `wordle infer` on 1000 distinct grids, beside importing numpy and numba."""
    rng = np.random.default_rng([seed, day, 1])
    distinct: dict[str, None] = {}
    while len(distinct) < 1000:
        distinct[player_post(game, roster, answer_codes, day, rng)] = None
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "posts.txt"
        path.write_text("\n".join(distinct), encoding="utf-8")
        commands = {
            "wordle infer (1000 grids)": [sys.executable, "-m", "wordle_cli", "infer", "-q", "--game", game.name, "--prior", "uniform", str(path)],
            'python -c "import numpy, numba"': [sys.executable, "-c", "import numpy, numba"],
        }
        check = subprocess.run(commands["wordle infer (1000 grids)"], env=env, capture_output=True, text=True, check=True)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(repeat):
            for name, cmd in commands.items():
                started = time.perf_counter()
                subprocess.run(cmd, env=env, capture_output=True, check=True)
                times[name].append(time.perf_counter() - started)
    print(f"\n{check.stdout.splitlines()[0]}\n{check.stdout.splitlines()[-1]} (true answer: {game.answers[day]})")
    for name, values in times.items():
        print(f"{name}: median {statistics.median(values):.2f} s of {repeat} runs ({', '.join(f'{v:.2f}' for v in values)})")


def post(day: int, rows: list[int], hard: bool, length: int, win: int) -> str:
    """The text a player pastes: header, blank line, at most six rows."""
    shown = rows[:ROWS]
    score = str(len(shown)) if shown[-1] == win else "X"
    grid = "\n".join(show(decode(r, length), "emoji") for r in shown)
    return f"Wordle {day} {score}/6{'*' if hard else ''}\n\n{grid}\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="nyt", help="the lists [default: nyt, today's]")
    parser.add_argument("--days", type=int, default=200, help="days sampled (default 200)")
    parser.add_argument("--all", action="store_true", help="every answer of the list as a day")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--split", choices=("eval", "tune"), default="eval")
    parser.add_argument("--openers", type=int, default=6, help="random openers per strategy configuration")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--models", default=DEFAULT_MODELS, help=f"of {', '.join(MODELS)} (default {DEFAULT_MODELS})")
    parser.add_argument("--weights", default="", help="extra models SHARE:LATER,... (pi and w of the model's docstring)")
    parser.add_argument("--misses", action="store_true", help="list the days each model gets wrong")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the timed command (default 5)")
    parser.add_argument("--no-timing", action="store_true", help="skip timing wordle infer end to end")
    args = parser.parse_args()
    started = time.perf_counter()
    sizes = [int(s) for s in args.sizes.split(",")]
    models = {name: MODELS[name] for name in args.models.split(",") if name}
    for spec in filter(None, args.weights.split(",")):
        share, later = (float(x) for x in spec.split(":"))
        models[f"w={spec}"] = infer_model.Model(random_share=share, later_random=later)

    name = args.game
    settings = pin_game(name, "uniform")
    answer_list, allowed_list = load_lists(name)
    game = Game(name, answer_list.words, allowed_list.words)
    cpu = backends.load("cpu")
    order = random.Random(args.seed).sample(range(len(game.answers)), len(game.answers))
    if args.all:
        days = order
    else:
        block = 0 if args.split == "eval" else 1
        days = order[block * args.days : (block + 1) * args.days]
    tables = candidate_tables(game, game.answers, cpu)
    answer_codes = cpu.feedback_table(game.answer_codes, game.answer_codes)  # [guess, answer]
    roster = strategy_roster(game, args.openers, random.Random(args.seed + 1))
    print(f"{name}: {len(game.answers)} answers, {len(game.candidates)} guesses; "
          f"{len(days)} days (seed {args.seed}, {args.split} split), roster of {len(roster)} strategy players; "
          f"tables in {time.perf_counter() - started:.1f} s", file=sys.stderr)

    correct = {name: {n: 0 for n in sizes} for name in models}
    misses = {name: {n: [] for n in sizes} for name in models}
    crowd = max(sizes)
    simulate_s = infer_s = 0.0
    for done, day in enumerate(days, start=1):
        t0 = time.perf_counter()
        rng = np.random.default_rng([args.seed, day])  # each day's crowd is the same whatever --sizes
        posts = [player_post(game, roster, answer_codes, day, rng) for _ in range(crowd)]
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

    print(settings)
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
    print(f"\n{game.name}, {len(days)} days, seed {args.seed} ({args.split}); {time.perf_counter() - started:.0f} s in all "
          f"({simulate_s:.0f} s simulating crowds, {infer_s:.0f} s reading posts and inferring)")
    if not args.no_timing:
        time_command(game, roster, answer_codes, days[0], args.seed, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
