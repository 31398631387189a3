"""Playing from a tree file: `wordle simulate --tree` and `wordle play --tree`.

A tree is checked against the game before it is followed (the verifier is
cheap: well under a second for 2315 answers), so following it never meets
a feedback the tree does not cover: every answer has exactly one path.
"""

from __future__ import annotations

from collections.abc import Sequence

from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.model.feedback import encode, feedback
from wordle_cli.trees.model import Node, Tree


def open_tree(path: str, game, *, hard: bool = False, first: str | None = None) -> Tree:
    """The tree in `path`, verified against `game`; `first`, when given, must be its opener."""
    from wordle_cli.trees.inputs import read_tree_file, stored_history
    from wordle_cli.trees.verify import history_text, verify

    tree_file, name = read_tree_file(path, len(game.answers))
    history = stored_history(tree_file, name)
    if history:
        raise UsageProblem(f"{name} starts mid-game, after {history_text(history)}; --tree follows a tree from the first guess")
    verify(tree_file, name, game.answers, game.candidate_index, hard=hard)
    opener = tree_file.tree.root.guess
    if first is not None and first != opener:
        raise UsageProblem(f"--first {quote(first)} differs from the first guess {quote(opener)} of the tree {name}")
    return tree_file.tree


def tree_paths(tree: Tree, targets: Sequence[str]) -> list[list[str]]:
    """The guesses the tree makes against each target (an answer it reaches)."""
    return [path_to(tree, target) for target in targets]


def path_to(tree: Tree, target: str) -> list[str]:
    node: Node | None = tree.root
    path = []
    while node is not None:
        path.append(node.guess)
        code = encode(feedback(node.guess, target))
        if code == tree.win:
            return path
        if code not in node.children:
            raise WordleError(f"the tree has no branch for {quote(target)} after {' '.join(path)}")
        node = node.children[code]
    raise WordleError(f"the tree ends before reaching {quote(target)}")


class Cursor:
    """Where a player stands in a tree: the node to play now, or None once off the tree."""

    def __init__(self, tree: Tree):
        self.tree = tree
        self.stack: list[Node | None] = [tree.root]

    @property
    def node(self) -> Node | None:
        return self.stack[-1]

    def advance(self, guess: str, tiles) -> Node | None:
        """Move past a turn; the next node, or None when the turn left the tree (or won)."""
        node = self.node
        following = None
        if node is not None and guess == node.guess:
            following = node.children.get(encode(tiles))
        self.stack.append(following)
        return following

    def back(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
