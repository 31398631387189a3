"""Text `wordle review` prints: the per-turn table and the summary. Pure formatting, no computing."""

from __future__ import annotations

from collections.abc import Iterator

from wordle_cli.colour import tiles_text, word_text
from wordle_cli.reviewer.interval import Interval
from wordle_cli.solver.report import align_decimals


def _num(x, digits: int = 4) -> str:
    """An exact value, or a range `lower–upper` (`lower+` when no strategy bounds it above)."""
    if isinstance(x, Interval):
        if x.upper is None:
            return f"{float(x.lower):.3f}+"
        return f"{float(x.lower):.3f}–{float(x.upper):.3f}"
    return "-" if x is None else f"{float(x):.{digits}f}"


def _plus(x) -> str:
    """A signed value to 3 decimals, or to as many more as show it is not 0 (`+0.0004`, never `+0.000`)."""
    if x == 0:
        return "0"
    digits = 3
    while round(abs(float(x)), digits) == 0 and digits < 9:
        digits += 1
    return f"{float(x):+.{digits}f}"


def _signed(x) -> str:
    if isinstance(x, Interval):
        if x.upper is None:
            return f"{_plus(x.lower)} or more"
        return f"{_plus(x.lower)}–{_plus(x.upper)}"
    if x is None:
        return "-"
    return _plus(x)


def _percent(x) -> str:
    """A chance as a percentage to 1 decimal, or to as many more as keep it off 0% and 100% when it is neither."""
    if x is None:
        return "-"
    value = 100 * float(x)
    digits = 1
    while digits < 9 and 0 < x < 1 and round(value, digits) in (0, 100):
        digits += 1
    return f"{value:.{digits}f}%"


def _with_win(text: str, win) -> str:
    """A value in guesses, with the chance to win beside it where that is below 1 (`2.0000 (66.7% win)`)."""
    return text if win is None or win == 1 or text == "-" else f"{text} ({_percent(win)} win)"


def _cost(t) -> str:
    """A turn's cost: the chance to win the guess gave up where it gave some up (`-33.3% win`), else in guesses."""
    if t.cost_win:
        return f"-{_percent(t.cost_win)} win"
    return _signed(t.cost)


def _luck(t) -> str:
    """A turn's luck: the chance to win its outcome added or took where it changed one (`+3.1% win`), else in guesses."""
    if t.luck_win:
        return f"{'+' if t.luck_win > 0 else '-'}{_percent(abs(t.luck_win))} win"
    return _signed(t.luck)


def _within(limit: int | None) -> str:
    return f"every answer within {limit} guesses" if limit else "no guess limit"


def _limits(review) -> str:
    """The guess limits the values are under: the one asked for, or from which turn a larger one (see the notes)."""
    text = _within(review.max_guesses)
    last = review.max_guesses
    for t in review.turns:
        if t.limit != last:
            last = t.limit
            text += f"; from turn {t.turn}, {_within(last)}" if t.turn > 1 else ""
            if t.turn == 1:
                text = _within(last)
    return text


def _shifted(x, k: int):
    """x + k for an exact value or a range."""
    if isinstance(x, Interval):
        return Interval(x.lower + k, None if x.upper is None else x.upper + k)
    return x + k


def _left(x) -> str:
    """Answers expected to be left: 3 significant digits, and a whole number from 100 on (1280, never 1.28e+03)."""
    x = float(x)
    return f"{x:.0f}" if x >= 99.95 else f"{x:.3g}"


def table_lines(review, style: str = "emoji", colour: bool = False) -> Iterator[str]:
    """Header, then one row per turn: the table of `wordle review`."""
    turns = review.turns
    length = len(turns[0].guess)
    guess_w = max(5, length)
    tile_w = 2 * length if style == "emoji" else length
    tiles_w = max(8, tile_w)
    answers = [f"{t.before} → {t.after if t.after is not None else '?'} ({_left(t.expected_left)})" for t in turns]
    answers_w = max(len("answers (exp.)"), *(len(a) for a in answers))
    expected = align_decimals([_with_win(_num(t.expected), t.win) for t in turns])
    best = align_decimals([_with_win(_num(t.best), t.best_win) for t in turns])
    best_guess = [
        "-" if t.best_guess is None else t.best_guess + (f" (+{t.ties - 1})" if t.ties and t.ties > 1 else "") for t in turns
    ]
    bg_w = max(len("best guess"), *(len(b) for b in best_guess))
    cost = align_decimals([_cost(t) for t in turns])
    luck = align_decimals([_luck(t) for t in turns])
    exp_w, best_w = max(8, len(expected[0])), max(6, len(best[0]))
    cost_w = max(4, len(cost[0]))
    yield (
        f"turn  {'guess':<{guess_w}}  {'feedback':<{tiles_w}}  {'answers (exp.)':<{answers_w}}  {'expected':>{exp_w}}  "
        f"{'best':>{best_w}}  {'best guess':<{bg_w}}  {'cost':>{cost_w}}  luck"
    )
    for t, a, e, b, bg, c, lk in zip(turns, answers, expected, best, best_guess, cost, luck):
        if t.tiles is None:
            word, tiles = t.guess, "?" * length
        else:
            word, tiles = word_text(t.guess, t.tiles, colour), tiles_text(t.tiles, style, colour)
        pad = " " * (tiles_w - (tile_w if t.tiles is not None else length))
        words = f" {t.luck_words}" if t.luck_words else ""
        yield (
            f"{t.turn:>4}  {word}{' ' * (guess_w - length)}  {tiles}{pad}  {a:<{answers_w}}  {e:>{exp_w}}  "
            f"{b:>{best_w}}  {bg:<{bg_w}}  {c:>{cost_w}}  {lk}{words}"
        ).rstrip()


