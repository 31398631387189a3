"""What every picture of a tree labels its branches with: answers below a node and their guesses."""

from __future__ import annotations

from dataclasses import dataclass

from wordle_cli.model.feedback import decode
from wordle_cli.trees.model import Node, Tree


@dataclass(frozen=True)
class Branch:
    """One feedback of a node's guess: what the player sees, and what follows."""

    code: int
    tiles: tuple[int, ...]
    child: Node | None  # None: solved by the node's guess
    answers: int  # answers giving this feedback
    total: int  # their guesses, counted from the game's first


class Measure:
    """Answers and total guesses below every node of `tree`, computed once."""

    def __init__(self, tree: Tree):
        self.tree = tree
        self._sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (answers, total guesses from its own turn, as 1)
        self._measure(tree.root)

    def _measure(self, node: Node) -> tuple[int, int]:
        answers = total = 0
        for code, child in node.children.items():
            if code == self.tree.win or child is None:
                answers, total = answers + 1, total + 1
            else:
                n, t = self._measure(child)
                answers, total = answers + n, total + t + n  # each answer below also spends this node's guess
        self._sizes[id(node)] = (answers, total)
        return answers, total

    def answers(self, node: Node) -> int:
        return self._sizes[id(node)][0]

    def total(self, node: Node, turn: int) -> int:
        """Guesses of every answer below `node`, whose guess is the game's `turn`-th."""
        answers, total = self._sizes[id(node)]
        return total + (turn - 1) * answers

    def branches(self, node: Node, turn: int) -> list[Branch]:
        """`node`'s feedbacks, largest group first (ties: by feedback code)."""
        rows = []
        for code, child in node.children.items():
            if code == self.tree.win or child is None:
                rows.append(Branch(code, decode(code, self.tree.length), None, 1, turn))
            else:
                rows.append(Branch(code, decode(code, self.tree.length), child, self.answers(child), self.total(child, turn + 1)))
        rows.sort(key=lambda b: (-b.answers, b.code))
        return rows


def sole_answer(node: Node | None, win: int) -> bool:
    """Whether `node` guesses its one answer outright (a leaf of the tree)."""
    return node is not None and len(node.children) == 1 and win in node.children
