"""What `wordle tree build`, `verify`, `show` and `wordle partition` print: pure formatting."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from wordle_cli.colour import bar, tiles_text
from wordle_cli.model.feedback import decode, show
from wordle_cli.trees.model import Node, Tree, TreeStats

LABEL_WIDTH = 10


def _row(label: str, value: str) -> str:
    return f"{label:<{LABEL_WIDTH}} {value}"


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def stats_lines(stats: TreeStats, more: bool = False, prior: str | None = None) -> Iterator[str]:
    """Answers, total, average, worst case and the histogram of guesses per answer (`prior`: the name of
    the prior the weighted stats are under, a line of its own)."""
    extra = " more" if more else ""
    worst = stats.worst
    yield _row("answers", str(stats.answers))
    yield _row("total", f"{stats.total}{extra} guesses")
    yield _row("average", f"{stats.average_text}{extra} guesses per answer")
    if prior is not None:
        yield _row("prior", prior)
    if stats.weighted_total is not None:
        yield _row("expected", f"{stats.expected_text}{extra} guesses under the prior (weighted total {stats.weighted_total} / {stats.weight})")
    yield _row("worst", f"{_plural(worst, 'guess', 'guesses')}{extra} ({_plural(stats.histogram.get(worst, 0), 'answer')})")
    largest = max(stats.histogram.values(), default=0)
    count_w = max(7, len(str(largest)))
    yield f"{'guesses':>7}  {'answers':>{count_w}}"
    for guesses, count in stats.histogram.items():
        yield f"{guesses:>7}  {count:>{count_w}}  {bar(count, largest)}".rstrip()


def build_lines(
    tree: Tree, *, opener_note: str, result_note: str, history: Sequence[tuple[str, tuple]] = (), weight: Mapping[str, int] | None = None,
    prior: str | None = None,
) -> Iterator[str]:
    """The summary of `wordle tree build` (`weight`: answer -> weight under a prior, which adds the expected line)."""
    if history:
        yield _row("from", ", ".join(f"{g} {show(tuple(t), 'byg')}" for g, t in history))
        yield _row("best next", f"{tree.root.guess}{opener_note}")
    else:
        yield _row("opener", f"{tree.root.guess}{opener_note}")
    yield from stats_lines(tree.stats(weight), more=bool(history), prior=prior if weight is not None else None)
    yield _row("result", result_note)


def build_note(result, first: str | None, top_k: int, limits) -> str:
    """`tree build`'s result line: proven optimal (for the opener given), an upper bound of a top-k search, or the
    best found within its limits (`trees.budget.Budget`) with its proven gap."""
    if result.lower is not None:
        gap = result.total - result.lower
        return (
            f"best found {stopped_by(limits)}, not proven: total {result.total}, the least possible at least "
            f"{result.lower} (gap {gap}, {100 * gap / result.total:.2f}%){' for ' + first if first else ''}"
        )
    note = "proven optimal" if result.proven else f"upper bound (top-k {top_k}: not a proof)"
    return note + (f" for {first}" if result.proven and first else "")


def stopped_by(limits) -> str:
    """What stopped a tree build (`trees.budget.Budget`): its work budget, or the wall clock (which varies)."""
    if limits.clocked:
        return f"by the {limits.clock.seconds:g} s wall-clock limit (another run may stop elsewhere)"
    if limits.units is not None:
        return f"within its budget of {limits.units:g} units of search work"
    return "within the limit"


def show_lines(
    tree: Tree, depth: int, tiles: str, colour: bool = False, weight: Mapping[str, int] | None = None, prior: str = "the prior",
) -> Iterator[str]:
    """The top `depth` levels of a tree: per feedback, the bucket's size and the next guess (`weight`: a prior's
    answer -> weight, which adds the expected guesses under `prior`, its name, to the first line)."""
    stats = tree.stats(weight)
    prior = f", expected {stats.expected_text} under {prior}" if weight is not None else ""
    yield f"{tree.root.guess}  {stats.answers} answers, total {stats.total}, average {stats.average_text}{prior}, worst {stats.worst}"
    yield from _branches(tree.root, tree, depth, 1, tiles, colour)


def _size(node: Node | None, guess: str, win: int) -> int:
    return 1 if node is None else sum(1 for _ in node.leaves(win))


def _branches(node: Node, tree: Tree, depth: int, level: int, tiles: str, colour: bool) -> Iterator[str]:
    win = tree.win
    sizes = {code: _size(child, node.guess, win) for code, child in node.children.items()}
    width = len(str(max(sizes.values())))
    for code in sorted(node.children, key=lambda c: (-sizes[c], c)):
        child = node.children[code]
        mark = tiles_text(decode(code, tree.length), tiles, colour)
        after = "solved" if code == win or child is None else child.guess
        yield f"{'    ' * level}{mark}  {sizes[code]:>{width}}  {after}"
        if child is not None and code != win and level < depth:
            yield from _branches(child, tree, depth, level + 1, tiles, colour)


def partition_lines(
    guess: str, buckets: list[tuple[int, list[str]]], length: int, tiles: str, words_shown: int, colour: bool = False
) -> Iterator[str]:
    """`wordle partition`: one line per bucket (largest first), after a line with their count."""
    total = sum(len(words) for _, words in buckets)
    yield f"{guess} splits the {_plural(total, 'answer')} into {_plural(len(buckets), 'bucket')}"
    width = len(str(max(len(words) for _, words in buckets)))
    for code, words in sorted(buckets, key=lambda b: (-len(b[1]), b[0])):
        shown = " ".join(words[:words_shown]) + (" …" if len(words) > words_shown else "")
        yield f"{tiles_text(decode(code, length), tiles, colour)}  {len(words):>{width}}  {shown}".rstrip()
