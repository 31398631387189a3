"""Text the multi-board and Absurdle commands print: pure formatting, no computing, no I/O."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from wordle_cli.model.feedback import decode, show

#: The terminal width tables try to fit (a narrower gap between columns where needed).
TABLE_COLUMNS = 80

#: `simulate --boards --output`: one row per game.
BOARDS_CSV_HEADER = "targets,turns,path"


def _tiles_width(length: int, style: str) -> int:
    return 2 * length if style == "emoji" else length  # emoji tiles are two columns wide


def tiles(code: int, length: int, style: str) -> str:
    return show(decode(code, length), style)


def boards_rows(turns, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The table of `solve --boards`: per turn the guess, then each board's tiles and pool before the guess.

    A board solved on an earlier turn shows blank. Where the usual two spaces
    would take the table past 80 columns (4 boards of emoji tiles), a tile
    column and its pool are one space apart.
    """
    boards = len(turns[0].codes)
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    pool_w = max(4, len(str(n_answers)))
    gap = 2 if 4 + 2 + guess_w + boards * (2 + tiles_w + 2 + pool_w) <= TABLE_COLUMNS else 1  # 4 boards of emoji: 79 columns
    cell_w = tiles_w + gap + pool_w
    head = "".join(f"  {f'board {b + 1}':<{tiles_w}}{' ' * gap}{'pool':>{pool_w}}" for b in range(boards))
    yield f"turn  {'guess':<{guess_w}}{head}"
    for number, turn in enumerate(turns, start=1):
        cells = []
        for code, pool in zip(turn.codes, turn.pools):
            if code is None:
                cells.append(" " * cell_w)
                continue
            pad = " " * (tiles_w - _tiles_width(length, style))
            cells.append(f"{tiles(code, length, style)}{pad}{' ' * gap}{pool:>{pool_w}}")
        yield f"{number:>4}  {turn.guess:<{guess_w}}" + "".join("  " + c for c in cells).rstrip()


def absurdle_rows(steps: Sequence, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The table of `absurdle solve`: per guess the feedback the host gave, the pool, its buckets, the words kept."""
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    num_w = max(4, len(str(n_answers)))
    yield f"turn  {'guess':<{guess_w}}  {'feedback':<{tiles_w}}  {'pool':>{num_w}}  {'buckets':>7}  {'left':>{num_w}}"
    for number, step in enumerate(steps, start=1):
        pad = " " * (tiles_w - _tiles_width(length, style))
        yield (
            f"{number:>4}  {step.guess:<{guess_w}}  {tiles(step.code, length, style)}{pad}  "
            f"{step.pool:>{num_w}}  {step.buckets:>7}  {step.left:>{num_w}}"
        )


def fibble_rows(steps: Sequence, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The table of `fibble solve`: per guess the row the host showed, the pool, the rows it could show, the answers left."""
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    num_w = max(4, len(str(n_answers)))
    yield f"turn  {'guess':<{guess_w}}  {'feedback':<{tiles_w}}  {'pool':>{num_w}}  {'rows':>4}  {'left':>{num_w}}"
    for number, step in enumerate(steps, start=1):
        pad = " " * (tiles_w - _tiles_width(length, style))
        yield (
            f"{number:>4}  {step.guess:<{guess_w}}  {tiles(step.code, length, style)}{pad}  "
            f"{step.pool:>{num_w}}  {step.rows:>4}  {step.left:>{num_w}}"
        )


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"
