"""Speed of `solve`, `simulate` and `play` end to end, and of doddle doing the same jobs.

Correctness first (the known answers of issue #4, and every simulation must
play all 2315 answers), then medians of --runs end-to-end runs of the
installed `wordle` command as subprocesses (numba's cache warm: one untimed
run first), and, when doddle (PyPI) is installed in its own environment, its
commands that do the same job, in the same run:

- `doddle benchmark --solver ENTROPY` plays all 2315 answers with all 12972
  words as guesses, entropy-greedy, opening RAISE; ties: a possible answer,
  then alphabetical (ours: the same rule, the lists are alphabetical). Same
  job as `wordle simulate --strategy entropy --first raise`; the means match.
- `doddle benchmark --solver MINIMAX`: all answers, minimax, opening RAISE;
  its ties differ (largest class, then a possible answer, then more classes),
  so its games differ a little from `wordle simulate --strategy minimax`.
- `doddle run --answer cigar --solver ENTROPY`: one game, as `wordle solve`.

    python benchmarks/bench_solver.py [--runs 5] [--doddle-runs 1] [--doddle PATH]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import pin_game, run, wordle_cmd

SETTINGS = pin_game()  # the 2022 lists, uniform: the figures these check and the docs quote

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DODDLE = "/tmp/doddle-venv/bin/doddle"


def timed(cmd: list[str], runs: int, stdin: str | None = None) -> tuple[float, float, float, float, str]:
    """(median, min, max wall seconds, median CPU seconds, stdout of the last run)."""
    times, cpus, out = [], [], ""
    for _ in range(runs):
        seconds, cpu, out = run(cmd, stdin)
        times.append(seconds)
        cpus.append(cpu)
    return statistics.median(times), min(times), max(times), statistics.median(cpus), out


def sim_summary(out: str) -> str:
    games = re.search(r"^games\s+(\d+)", out, re.MULTILINE)
    mean = re.search(r"^mean\s+([\d.]+)", out, re.MULTILINE)
    worst = re.search(r"^worst\s+(\d+)", out, re.MULTILINE)
    if not games or int(games.group(1)) not in (2315, 8363):
        sys.exit(f"simulate did not play every answer, not timing:\n{out}")
    return f"{games.group(1)} games, mean {mean.group(1)}, worst {worst.group(1)}"


def doddle_summary(out: str) -> str:
    games = re.search(r"Games:\s+([\d,]+)", out)
    mean = re.search(r"Mean:\s+([\d.]+)", out)
    if not games or not mean:
        return "?"
    return f"{games.group(1).replace(',', '')} games, mean {mean.group(1)}"


def check_known_answers(wordle: list[str]) -> None:
    _, _, out = run(wordle + ["solve", "-q", "--strategy", "expected", "--pool-only", "--tiles", "letters", "cigar"])
    row = out.splitlines()[1].split()
    if row[1:] != ["raise", "CCCAA", "2315", "61.0009", "5.87791"]:
        sys.exit(f"wrong Wordle opening, not timing: {row}")
    _, _, out = run(wordle + ["solve", "-q", "--game", "primel", "--strategy", "expected", "--pool-only", "--tiles", "letters",
                              "10169"])
    row = out.splitlines()[1].split()
    if row[1] != "17923" or row[3:] != ["8363", "121.542", "6.62459"]:
        sys.exit(f"wrong Primel opening, not timing: {row}")
    done = subprocess.run(
        wordle + ["play", "--batch", "--game", "primel", "--strategy", "expected", "--pool-only"], input="01001\n", capture_output=True,
        text=True, check=True,
    )
    if done.stdout.splitlines()[:1] != ["17923"] or "206 possible answers" not in done.stderr:
        sys.exit(f"wrong Primel pool after 01001, not timing:\n{done.stderr}")


def play_step_seconds(games: int = 30) -> tuple[float, float]:
    """(median, worst) seconds of one `play` step in a running session, over random games."""
    import random

    from wordle_cli.model.feedback import feedback
    from wordle_cli.model.game import Game, load_lists
    from wordle_cli.solver.session import Session
    from wordle_cli.solver.tree import Solver

    answers, allowed = load_lists("wordle")
    game = Game("wordle", answers.words, allowed.words)
    steps = []
    for strategy in ("expected", "entropy"):
        for target in random.Random(1).sample(game.answers, games // 2):
            session = Session(Solver(game, strategy))  # a fresh tree: no step reuses another game's work
            while not session.solved:
                guess = session.suggestion
                start = time.perf_counter()
                session.enter(guess, feedback(guess, target))
                steps.append(time.perf_counter() - start)
    return statistics.median(steps), max(steps)


def _fmt(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--doddle-runs", type=int, default=1, help="doddle's simulations take minutes each")
    parser.add_argument("--doddle", default=os.environ.get("DODDLE", DEFAULT_DODDLE), help="path of the doddle command")
    args = parser.parse_args()
    wordle = wordle_cmd()
    doddle = args.doddle if args.doddle and Path(args.doddle).exists() else None

    check_known_answers(wordle)
    rows = []  # (command, median, min, max, cpu, target, result)

    def ours(label_args: list[str], target: float | None, stdin: str | None = None, summary=None):
        run(wordle + label_args, stdin)  # warm numba's cache and the page cache
        med, lo, hi, cpu, out = timed(wordle + label_args, args.runs, stdin)
        label = "wordle " + " ".join(label_args)
        if stdin is not None:
            label = f"printf {stdin!r} | {label}"
        rows.append((f"`{label}`", med, lo, hi, cpu, target, summary(out) if summary else ""))
        return med

    ours(["simulate", "-q", "--pool-only", "--strategy", "expected"], 2.0, summary=sim_summary)
    ours(["simulate", "-q", "--strategy", "entropy"], 10.0, summary=sim_summary)
    ours(["simulate", "-q", "--strategy", "expected"], None, summary=sim_summary)
    ours(["simulate", "-q", "--strategy", "minimax"], None, summary=sim_summary)
    ours(["simulate", "-q", "--strategy", "expected", "--hard"], None, summary=sim_summary)
    ours(["simulate", "-q", "--game", "primel", "--strategy", "expected", "--pool-only"], None, summary=sim_summary)
    ours(["solve", "-q", "--strategy", "expected", "cigar"], 1.0, summary=lambda out: f"{len(out.splitlines()) - 1} guesses")
    ours(["solve", "-q", "--strategy", "entropy", "cigar"], 1.0, summary=lambda out: f"{len(out.splitlines()) - 1} guesses")
    ours(["play", "-q", "--batch", "--strategy", "expected"], 1.0, stdin="ACAAA\n", summary=lambda out: "start + 1 step")
    step_med, step_worst = play_step_seconds()
    rows.append(("one `play` step in a running session (30 games)", step_med, None, step_worst, None, 1.0, "max: the slowest step"))

    comparisons = []
    if doddle:
        pairs = [
            (["benchmark", "--solver", "ENTROPY"], ["simulate", "-q", "--strategy", "entropy", "--first", "raise"]),
            (["benchmark", "--solver", "MINIMAX"], ["simulate", "-q", "--strategy", "minimax", "--first", "raise"]),
            (["run", "--answer", "cigar", "--solver", "ENTROPY"], ["solve", "-q", "--strategy", "entropy", "--first", "raise", "cigar"]),
        ]
        for theirs, mine in pairs:
            t_med, t_lo, t_hi, t_cpu, t_out = timed([doddle, *theirs], args.doddle_runs)
            o_med = ours(mine, None, summary=sim_summary if mine[0] == "simulate" else None)
            t_sum = doddle_summary(t_out) if theirs[0] == "benchmark" else ""
            rows.append((f"`doddle {' '.join(theirs)}`", t_med, t_lo, t_hi, t_cpu, None, t_sum))
            comparisons.append((" ".join(theirs), "wordle " + " ".join(mine), t_med, o_med))

    cpus = os.cpu_count()
    load = os.getloadavg()[0]
    print(
        f"{cpus} logical cores visible, load average {load:.1f} at the end; runs: {args.runs} "
        f"(doddle: {args.doddle_runs}); wall seconds end to end, CPU s: user+sys of the command\n{SETTINGS}\n"
    )
    print("| command | median s | min s | max s | CPU s | target | result |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for label, med, lo, hi, cpu, target, result in rows:
        verdict = "" if target is None else (f"≤ {target:g} ✓" if med <= target else f"≤ {target:g} ✗")
        label = label.replace("|", "\\|")
        print(f"| {label} | {_fmt(med)} | {_fmt(lo)} | {_fmt(hi)} | {_fmt(cpu)} | {verdict} | {result} |")
    if comparisons:
        print("\n| doddle | wordle-cli | doddle s | wordle-cli s | speed-up |")
        print("|---|---|---:|---:|---:|")
        for theirs, mine, t, o in comparisons:
            print(f"| `doddle {theirs}` | `{mine}` | {t:.2f} | {o:.2f} | {t / o:.0f}× |")
    elif not doddle:
        print(f"\ndoddle not found at {args.doddle} (python -m venv /tmp/doddle-venv && "
              "/tmp/doddle-venv/bin/pip install doddle 'numpy<2'): comparison skipped")


if __name__ == "__main__":
    main()
