"""wordle-cli: exact, fast analysis of Wordle-like games.

The Python API (see `wordle_cli.api` and docs/commands.md, "Use from Python"):
`feedback`, `score`, `prune`, `solve`, `simulate`, `review`, their result types, and
`wordle_cli.lists` for the word lists. They are loaded on first use, so
`import wordle_cli` (and the `wordle` command) stays as fast as `import click`.
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

#: Public name -> the module that defines it, imported on first access.
_API = {
    "feedback": "wordle_cli.api",
    "score": "wordle_cli.api",
    "prune": "wordle_cli.api",
    "solve": "wordle_cli.api",
    "simulate": "wordle_cli.api",
    "review": "wordle_cli.api",
    "Review": "wordle_cli.reviewer.review",
    "TurnReview": "wordle_cli.reviewer.review",
    "GuessScore": "wordle_cli.api",
    "LieScore": "wordle_cli.api",
    "Ranking": "wordle_cli.api",
    "PlayedGame": "wordle_cli.solver.record",
    "Turn": "wordle_cli.solver.record",
    "Simulation": "wordle_cli.solver.tree",
    "WordleError": "wordle_cli.errors",
    "UsageProblem": "wordle_cli.errors",
}

#: Older public names -> today's (`Game` was renamed: the game's word lists are `model.game.Game`).
_ALIASES = {"Game": "PlayedGame"}

__all__ = [*_API, "lists", "__version__"]


def __getattr__(name: str):
    if name in _ALIASES:
        return __getattr__(_ALIASES[name])
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    if name == "lists":
        return importlib.import_module("wordle_cli.lists")
    raise AttributeError(f"module 'wordle_cli' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
