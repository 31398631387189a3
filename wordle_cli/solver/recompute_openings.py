"""Remake `data/openings.json` (every scored strategy's opening on the shipped games, seconds) and
`data/known_best.json` (the proven best openers, from the figures below): `python -m wordle_cli.solver.recompute_openings`.

Kept apart from `openings` so that the tables' readers (the solver) and their
maker (which needs the solver) import in one direction only. Both files key
their entries by the digests of the lists they were made for (`tables.digest`).
"""

from __future__ import annotations

from wordle_cli import tables
from wordle_cli.model.game import ROWS
from wordle_cli.solver.openings import KNOWN_BEST_FILE, OPENINGS_FILE, key

#: The optimal strategy's first guess and its total (guesses summed over the answers, at most 6 per answer), by
#: game and hard mode, from published exhaustive proofs: Alex Selby's rankings of every opener at
#: github.com/alex1770/wordle (wordle: normal.top105.proven, salet 7920; hard.top101.proven, salet 8122. nyt:
#: results_easy_nyt20230701, tarse 11219; results_hard_nyt20230701, tarse 11627). `total` is kept only where this
#: tool has proven it too: salet 7920 by `wordle tree rank` over all 12972 openers (334 s on 16 cores, docs/trees.md),
#: tarse's by `wordle tree build --game nyt --first tarse [--hard]` (tests/test_games.py checks both, slow); that no
#: opener does better is the reference's exhaustive result, re-derived by `wordle tree rank`, not here.
PUBLISHED = {
    ("nyt", False): ("tarse", 11219),
    ("nyt", True): ("tarse", 11627),
    ("wordle", False): ("salet", 7920),
    ("wordle", True): ("salet", None),
}

#: The guess limit of PUBLISHED's totals.
PUBLISHED_MAX_GUESSES = ROWS


def shipped_games():
    """Every game of GAME_TABLE, its lists loaded."""
    from wordle_cli.model.game import GAMES, Game, load_lists

    for name in GAMES:
        answers, allowed = load_lists(name)
        yield Game(name, answers.words, allowed.words)


def compute_table() -> dict[tuple[str, str, str], str]:
    """Score every opening of the default games afresh: (answers digest, candidates digest or "", strategy) -> word."""
    from wordle_cli.solver.strategy import SCORED_STRATEGIES
    from wordle_cli.solver.tree import Solver

    table = {}
    for game in shipped_games():
        for strategy in SCORED_STRATEGIES:
            for pool_only in (False, True):
                if pool_only and game.candidates == game.answers:  # the same job again
                    table[key(game, strategy, True)] = table[key(game, strategy, False)]
                    continue
                solver = Solver(game, strategy, pool_only=pool_only, use_openings=False)
                table[key(game, strategy, pool_only)] = solver.best(solver.root_pool())
    return table


def openings_document(table: dict[tuple[str, str, str], str]) -> dict:
    """`openings.json` for a table of `compute_table`'s kind."""
    from wordle_cli.solver.strategy import SCORED_STRATEGIES

    games = []
    for game in shipped_games():
        answers, candidates = tables.digest(game.answers), tables.digest(game.candidates)
        games.append({
            "game": game.name,
            "answers": answers,
            "candidates": candidates,
            "openings": {s: table[(answers, candidates, s)] for s in SCORED_STRATEGIES},
            "pool_only": {s: table[(answers, "", s)] for s in SCORED_STRATEGIES},
        })
    return {"made_by": "python -m wordle_cli.solver.recompute_openings", "games": games}


def known_best_document() -> dict:
    """`known_best.json`: PUBLISHED, each entry with the digests of its game's lists."""
    games = {game.name: game for game in shipped_games()}
    entries = []
    for (name, hard), (opener, total) in PUBLISHED.items():
        game = games[name]
        entries.append({
            "game": name,
            "hard": hard,
            "answers": tables.digest(game.answers),
            "candidates": tables.digest(game.candidates),
            "opener": opener,
            "total": total,
        })
    return {"made_by": "python -m wordle_cli.solver.recompute_openings", "max_guesses": PUBLISHED_MAX_GUESSES, "entries": entries}


if __name__ == "__main__":
    tables.write(OPENINGS_FILE, openings_document(compute_table()))
    tables.write(KNOWN_BEST_FILE, known_best_document())
