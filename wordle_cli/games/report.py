"""Text the multi-board and Absurdle commands print: pure formatting, no computing, no I/O."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from wordle_cli.colour import display_width, pad, tiles_text
from wordle_cli.model.feedback import decode, show

#: The terminal width tables try to fit (a narrower gap between columns where needed).
TABLE_COLUMNS = 80

#: `simulate --boards --output`: one row per game.
BOARDS_CSV_HEADER = "targets,turns,path"


def _tiles_width(length: int, style: str) -> int:
    return 2 * length if style == "emoji" else length  # emoji tiles are two columns wide


def tiles(code: int, length: int, style: str) -> str:
    return show(decode(code, length), style)


def _wide_widths(boards: int, length: int, n_answers: int, style: str) -> tuple[int, int, int, int]:
    """Column widths of the wide table: guess, tiles, the gap before a pool, pool."""
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    pool_w = max(4, len(str(n_answers)))
    gap = 2 if 4 + 2 + guess_w + boards * (2 + tiles_w + 2 + pool_w) <= TABLE_COLUMNS else 1  # 4 boards of emoji: 79 columns
    return guess_w, tiles_w, gap, pool_w


def boards_table_width(boards: int, length: int, n_answers: int, style: str = "emoji") -> int:
    """How many columns the wide table of `boards_rows` takes (its header, its widest line)."""
    guess_w, tiles_w, gap, pool_w = _wide_widths(boards, length, n_answers, style)
    return 4 + 2 + guess_w + boards * (2 + tiles_w + gap + pool_w)


def boards_rows(turns, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The wide table of `solve --boards`: per turn the guess, then each board's tiles and pool before the guess.

    A board solved on an earlier turn shows blank. Where the usual two spaces
    would take the table past 80 columns (4 boards of emoji tiles), a tile
    column and its pool are one space apart. Past that it is wider than 80
    columns (`boards_table_width`): `boards_compact` is the layout that fits.
    """
    boards = len(turns[0].codes)
    guess_w, tiles_w, gap, pool_w = _wide_widths(boards, length, n_answers, style)
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


def play_row_width(boards: int, length: int, style: str = "emoji") -> int:
    """Columns of `play --boards`' wide echo of a turn: per board the guess and its tiles, side by side."""
    return 2 + boards * (length + 2 + _tiles_width(length, style)) + 3 * (boards - 1)


#: The narrowest the compact layouts make themselves (a narrower terminal wraps their lines).
COMPACT_MIN_COLUMNS = 40


def solved_turns(turns, length: int) -> list[int | None]:
    """Per board, the turn (from 1) whose feedback on it was all exact; None for a board never solved."""
    win = 3**length - 1
    found: list[int | None] = [None] * len(turns[0].codes)
    for number, turn in enumerate(turns, start=1):
        for board, code in enumerate(turn.codes):
            if code == win:
                found[board] = number
    return found


