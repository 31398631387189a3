"""`wordle infer`'s output: a summary of what was read, the top candidates and the verdict, as text or JSON."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from wordle_cli.infer.analysis import Analysis, format_p
from wordle_cli.infer.posts import Reading

#: Line numbers quoted in a text line before "+N more".
LINES_SHOWN = 5


def reading_summary(reading: Reading, head: bool = True) -> str:
    """One line: the grids read (unless not `head`), and what was set aside or skipped, with line numbers."""
    details = [f"{n} {what}" for n, what in ((reading.hard, "hard mode"), (reading.failed, "failed")) if n]
    grids = _count(len(reading.grids), "grid") + (f" of puzzle {reading.day}" if reading.day is not None else "")
    if details:
        grids += f" ({', '.join(details)})"
    aside = [
        _lines(reading.duplicates, "duplicate"),
        _lines(reading.wrong_length, "grid with rows of the wrong length", "grids with rows of the wrong length"),
        _lines(reading.other_days, "grid of another puzzle", "grids of another puzzle"),
        _lines(reading.empty_headers, "header without rows", "headers without rows"),
    ]
    parts = [grids] if head else []
    if any(aside):
        parts.append("set aside: " + ", ".join(a for a in aside if a))
    if reading.stray:
        parts.append("skipped " + _lines(reading.stray, "line of other text", "lines of other text"))
    if reading.score_mismatch:
        parts.append(_lines(reading.score_mismatch, "header whose score disagrees with its rows", "headers whose score disagrees with their rows"))
    return "; ".join(parts)


def text_lines(analysis: Analysis, top: int) -> list[str]:
    """The summary, the candidates line, the table of the `top` best candidates (0: all), the verdict."""
    result = analysis.inference
    n_grids = result.n_grids
    shown = _shown(analysis, top)
    width = max([len("candidate")] + [len(analysis.words[c]) for c in shown])
    lines = [
        reading_summary(analysis.reading),
        f"{len(analysis.words)} candidates, {analysis.consistent} consistent with every grid"
        + ("" if analysis.prior_label == "uniform" else f"; prior: {analysis.prior_label}"),
        f"rank  {'candidate':<{width}}  {'grids':>11}  {'score':>10}  {'p':>5}",
    ]
    for rank, c in enumerate(shown, start=1):
        fit = f"{result.n_fit[c]}/{n_grids}"
        row = f"{rank:>4}  {analysis.words[c]:<{width}}  {fit:>11}  {_score_text(result.score[c]):>10}  {format_p(result.posterior[c]):>5}"
        if result.n_fit[c] < n_grids:
            row += "  ruled out by " + _lines(analysis.ruled_out_by(c), "line", "lines", count=False)
        lines.append(row)
    lines.append(analysis.verdict().line(n_grids, analysis.consistent))
    return lines


@dataclass(frozen=True)
class Check:
    """The inferred answer against the day's answer in the history (`answers`: two on a doubled day of 2022)."""

    day: int
    answers: tuple[str, ...]
    inferred: str
    rank: int | None  # the day's answer's rank among the candidates (1: the likeliest); None: not a candidate

    @property
    def matches(self) -> bool:
        return self.inferred in self.answers

    def line(self) -> str:
        answer = " or ".join(repr(a) for a in self.answers)
        if self.matches:
            return f"check: #{self.day}'s answer was {answer}: the inferred answer matches"
        where = f"ranked {self.rank} here" if self.rank is not None else "not among the candidates"
        return f"check: #{self.day}'s answer was {answer} ({where}): the inferred {self.inferred!r} does not match"

    def as_dict(self) -> dict:
        return {"day": self.day, "answers": list(self.answers), "matches": self.matches, "rank": self.rank}


def check(analysis: Analysis, day: int, answers: tuple[str, ...]) -> Check:
    """How the inference fares against the day's known answer."""
    order = [analysis.words[int(c)] for c in analysis.inference.order]
    ranks = [order.index(a) + 1 for a in answers if a in order]
    return Check(day, answers, analysis.verdict().answer, min(ranks) if ranks else None)


def json_document(analysis: Analysis, top: int, checked: Check | None = None) -> str:
    """The same as `text_lines`, for scripts: every line number in full."""
    result = analysis.inference
    reading = analysis.reading
    verdict = analysis.verdict()
    document = {
        "day": reading.day,
        "grids": len(reading.grids),
        "hard_mode": reading.hard,
        "failed": reading.failed,
        "set_aside": {
            "duplicates": list(reading.duplicates),
            "wrong_length": list(reading.wrong_length),
            "other_days": list(reading.other_days),
            "empty_headers": list(reading.empty_headers),
        },
        "stray_lines": list(reading.stray),
        "score_mismatch": list(reading.score_mismatch),
        "candidates": len(analysis.words),
        "consistent": analysis.consistent,
        "prior": analysis.prior_label,
        "verdict": {
            "answer": verdict.answer,
            "p": verdict.p,
            "certain": verdict.certain,
            "text": verdict.line(result.n_grids, analysis.consistent),
        },
        "top": [
            {
                "rank": rank,
                "word": analysis.words[c],
                "grids_fit": int(result.n_fit[c]),
                "score": float(result.score[c]) if math.isfinite(result.score[c]) else None,
                "p": float(result.posterior[c]),
                "ruled_out_by": analysis.ruled_out_by(c),
            }
            for rank, c in enumerate(_shown(analysis, top), start=1)
        ],
    }
    if checked is not None:
        document["check"] = checked.as_dict()
    return json.dumps(document, ensure_ascii=False)


def _shown(analysis: Analysis, top: int) -> list[int]:
    order = [int(c) for c in analysis.inference.order]
    return order if top == 0 else order[:top]


def _score_text(score: float) -> str:
    return f"{score:.2f}" if math.isfinite(score) else "-inf"


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _lines(numbers: list[int], one: str, many: str | None = None, count: bool = True) -> str:
    """"3 duplicates (lines 4, 9, 12)"; with count=False "lines 4, 9, 12"; '' for none."""
    if not numbers:
        return ""
    quoted = ", ".join(str(n) for n in numbers[:LINES_SHOWN])
    if len(numbers) > LINES_SHOWN:
        quoted += f" (+{len(numbers) - LINES_SHOWN} more)"
    label = "line" if len(numbers) == 1 else "lines"
    return f"{_count(len(numbers), one, many)} ({label} {quoted})" if count else f"{label} {quoted}"
