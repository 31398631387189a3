"""Slow, obviously-correct reference implementations of the contract (docs/spec.md).

Written from the wording of docs/spec.md, independently of the package: nothing here
imports `wordle_cli`. Every fast path in the package is compared against
these. Speed does not matter; clarity does.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

ABSENT, CONTAINED, EXACT = 0, 1, 2

HEADER = "guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len"


# ---------------------------------------------------------------- word lists (docs/spec.md §1)


def normalise_word(word: str) -> str:
    """NFC, then str.lower() (never casefold)."""
    return unicodedata.normalize("NFC", word).lower()


def normalise_list(text: str) -> tuple[list[str], int]:
    """(distinct words in first-occurrence order, number of duplicates dropped).

    One word per line; surrounding white space and \\r stripped; blank lines
    and lines starting with '#' skipped; a leading byte-order mark ignored.
    """
    text = text.removeprefix("\ufeff")
    words: list[str] = []
    duplicates = 0
    for line in text.split("\n"):
        line = line.strip()
        if line == "" or line.startswith("#"):
            continue
        word = normalise_word(line)
        if word in words:
            duplicates += 1
        else:
            words.append(word)
    return words, duplicates


def content_lines(data: bytes, limit: int) -> list[tuple[int, str]] | None:
    """What the streaming line reader must yield for `data`, or None where it must refuse it.

    The whole input at once: a leading byte-order mark dropped, split at
    "\n", each line stripped; blank lines skipped, comment lines as "#".
    Refused: bytes that are not UTF-8 anywhere, or a non-comment line longer
    than `limit` characters after stripping.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = []
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw.strip()
        if line.startswith("#"):
            lines.append((number, "#"))
        elif len(line) > limit:
            return None
        elif line:
            lines.append((number, line))
    return lines


# ---------------------------------------------------------------- feedback (docs/spec.md §2)


def feedback(guess: str, answer: str) -> tuple[int, ...]:
    """Wordle's two-pass rule, as docs/spec.md §2 words it."""
    assert len(guess) == len(answer)
    n = len(guess)
    tiles = [ABSENT] * n
    used = [False] * n  # which copies (positions) of the answer already justify a tile
    # 1. every position with g[i] == a[i] is exact
    for i in range(n):
        if guess[i] == answer[i]:
            tiles[i] = EXACT
            used[i] = True
    # 2. left to right over the remaining positions: contained if the answer
    #    still has an unmatched copy of that letter, else absent
    for i in range(n):
        if tiles[i] == EXACT:
            continue
        for j in range(n):
            if not used[j] and answer[j] == guess[i]:
                used[j] = True
                tiles[i] = CONTAINED
                break
    return tuple(tiles)


def code(tiles) -> int:
    """Base-3 number of the tiles, first position most significant."""
    return sum(t * 3 ** (len(tiles) - 1 - i) for i, t in enumerate(tiles))


