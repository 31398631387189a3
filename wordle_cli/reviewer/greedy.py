"""Values of positions under a greedy strategy of the solver (expected or entropy): fast, not proven.

A position is the strategy's node for its pool (`solver.tree.Solver`); its
value is the total number of guesses, over the pool's answers, the strategy
needs from there (its own guess first); a guess's value is the pool's size
plus the strategy's totals on the guess's feedback classes.
"""

from __future__ import annotations

import numpy as np

from wordle_cli.model.game import Game
from wordle_cli.reviewer.classes import Values
from wordle_cli.solver.tree import Node, Solver


class GreedyValues(Values):
    """Totals of one strategy's decision tree, remembered per node."""

    proven = False

    def __init__(self, game: Game, strategy: str, *, hard: bool = False, backend: str = "cpu"):
        self.solver = Solver(game, strategy, hard=hard, backend=backend)
        self.game = game
        self.unproven_root = False
        self._totals: dict[Node, int] = {}  # nodes compare by identity; kept alive here

    def start(self) -> Node:
        return self.solver.root()

    def after(self, node: Node, guess: str, tiles) -> Node:
        return self.solver.after(node, guess, tiles)

    def _total(self, node: Node) -> int:
        found = self._totals.get(node)
        if found is None:
            found = node.size
            for code in np.unique(node.codes).tolist():
                if code != self.game.win_code:
                    found += self._total(self.solver.child(node, code))
            self._totals[node] = found
        return found

    def weight(self, node: Node) -> int:
        """What one guess costs the node's answers: their number (the greedy strategies play the uniform prior)."""
        return node.size

    def best(self, node: Node) -> tuple[int, int, str]:
        """(total, total, the strategy's guess): the values are exact for the strategy (lower = upper)."""
        total = self._total(node)
        return total, total, node.guess

    def played(self, node: Node, guess: str, legal: bool = True) -> tuple[int, int]:
        if guess == node.guess:
            total = self._total(node)
        else:
            total = self._total(self.solver.node(node.pool, node.constraints, forced=guess, turn=node.turn))
        return total, total

    def ties(self, node: Node, total: int) -> None:
        return None
