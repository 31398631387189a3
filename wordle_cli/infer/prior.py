"""`--prior FILE`: how likely each candidate was before the grids, as `word,weight` lines.

Weights are relative (any non-negative numbers; they need not sum to 1).
Blank lines and lines starting with `#` are skipped, and so is a first line
`word,weight`. Words are normalised like word lists. A candidate the file
does not list gets weight 0, so the file is the whole prior (a frequency
list covering every word, or a short list of the words to consider); a
warning says how many candidates that leaves out, and how many listed words
are not candidates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wordle_cli.errors import WordleError, quote
from wordle_cli.wordlist import display_name, normalise, read_text


@dataclass
class Prior:
    weights: list[float]  # one per candidate, in candidate order
    unlisted: int  # candidates the file gives no weight (weight 0)
    unknown: int  # words of the file that are not candidates (ignored)


def read_prior(path: str, candidates: list[str]) -> Prior:
    """The weight of every candidate from a `word,weight` file; WordleError names the file and line of a bad line."""
    name = display_name(path)
    index = {word: i for i, word in enumerate(candidates)}
    weights = [0.0] * len(candidates)
    listed: set[str] = set()
    unknown = 0
    first = True
    for number, raw in enumerate(read_text(path, "prior file").split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if first and line.replace(" ", "").lower() == "word,weight":
            first = False
            continue
        first = False
        word, weight = _parse_line(line, f"{name} line {number}")
        if word in listed:
            raise WordleError(f"{name} line {number}: {quote(word)} is listed twice")
        listed.add(word)
        if word in index:
            weights[index[word]] = weight
        else:
            unknown += 1
    if not any(w > 0 for w in weights):
        raise WordleError(f"{name}: gives no candidate a positive weight")
    return Prior(weights, len(candidates) - len(listed & index.keys()), unknown)


def _parse_line(line: str, where: str) -> tuple[str, float]:
    pieces = line.split(",")
    if len(pieces) != 2:
        raise WordleError(f"{where}: expected word,weight, got {quote(line)}")
    word = normalise(pieces[0].strip())
    try:
        weight = float(pieces[1])
    except ValueError:
        raise WordleError(f"{where}: {quote(pieces[1].strip())} is not a number") from None
    if not word:
        raise WordleError(f"{where}: the word is empty")
    if not math.isfinite(weight) or weight < 0:
        raise WordleError(f"{where}: the weight must be a finite number >= 0, got {quote(pieces[1].strip())}")
    return word, weight
