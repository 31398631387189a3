"""Recompute `openings.TABLE` by scoring every opening of the default games (seconds).

Kept apart from `openings` so that the table's readers (the solver) and its
maker (which needs the solver) import in one direction only.
`python -m wordle_cli.solver.recompute_openings` prints the table afresh (as `openings.OPENINGS`).
"""

from __future__ import annotations

from wordle_cli.solver.openings import key


def compute_table() -> dict[tuple[str, str, str], str]:
    """Score every opening of the default games afresh."""
    from wordle_cli.model.game import GAMES, Game, load_lists
    from wordle_cli.solver.strategy import SCORED_STRATEGIES
    from wordle_cli.solver.tree import Solver

    table = {}
    for name in GAMES:
        answers, allowed = load_lists(name)
        game = Game(name, answers.words, allowed.words)
        for strategy in SCORED_STRATEGIES:
            for pool_only in (False, True):
                if pool_only and game.candidates == game.answers:  # the same job again
                    table[key(game, strategy, True)] = table[key(game, strategy, False)]
                    continue
                solver = Solver(game, strategy, pool_only=pool_only, use_openings=False)
                table[key(game, strategy, pool_only)] = solver.best(solver.root_pool())
    return table


if __name__ == "__main__":
    from wordle_cli.solver.strategy import SCORED_STRATEGIES

    table = compute_table()
    for lists in dict.fromkeys(k[:2] for k in table):  # openings.OPENINGS, in order
        print(f"    {lists!r}: {tuple(table[(*lists, s)] for s in SCORED_STRATEGIES)!r},")
