"""Text the solver commands print: the solve table, the simulate chart, the games CSV.

Pure formatting over results from `tree`; no computing, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator

from wordle_cli.colour import bar
from wordle_cli.model.feedback import show
from wordle_cli.model.game import ROWS
from wordle_cli.output import csv_row
from wordle_cli.stats import format_g

GAMES_CSV_HEADER = "target,guesses,path"


def expected_text(stats) -> str:
    """Expected answers left, exact to 6 significant digits (as `score` prints averages)."""
    return format_g(stats.exact_expected)


def entropy_text(stats) -> str:
    bits = stats.entropy
    return f"{bits:.6g}" if abs(bits) > 1e-12 else "0"


def tiles_text(tiles, style: str) -> str:
    return show(tuple(tiles), style)


def _tiles_width(length: int, style: str) -> int:
    return 2 * length if style == "emoji" else length  # emoji tiles are two columns wide


def align_decimals(texts: list[str]) -> list[str]:
    """Numbers padded so that their decimal points line up (integers align as if they had one)."""
    parts = [t.split(".", 1) if "." in t else [t, None] for t in texts]
    int_w = max(len(whole) for whole, _ in parts)
    frac_w = max((len(frac) + 1 for _, frac in parts if frac is not None), default=0)
    return [f"{whole:>{int_w}}" + (f".{frac}" if frac is not None else "").ljust(frac_w) for whole, frac in parts]


def solve_rows(record, style: str = "emoji", colour: bool = False, pool_width: int = 4) -> Iterator[str]:
    """The table of `wordle solve` from its `Game` record: header, then one row per guess.

    With colour, the guess's letters stand on their tiles' colours as in the game.
    A game whose rows lie has a `lie` column after the feedback (shown as the
    host showed it): the tiles that lied, numbered from 1 (`-` on the winning row).
    """
    from wordle_cli.colour import tiles_text as painted
    from wordle_cli.colour import word_text

    turns = record.turns
    length = len(record.target)
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    pool_w = max(4, pool_width)
    expected = align_decimals([format_g(t.expected) for t in turns])
    entropy = align_decimals([f"{t.entropy:.6g}" if abs(t.entropy) > 1e-12 else "0" for t in turns])
    exp_w, ent_w = max(8, len(expected[0])), max(7, len(entropy[0]))
    lies = [",".join(str(i + 1) for i in t.lied) or "-" for t in turns] if record.lies else None
    lie_w = max([3, *(len(text) for text in lies)]) if lies else 0
    lie_head = f"{'lie':<{lie_w}}  " if lies else ""
    yield (
        f"turn  {'guess':<{guess_w}}  {'feedback':<{tiles_w}}  {lie_head}{'pool':>{pool_w}}  {'expected':<{exp_w}}  {'entropy':<{ent_w}}"
    ).rstrip()
    for number, (turn, exp, ent) in enumerate(zip(turns, expected, entropy), start=1):
        pad = " " * (tiles_w - _tiles_width(length, style))
        guess = word_text(turn.guess, turn.tiles, colour) + " " * (guess_w - length)
        lie = f"{lies[number - 1]:<{lie_w}}  " if lies else ""
        yield (
            f"{number:>4}  {guess}  {painted(turn.tiles, style, colour)}{pad}  {lie}{turn.pool:>{pool_w}}  "
            f"{exp:<{exp_w}}  {ent}"
        ).rstrip()


def simulate_lines(simulation, rows: int = ROWS, unit: str = "guesses", name_failures: bool = False) -> Iterator[str]:
    """The histogram of guesses (or turns) per game as a bar chart, then the summary.

    `rows` is the game's limit: games over it are counted (and, for games
    other than one board, given as a rate too); with `name_failures` (games
    whose rows lie) the failed games are named too, up to ten.
    """
    hist = simulation.histogram()
    largest = max(hist.values())
    games = len(simulation.targets)
    count_w = max(5, len(str(largest)))
    unit_w = max(7, len(unit))
    yield f"{unit:>{unit_w}}  {'games':>{count_w}}"
    for guesses, count in hist.items():
        yield f"{guesses:>{unit_w}}  {count:>{count_w}}  {bar(count, largest)}".rstrip()
    worst = simulation.worst()
    worst_games = [t for t, c in zip(simulation.targets, simulation.counts) if c == worst]
    failures = simulation.failures(rows)
    yield ""
    yield f"games        {games}"
    yield f"mean         {simulation.mean():.4f}"
    if simulation.weights is not None:  # played under a prior other than uniform (whose output stays as it was)
        yield f"prior        {simulation.prior_label}"
        yield f"prior mean   {simulation.prior_mean():.4f}"
    yield f"sd           {simulation.std():.4f}"
    yield worst_line(worst, worst_games)
    yield f"more than {rows}  {failures}"
    if name_failures and failures:
        failed = [t for t, c in zip(simulation.targets, simulation.counts) if c > rows]
        yield f"failed       {', '.join(failed[:10])}{', ...' if len(failed) > 10 else ''}"
    if unit != "guesses":
        yield f"failure rate {100 * failures / games:.2f}%"


#: The widest `worst_line` lists examples to (a line of an 80-column terminal).
SUMMARY_COLUMNS = 80


def worst_line(worst: int, games: list[str], most: int = 5) -> str:
    """`worst  5 (3 games: golly, paddy, sneer)`: up to `most` of the games, as many as fit in 80 columns.

    A game of many boards lists 16 or 32 targets, wider than the line: then
    only the count (`simulate --output FILE` has every game).
    """
    count = f"{worst} ({len(games)} game{'s' if len(games) != 1 else ''}"
    shown = ""
    for n in range(min(most, len(games)), 0, -1):
        listed = ", ".join(games[:n]) + (", ..." if len(games) > n else "")
        if len(f"worst        {count}: {listed})") <= SUMMARY_COLUMNS:
            shown = f": {listed}"
            break
    return f"worst        {count}{shown})"


def games_csv(simulation, header: str = GAMES_CSV_HEADER) -> Iterator[str]:
    """`simulate --output`: target,guesses,path (the guesses space-separated), or another game's header.

    The one writer of games files, single-board and multi-board rows alike,
    by the one CSV writer. Every guess has the target's length, so a path
    splits unambiguously into words of that length even where a word holds a
    space.
    """
    yield header
    for target, path in zip(simulation.targets, simulation.paths):
        yield csv_row((target, len(path), " ".join(path)))
