"""Charts where a chart reads better than a table, drawn by matplotlib (the `plot` extra).

`--plot FILE` of `simulate`, `tree build`/`tree show`, `infer` and `tree rank`
ends here. The format follows FILE's extension (.svg, .png or .pdf); drawing
needs no display (matplotlib's `Figure` with its Agg canvas, never pyplot).
Files go through the one atomic writer, so a failed run leaves FILE as it
was. Output is deterministic for a given matplotlib: no dates in the
metadata, fixed SVG ids; SVG text stays text (searchable, and read by
screen readers); each bar is an SVG group with the id `bar-N` (N from 1) and its value
label `value-N`,
and the file's metadata carries the chart's title.

Without matplotlib, `check` (called before any computing) fails with one
line saying how to install it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from contextlib import contextmanager

from wordle_cli import interrupts
from wordle_cli.errors import UsageProblem, WordleError, quote
from wordle_cli.output import AtomicOutput

#: File extensions `--plot` understands, each one a format of matplotlib.
PLOT_FORMATS = ("svg", "png", "pdf")
INSTALL_HINT = "pip install 'wordle-cli[plot]'"

#: Bar colours: Wordle's green; games over the limit in its grey; bounds (not totals) in its yellow.
GREEN, GREY, YELLOW = "#6aaa64", "#787c7e", "#c9b458"
#: Most bars of a ranking or candidates chart (the rest are left out, and the title says so).
MAX_BARS = 40


def plot_format(path: str) -> str:
    """The format of `path` by its extension; a usage error for any other."""
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if extension not in PLOT_FORMATS:
        raise UsageProblem(f"--plot {quote(path)}: the file name must end in .svg, .png or .pdf (the chart's format)")
    return extension


def check(path: str) -> None:
    """Before any computing: the format is known and matplotlib can be imported."""
    plot_format(path)
    try:
        with _quiet_logs():
            import matplotlib  # noqa: F401
    except ImportError as exc:
        interrupts.reraise_signal(exc)  # a Ctrl-C during the import is a Ctrl-C, not a missing matplotlib
        raise WordleError(f"--plot needs matplotlib, which is not installed: {INSTALL_HINT}") from None


@contextmanager
def _quiet_logs():
    """matplotlib's log messages below errors are not shown while it imports and draws.

    With no writable home (HOME unwritable, MPLCONFIGDIR unset) it logs two
    warnings about its config and cache folders, on stderr, where each of our
    messages must be one line; it then works from a temporary folder anyway.
    The logger's level is restored on leaving.
    """
    import logging

    logger = logging.getLogger("matplotlib")
    level = logger.level
    logger.setLevel(max(level, logging.ERROR))
    try:
        yield
    finally:
        logger.setLevel(level)


@contextmanager
def _chart(path: str, title: str, width: float, height: float):
    """Axes to draw on; on leaving, the title is set and the chart saved to `path`.

    matplotlib's settings change only inside (rc_context), so a program that
    imports this module keeps its own.
    """
    with _quiet_logs():
        import matplotlib
        from matplotlib.figure import Figure

    # Fixed SVG ids (the same chart makes the same file) and text kept as text.
    with _quiet_logs(), matplotlib.rc_context({"svg.hashsalt": "wordle-cli", "svg.fonttype": "none"}):
        figure = Figure(figsize=(width, height), layout="constrained")
        axes = figure.subplots()
        yield axes
        axes.set_title(title, fontsize=10)
        axes.spines[["top", "right"]].set_visible(False)
        _save(figure, path, title)


def _save(figure, path: str, title: str) -> None:
    fmt = plot_format(path)
    metadata = {"Title": title}
    if fmt == "svg":
        metadata["Date"] = None
    elif fmt == "pdf":
        metadata["CreationDate"] = None
    with AtomicOutput(path) as out:
        out.flush()
        figure.savefig(out.buffer, format=fmt, metadata=metadata, dpi=110)
        out.buffer.flush()


def _label_bars(axes, bars, texts: Sequence[str]) -> None:
    for number, bar in enumerate(bars, start=1):
        bar.set_gid(f"bar-{number}")
    for number, label in enumerate(axes.bar_label(bars, labels=list(texts), padding=2, fontsize=8), start=1):
        label.set_gid(f"value-{number}")


def histogram(path: str, counts: Mapping[int, int], *, title: str, xlabel: str, ylabel: str, limit: int | None = None) -> None:
    """Vertical bars, one per key of `counts` (in order); keys over `limit` in grey."""
    keys = list(counts)
    with _chart(path, title, 6.4, 3.6) as axes:
        colours = [GREY if limit is not None and k > limit else GREEN for k in keys]
        bars = axes.bar([str(k) for k in keys], [counts[k] for k in keys], color=colours, width=0.8)
        _label_bars(axes, bars, [str(counts[k]) for k in keys])
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
        axes.margins(y=0.12)


def ranking(path: str, labels: Sequence[str], values: Sequence[float], texts: Sequence[str], *, title: str, xlabel: str,
            bounds: Sequence[bool] | None = None, zero: bool = True) -> None:
    """Horizontal bars, the first on top; `bounds` marks bars that are only lower bounds (yellow, hatched).

    zero=False starts the axis just below the smallest value, so that close totals stay apart; the
    axis label then says where it starts (bar lengths are not proportional to the values).
    """
    bounds = list(bounds) if bounds is not None else [False] * len(values)
    with _chart(path, title, 6.4, 1.0 + 0.24 * max(len(values), 3)) as axes:
        positions = list(range(len(values)))[::-1]
        bars = axes.barh(positions, list(values), color=[YELLOW if b else GREEN for b in bounds], height=0.75)
        for bar, bound in zip(bars, bounds):
            if bound:
                bar.set_hatch("//")
        _label_bars(axes, bars, texts)
        axes.set_yticks(positions, list(labels), fontfamily="monospace")
        axes.set_xlabel(xlabel)
        if not zero and values:
            low, high = min(values), max(values)
            span = max(high - low, 1)
            start = max(0, math.floor(low - span * 0.5 - 1))
            axes.set_xlim(start, high + span * 0.25 + 1)
            if start > 0:
                axes.set_xlabel(f"{xlabel} (the axis starts at {start:g}, not at 0)")
        else:
            axes.margins(x=0.12)


# ---------------------------------------------------------------- what each command draws


def tree_chart(path: str, stats, opener: str, lists: str = "") -> None:
    """`tree build/show --plot`: answers found at each guess; `lists` names the game's lists (`nyt: 3158 answers`)."""
    lists = f"{lists}; " if lists else ""
    title = f"{lists}{opener}: {stats.answers} answers, total {stats.total}, average {stats.average_text}, worst {stats.worst}"
    histogram(path, stats.histogram, title=title, xlabel="guesses", ylabel="answers")


