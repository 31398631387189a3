"""Cost of the chance search (issue 49, item 3): the best chance to win where the guess limit binds.

`wordle_cli.trees.chance.ChanceSearch` on today's lists (`--game nyt`, uniform) for positions where no
strategy is sure to win:

- families of answers alike but in one position (`.atch`, `.ight`, `.ound`, `..ack`, `.o.er`), normal and hard
  mode (the family's common letters then green), with 2, 3 and 4 guesses left;
- the classes that keep roate (hard mode) from winning every game in 6: the answers left after roate with the
  feedback codes 94 (23 answers) and 136 (32 answers), 5 guesses left.

Each case runs in a fresh search (its own memo) after an untimed warm-up that compiles the kernels, and reports
the value (answers lost, total guesses with a loss counted as the guesses left + 1), the positions searched guess
by guess, and CPU seconds (this process's, `time.process_time`: the search runs on one thread).

    python benchmarks/bench_chance.py [--cases families,roate]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import re
import time

import numpy as np

from wordle_cli.model.game import Game, load_lists
from wordle_cli.trees import search
from wordle_cli.trees.builder import Position, Problem
from wordle_cli.trees.chance import ChanceSearch

FAMILIES = (".atch", ".ight", ".ound", "..ack", ".o.er")
ROATE_CLASSES = (94, 136)


def family_position(problem: Problem, pattern: str, depth: int) -> Position:
    game = problem.game
    start = problem.start()
    pool = np.array([i for i, w in enumerate(game.answers) if re.fullmatch(pattern, w)], dtype=np.int32)
    greens, mins, cands = start.greens.copy(), start.mins.copy(), start.cands
    if problem.hard:  # as after a guess that showed the family's common letters green
        for i, ch in enumerate(pattern):
            if ch != ".":
                symbol = game.alphabet.code[ch]
                greens[i] = symbol
                mins[symbol] += 1
        cands = search.allowed(problem.context(), cands, greens, mins)
    return Position(pool, cands, depth, greens, mins)


def measure(problem: Problem, position: Position) -> tuple[str, int, float]:
    chances = ChanceSearch(problem)
    started = time.process_time()
    found = chances.value(position)
    seconds = time.process_time() - started
    guess = problem.game.candidates[found.guess] if found.guess >= 0 else "-"
    return f"{found.lost} lost, {found.total} ({guess})", chances.positions, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", default="families,roate")
    args = parser.parse_args()
    answers, allowed = load_lists("nyt")
    game = Game("nyt", answers.words, allowed.words)
    problems = {hard: Problem(game, hard=hard, max_guesses=6) for hard in (False, True)}
    measure(problems[True], family_position(problems[True], ".atch", 3))  # compile (untimed)
    print("| position | answers | guesses left | value | positions | CPU s |")
    print("|---|---:|---:|---|---:|---:|")
    if "families" in args.cases:
        for hard in (False, True):
            for pattern in FAMILIES:
                for depth in (2, 3, 4):
                    position = family_position(problems[hard], pattern, depth)
                    value, positions, seconds = measure(problems[hard], position)
                    mode = "hard" if hard else "normal"
                    print(f"| {pattern} {mode} | {len(position.pool)} | {depth} | {value} | {positions} | {seconds:.2f} |", flush=True)
    if "roate" in args.cases:
        problem = problems[True]
        parts = dict(problem._parts(problem.start(), "roate", problem._row("roate")))
        for code in ROATE_CLASSES:
            position = parts[code]
            value, positions, seconds = measure(problem, position)
            print(f"| roate hard, class {code} | {len(position.pool)} | {position.depth} | {value} | {positions} | {seconds:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