def summary_lines(review) -> Iterator[str]:
    """Guesses used, the expected numbers from the first guess played and from the best opener, what the values are."""
    first = review.turns[0]
    chance = getattr(review, "chance", False)
    if getattr(review, "lost", False):
        used = f"{review.guesses}: lost, not solved within {review.max_guesses} guesses (counted as {review.max_guesses + 1})"
    else:
        used = f"{review.guesses}" if review.solved else f"{review.guesses} so far"
        if not review.solved and review.remaining is not None:
            used += f", {_num(_shifted(review.remaining, review.guesses))} expected in all with the best play from here"
            if review.remaining_win is not None and review.remaining_win != 1:
                used += f", {_percent(review.remaining_win)} to win"
    yield f"guesses    {used}"
    known = " known" if isinstance(first.best, Interval) else ""
    best = (
        "not known" if first.best is None else f"{_with_win(_num(first.best), first.best_win)} with the best opener{known}, {first.best_guess}"
    )
    yield f"expected   {_with_win(_num(first.expected), first.win)} playing {first.guess} first; {best}"
    check = None if chance else review.check()
    if check is not None:
        costs = sum(t.cost for t in review.turns)
        luck = sum(t.luck for t in review.turns)
        yield f"adds up    {_num(review.expected_best)} + costs {_num(costs)} - luck {_num(luck)} = {_num(check)}"
    won = review.check_win() if chance else None
    if won is not None:
        costs = sum(t.cost_win for t in review.turns)
        luck = sum(t.luck_win for t in review.turns)
        end = "lost" if review.lost else "won" if review.solved else "to win from here"
        yield (
            f"adds up    win {_percent(first.best_win)} with the best opener - costs {_percent(costs)} "
            f"{'+' if luck >= 0 else '-'} luck {_percent(abs(luck))} = {_percent(won)} ({end})"
        )
    for t in review.turns:
        if t.hard_violation:
            yield f"hard mode  turn {t.turn}: {t.guess} broke the rules ({t.hard_violation})"
    limit = _limits(review)
    if chance and review.max_guesses is not None:
        limit = (
            f"every answer within {review.max_guesses} guesses where that can be sure; elsewhere the best chance to win "
            f"within them, then the fewest guesses, a loss counted as {review.max_guesses + 1}"
        )
    if review.proven and not review.exact:
        yield (
            f"values     proven optimal where one number; a range lower–upper holds the optimum ({limit}"
            f"{', hard mode' if review.hard else ''}): {_stopped(review)}, the upper bound is the best strategy found"
        )
    elif review.proven:
        yield f"values     proven optimal ({limit}{', hard mode' if review.hard else ''})"
    else:
        yield f"values     the {review.strategy} strategy's play after each guess (not proven optimal)"
    if getattr(review, "prior", None) is not None:
        yield f"prior      {review.prior} (every expected value is under it)"


def _stopped(review) -> str:
    """What stopped the proof, and how to prove to the end: the work budget (the same ranges on any machine), or the
    wall clock (which another run may not meet alike)."""
    budget, seconds = getattr(review, "budget", None), review.time_limit
    if getattr(review, "clocked", False) and seconds is not None:
        return (f"the proof stopped at the {seconds:g} s wall-clock limit (another run may stop elsewhere; "
                f"--time-limit 0{' --budget 0' if budget else ''} proves to the end)")
    if budget is not None and getattr(review, "cut", True):
        return f"the proof stopped at its budget of {budget:g} units of search work (--budget 0 proves to the end)"
    return "the best opener's proof was bounded before this review"
