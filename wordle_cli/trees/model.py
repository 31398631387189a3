"""A decision tree: the guess to make for each pool, and what follows each feedback.

Plain Python, shared by the search (which builds trees), the formats (which
read and write them), the verifier, `tree show`, and `simulate`/`play --tree`.
A node is a guess and a map from each feedback code the guess can get in
its pool to the next node; the all-exact code maps to None (solved).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


@dataclass
class Node:
    guess: str
    children: dict[int, Node | None] = field(default_factory=dict)

    def leaves(self, win: int, depth: int = 1) -> Iterator[tuple[str, int]]:
        """(answer, guesses needed) for every answer below this node, depth being this node's turn."""
        for code, child in self.children.items():
            if code == win:
                yield self.guess, depth
            elif child is not None:
                yield from child.leaves(win, depth + 1)


@dataclass
class TreeStats:
    """How a tree does over its answers: total guesses, the histogram, the worst case."""

    answers: int
    total: int
    histogram: dict[int, int]  # guesses -> answers, from 1 to the worst
    weighted_total: int | None = None  # under a prior: the sum of weight x guesses (None: no prior given)
    weight: int | None = None  # the weights' sum over the answers reached

    @property
    def expected_text(self) -> str:
        """The expected guesses per answer under the prior: weighted_total / weight (as `average_text`)."""
        from fractions import Fraction

        from wordle_cli.stats import format_g

        return format_g(Fraction(self.weighted_total, self.weight)) if self.weight else "0"

    @property
    def worst(self) -> int:
        return max(self.histogram) if self.histogram else 0

    @property
    def average_text(self) -> str:
        from fractions import Fraction

        from wordle_cli.stats import format_g

        return format_g(Fraction(self.total, self.answers)) if self.answers else "0"


@dataclass
class Tree:
    """A root node for words of `length` symbols (the win code is 3^length - 1)."""

    root: Node
    length: int

    @property
    def win(self) -> int:
        return 3**self.length - 1

    def depths(self) -> dict[str, int]:
        """Guesses needed for each answer the tree reaches."""
        return dict(self.root.leaves(self.win))

    def weighted_total(self, weight: Mapping[str, int]) -> int:
        """The sum over the answers the tree reaches of weight[answer] x guesses needed."""
        return sum(weight[answer] * d for answer, d in self.root.leaves(self.win))

    def stats(self, weight: Mapping[str, int] | None = None) -> TreeStats:
        """The tree's statistics; with `weight` (answer -> weight, a prior) its weighted total too."""
        depths = list(self.root.leaves(self.win))
        worst = max((d for _, d in depths), default=0)
        histogram = {k: 0 for k in range(1, worst + 1)}
        for _, d in depths:
            histogram[d] += 1
        stats = TreeStats(len(depths), sum(d for _, d in depths), histogram)
        if weight is not None:
            stats.weighted_total = sum(weight[a] * d for a, d in depths)
            stats.weight = sum(weight[a] for a, _ in depths)
        return stats