def tiles_of(code_value: int, length: int) -> tuple[int, ...]:
    digits = []
    for i in range(length):
        digits.append(code_value // 3 ** (length - 1 - i) % 3)
    return tuple(digits)


# ---------------------------------------------------------------- consistency (docs/spec.md §3, §4)


def strict_consistent(guess: str, tiles, word: str) -> bool:
    return feedback(guess, word) == tuple(tiles)


def loose_consistent(guess: str, tiles, word: str) -> bool:
    """The original program's check, sentence by sentence from docs/spec.md §3."""
    L = len(guess)
    r = tuple(tiles)
    # for every exact position i: w[i] == g[i]
    for i in range(L):
        if r[i] == EXACT and word[i] != guess[i]:
            return False
    # for every non-exact position i with letter c = g[i]: lo <= k <= hi
    for i in range(L):
        if r[i] == EXACT:
            continue
        c = guess[i]
        lo = len([j for j in range(L) if guess[j] == c and r[j] == CONTAINED])
        if any(guess[j] == c and r[j] == ABSENT for j in range(L)):
            hi = lo
        else:
            hi = L
        k = len([m for m in range(L) if r[m] != EXACT and word[m] == c])
        if not (lo <= k <= hi):
            return False
    return True


def consistent(rule: str, guess: str, tiles, word: str) -> bool:
    if rule == "strict":
        return strict_consistent(guess, tiles, word)
    if rule == "loose":
        return loose_consistent(guess, tiles, word)
    raise ValueError(rule)


def prune(rule: str, guess: str, tiles, words) -> list[str]:
    return [w for w in words if consistent(rule, guess, tiles, w)]


# ---------------------------------------------------------------- score (docs/spec.md §3)


def remaining_counts(rule: str, guess: str, answers) -> list[int]:
    """n(g, a) for each answer a: brute force over every word of ANSWERS."""
    counts = []
    for a in answers:
        r = feedback(guess, a)
        counts.append(sum(1 for w in answers if consistent(rule, guess, r, w)))
    return counts


def stats_of(counts: list[int]) -> tuple[Fraction, Fraction, int]:
    """(mean, sample variance (0 for one value), max), exact."""
    n = len(counts)
    mean = Fraction(sum(counts), n)
    if n == 1:
        var = Fraction(0)
    else:
        var = sum((Fraction(c) - mean) ** 2 for c in counts) / (n - 1)
    return mean, var, max(counts)


def score(rule: str, guesses, answers) -> dict[str, tuple[Fraction, Fraction, int]]:
    """guess -> (mean, variance, max) of n(g, a) over the answers."""
    return {g: stats_of(remaining_counts(rule, g, answers)) for g in guesses}


def sort_key(guess: str, stats: tuple[Fraction, Fraction, int], answers) -> tuple:
    mean, var, mx = stats
    return (mean, mx, var, 0 if guess in answers else 1, guess)


def format_g(value: Fraction, precision: int) -> str:
    """C's "%.<P>g" of an exact value, from the C standard's description.

    Let P be the precision and X the exponent the "%e" conversion (with
    precision P - 1, rounding the exact value half to even) would print; if
    P > X >= -4 use "%f" with precision P - 1 - X, else "%e" with precision
    P - 1; then drop trailing zeros and a trailing decimal point.
    """
    value = Fraction(value)
    P = precision
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    X = 0
    while value >= 10**X * 10:
        X += 1
    while value < Fraction(10) ** X:
        X -= 1
    digits = round(value * Fraction(10) ** (P - 1 - X))  # Fraction rounds half to even
    if digits == 10**P:
        X += 1
        digits = 10 ** (P - 1)
    text = str(digits)
    assert len(text) == P
    if P > X >= -4:
        if X >= 0:
            body = text[: X + 1] + "." + text[X + 1 :]
        else:
            body = "0." + "0" * (-X - 1) + text
        body = body.rstrip("0").rstrip(".")
        return sign + body
    mantissa = (text[0] + "." + text[1:]).rstrip("0").rstrip(".")
    return f"{sign}{mantissa}e{'+' if X >= 0 else '-'}{abs(X):02d}"


def csv_field(word: str) -> str:
    """RFC 4180: quote a field holding a comma, quote or line break, or white space at an end; double its quotes."""
    if any(ch in word for ch in ',"\r\n') or word != word.strip():
        return '"' + word.replace('"', '""') + '"'
    return word


def csv_text(rule: str, guesses, answers, precision: int = 6) -> str:
    """The whole OUTPUT file `wordle score` must write."""
    scored = score(rule, guesses, answers)
    order = sorted(scored, key=lambda g: sort_key(g, scored[g], answers))
    lines = [HEADER]
    for g in order:
        mean, var, mx = scored[g]
        lines.append(
            ",".join(
                [
                    csv_field(g),
                    "true" if g in answers else "false",
                    format_g(mean, precision),
                    format_g(var, precision),
                    str(mx),
                ]
            )
        )
    return "\n".join(lines) + "\n"


def weighted_csv_rows(guesses, answers, weight: dict, precision: int = 6) -> list[str]:
    """`wordle score --prior`'s rows: n(g, a) over answers drawn with probability weight[a] / W (strict rule).

    Mean sum w n / W; variance with the weights as frequencies, sum w (n - mean)^2 / (W - 1); max over the answers.
    """
    total = sum(weight[a] for a in answers)
    rows = []
    for g in guesses:
        counts = remaining_counts("strict", g, answers)
        mean = Fraction(sum(weight[a] * n for a, n in zip(answers, counts)), total)
        var = sum(weight[a] * (n - mean) ** 2 for a, n in zip(answers, counts)) / (total - 1) if total > 1 else Fraction(0)
        rows.append(((mean, max(counts), var, 0 if g in answers else 1, g), g, mean, var, max(counts)))
    rows.sort()
    return [HEADER] + [
        f"{csv_field(g)},{'true' if g in answers else 'false'},{format_g(m, precision)},{format_g(v, precision)},{mx}"
        for _, g, m, v, mx in rows
    ]