def simulation_chart(path: str, simulation, limit: int, unit: str = "guesses", what: str = "", lists: str = "") -> None:
    """`simulate --plot`: games per number of guesses (turns), with the mean and the failure rate; `lists` as `tree_chart`'s."""
    games = len(simulation.targets)
    failures = simulation.failures(limit)
    title = (f"{lists + '; ' if lists else ''}{what + ': ' if what else ''}{games} games, mean {simulation.mean():.4f} {unit}, "
             f"failure rate {100 * failures / games:.2f}% (more than {limit})")
    histogram(path, simulation.histogram(), title=title, xlabel=unit, ylabel="games", limit=limit)


def infer_chart(path: str, analysis, top: int, lists: str = "") -> None:
    """`infer --plot`: the `top` likeliest candidates (0: all; at most MAX_BARS) and their probabilities, likeliest on top.

    Each bar's value is printed as the table prints it (`<0.01`, `>0.99`).
    """
    from wordle_cli.infer.analysis import format_p

    result = analysis.inference
    order = [int(c) for c in result.order]
    shown = order[: min(top or len(order), MAX_BARS)]
    probabilities = [float(result.posterior[c]) for c in shown]
    puzzle = f"puzzle {analysis.reading.day}: " if analysis.reading.day is not None else ""
    grids = result.n_grids
    title = f"{lists + '; ' if lists else ''}{puzzle}{grids} grid{'s' if grids != 1 else ''}; the {len(shown)} likeliest of {len(order)} candidates"
    ranking(path, [analysis.words[c] for c in shown], probabilities, [format_p(p) for p in probabilities], title=title, xlabel="probability")


def rank_chart(path: str, rows: Sequence[Sequence[str]], lists: str = "") -> None:
    """`tree rank --plot`: the ranked openers' totals, best on top; totals cut at a bound are hatched (>=)."""
    drawn = [r for r in rows if r[1] != "infeasible"][:MAX_BARS]
    if not drawn:
        raise WordleError("--plot: no opener has a total to draw (every one is infeasible)")
    values = [int(r[1].lstrip(">=")) for r in drawn]
    bounds = [r[1].startswith(">=") for r in drawn]
    best = f"best {len(drawn)} of " if len(drawn) < len(rows) else ""
    title = f"{lists + '; ' if lists else ''}total guesses of the {best}{len(rows)} openers"
    if any(bounds):
        title += " (hatched: at least)"
    ranking(path, [r[0] for r in drawn], values, [r[1] for r in drawn], title=title, xlabel="total guesses", bounds=bounds, zero=False)