def boards_compact(turns, length: int, columns: int = TABLE_COLUMNS) -> Iterator[str]:
    """The compact layout of `solve --boards`, for any number of boards in `columns` (at least 40) columns.

    First the guesses, numbered by turn, as many to a line as fit; then one
    line per board: its answer (the guess that solved it), the turn it was
    solved, and the answers left on it after each guess before that, up to
    the first 1 (from there on its answer is known). The turn a board was
    solved is its place in the guesses above. A trail of counts too long for
    the line keeps its first and last counts around "...".
    """
    columns = max(COMPACT_MIN_COLUMNS, columns)
    boards = len(turns[0].codes)
    solved = solved_turns(turns, length)
    guess_w = max(display_width(t.guess) for t in turns)
    number_w = len(str(len(turns)))
    cell_w = number_w + 1 + guess_w
    label = "guesses"
    per_line = max(1, (columns - len(label)) // (2 + cell_w))
    cells = [f"{n:>{number_w}} {pad(t.guess, guess_w)}" for n, t in enumerate(turns, start=1)]
    for start in range(0, len(cells), per_line):
        lead = label if start == 0 else " " * len(label)
        yield (lead + "".join("  " + c for c in cells[start : start + per_line])).rstrip()
    yield ""
    answer_w = max(6, guess_w)
    turn_w = max(6, number_w)
    prefix_w = 5 + 2 + answer_w + 2 + turn_w + 2
    title = next(t for t in ("answers left after each guess, until one", "left after each guess", "left") if prefix_w + len(t) <= columns)
    yield f"board  {pad('answer', answer_w)}  {'solved':>{turn_w}}  {title}"
    for board in range(boards):
        at = solved[board]
        answer = turns[at - 1].guess if at is not None else ""
        trail = []
        for number in range(1, at or len(turns)):  # the pool before turn n + 1 is what guess n left
            left = turns[number].pools[board]
            trail.append(str(left))
            if left == 1:
                break
        shown = "-" if at is None else str(at)
        line = f"{board + 1:>5}  {pad(answer, answer_w)}  {shown:>{turn_w}}  {fit_counts(trail, columns - prefix_w)}"
        yield line.rstrip()


@dataclass(frozen=True)
class BoardState:
    """One board's line in `play --boards`' compact layout."""

    board: int  # from 1
    left: int  # answers still possible on it (1 once solved)
    tiles: tuple[int, ...] | None = None  # the feedback of the turn just played, where shown
    solved_on: int | None = None  # the turn it was solved
    words: Sequence[str] | None = None  # the answers to list (the answer, once solved), or None


def boards_state(states: Sequence[BoardState], style: str = "emoji", colour: bool = False, columns: int = TABLE_COLUMNS) -> Iterator[str]:
    """The compact layout of `play --boards`: a header, then one line per board, in `columns` (at least 40) columns.

    Each line: the board, its feedback on the turn just played (when the
    states carry tiles), how many answers are left on it, and the words
    listed (wrapped under their column when they do not fit the line); a
    solved board says on which turn, and its answer when listed.
    """
    columns = max(COMPACT_MIN_COLUMNS, columns)
    with_tiles = any(s.tiles is not None for s in states)
    shown = {s.board: tiles_text(s.tiles, style, colour) if s.tiles is not None else "" for s in states}
    tiles_w = max([8, *(display_width(t) for t in shown.values())])
    left_w = max([4, *(len(str(s.left)) for s in states)])
    tiles_head = f"{'feedback':<{tiles_w}}  " if with_tiles else ""
    yield f"board  {tiles_head}{'left':>{left_w}}  possible answers"
    prefix_w = 5 + 2 + (tiles_w + 2 if with_tiles else 0)
    words_at = prefix_w + left_w + 2
    for state in states:
        head = f"{state.board:>5}  " + (pad(shown[state.board], tiles_w) + "  " if with_tiles else "")
        if state.solved_on is not None:
            answer = f": {state.words[0]}" if state.words else ""
            yield f"{head}solved on turn {state.solved_on}{answer}"
            continue
        words = list(state.words or [])
        word_w = max((display_width(w) for w in words), default=0)
        per_line = max(1, (columns - words_at + 1) // (word_w + 1))
        chunks = [words[i : i + per_line] for i in range(0, len(words), per_line)] or [[]]
        yield (f"{head}{state.left:>{left_w}}  " + " ".join(chunks[0])).rstrip()
        for chunk in chunks[1:]:
            yield " " * words_at + " ".join(chunk)


def board_list(boards: Sequence[int]) -> str:
    """Board numbers as people write them: "1-8, 10, 11 and 13-32" (a run of three or more as a range)."""
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    parts: list[str] = []
    for run in runs:
        parts.extend([f"{run[0]}-{run[-1]}"] if len(run) >= 3 else [str(b) for b in run])
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def fit_counts(counts: list[str], columns: int) -> str:
    """`counts` space-separated in `columns`: if too wide, the first ones and the last two around "..."."""
    text = " ".join(counts)
    if display_width(text) <= columns or len(counts) <= 3:
        return text
    tail = counts[-2:]
    head: list[str] = []
    for count in counts[:-2]:
        if display_width(" ".join([*head, count, "...", *tail])) > columns:
            break
        head.append(count)
    return " ".join([*head, "...", *tail])


def absurdle_rows(steps: Sequence, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The table of `absurdle solve`: per guess the feedback the host gave, the pool, its buckets, the words kept."""
    return _host_rows(steps, length, n_answers, style, "buckets", 7)


def fibble_rows(steps: Sequence, length: int, n_answers: int, style: str = "emoji") -> Iterator[str]:
    """The table of `fibble solve`: per guess the row the host showed, the pool, the rows it could show, the answers left."""
    return _host_rows(steps, length, n_answers, style, "rows", 4)


def _host_rows(steps: Sequence, length: int, n_answers: int, style: str, column: str, width: int) -> Iterator[str]:
    """A host's game as a table: turn, guess, feedback, pool, the step's `column` (`width` wide), answers left."""
    guess_w = max(5, length)
    tiles_w = max(8, _tiles_width(length, style))
    num_w = max(4, len(str(n_answers)))
    yield f"turn  {'guess':<{guess_w}}  {'feedback':<{tiles_w}}  {'pool':>{num_w}}  {column:>{width}}  {'left':>{num_w}}"
    for number, step in enumerate(steps, start=1):
        pad = " " * (tiles_w - _tiles_width(length, style))
        yield (
            f"{number:>4}  {step.guess:<{guess_w}}  {tiles(step.code, length, style)}{pad}  "
            f"{step.pool:>{num_w}}  {getattr(step, column):>{width}}  {step.left:>{num_w}}"
        )


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"
