"""The games the solver plays, and how their words become kernel input.

One table, `GAME_TABLE`, names every game and where its two lists come from:

- ``nyt``: today's New York Times Wordle (3158 answers, 14855 allowed guesses;
  shipped, from alex1770/wordle), the default;
- ``wordle``: the original Wordle lists of 2022 (2315 answers, 12972 allowed
  guesses; shipped);
- ``primel``: every five-digit prime, 10007 ... 99991 (8363 of them), as both
  lists; generated with a sieve, not shipped.

A new game of shipped lists is one row of the table. Which game a command
plays when none is named is `resolve_game`'s one rule: ``--game`` if given,
else the environment variable ``WORDLE_GAME``, else ``nyt`` (docs/games.md).

``--answers`` / ``--allowed`` replace either list of a game. The pool is the
answers list; the guess candidates are the allowed list followed by the
answers that are not in it (in answers order). That order is the "list
order" of the tie rule (see `strategy`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordle_cli import shipped, wordlist
from wordle_cli.errors import WordleError, quote
from wordle_cli.wordlist import WordList


@dataclass(frozen=True)
class GameLists:
    """Where a game's lists come from: two shipped files, or none (`generated`)."""

    answers: str | None  # a shipped list's file name (`shipped.shipped_list`)
    allowed: str | None
    about: str  # one line for --help


#: Every game, the default first: name -> its lists.
GAME_TABLE: dict[str, GameLists] = {
    "nyt": GameLists(shipped.NYT_ANSWERS, shipped.NYT_ALLOWED, "today's New York Times Wordle (3158 answers, 14855 allowed guesses)"),
    "wordle": GameLists(shipped.WORDLE_ANSWERS, shipped.WORDLE_ALLOWED, "the original lists of 2022 (2315 answers, 12972 allowed guesses)"),
    "primel": GameLists(None, None, "the 8363 five-digit primes as both lists"),
}

GAMES = tuple(GAME_TABLE)

#: Wordle's board: six rows, the most guesses a game takes (Fibble's nine: `lies.FIBBLE_ROWS`; N boards: N + 5).
ROWS = 6

#: The game played when neither --game nor WORDLE_GAME names one: the one people play today.
DEFAULT_GAME = "nyt"

#: The environment variable that names the game once for every command (e.g. WORDLE_GAME=wordle for the 2022 lists).
GAME_ENV = "WORDLE_GAME"

PRIMEL_NAME = "<primel: five-digit primes>"


def resolve_game(game: str | None = None) -> str:
    """The game to play: `game` if given, else $WORDLE_GAME if set (and not empty), else `DEFAULT_GAME`.

    The one rule every command and every API function follows. Raises
    `WordleError` for a name that is not a game, saying where it came from.
    """
    if game is not None:
        source = game
    else:
        source = os.environ.get(GAME_ENV, "").strip()
        if not source:
            return DEFAULT_GAME
    if source not in GAME_TABLE:
        where = "" if game is not None else f"${GAME_ENV}: "  # named as $WORDLE_DATE's and $WORDLE_PRIOR's faults are
        raise WordleError(f"{where}unknown game {quote(source)}; choose one of {', '.join(GAMES)}")
    return source


def games_help() -> str:
    """The games and what each is, for --game's help."""
    return " ".join(f"{name}: {lists.about}." for name, lists in GAME_TABLE.items())


def primes_between(low: int, high: int) -> list[int]:
    """The primes p with low <= p <= high (sieve of Eratosthenes)."""
    if high < 2:
        return []
    sieve = bytearray([1]) * (high + 1)
    sieve[0:2] = b"\x00\x00"
    for p in range(2, int(high**0.5) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytes(len(range(p * p, high + 1, p)))
    return [n for n in range(max(low, 2), high + 1) if sieve[n]]


@lru_cache(maxsize=1)
def _primel_words() -> tuple[str, ...]:
    return tuple(str(p) for p in primes_between(10_000, 99_999))


def primel_words() -> list[str]:
    """Primel's words: the five-digit primes in ascending order."""
    return list(_primel_words())


def _generated(name: str, words: list[str]) -> WordList:
    return WordList(name, words, list(range(1, len(words) + 1)), 0, {w: i for i, w in enumerate(words)})


#: The game whose answers follow the NYT's history: its pool for a puzzle date adds the past answers its list lacks.
HISTORY_GAME = "nyt"


def load_lists(
    game: str | None = None, answers: str | None = None, allowed: str | None = None, date=None, through_day: bool = False
) -> tuple[WordList, WordList]:
    """(answers, allowed) word lists of a game (None: `resolve_game`'s), either replaced by a file ('-' for stdin).

    `date` (a `datetime.date`): the puzzle date in play. The nyt game's pool for
    it is its shipped answers followed by every answer the history used before
    that date (and on it, `through_day`: a command that plays that day) that the
    list lacks, since the NYT's answers now include such words (loris, kefir).
    An ANSWERS file is never changed; other games have no history.
    """
    game = resolve_game(game)
    wordlist.check_one_stdin(*(p for p in (answers, allowed) if p is not None))
    answer_list = wordlist.read_word_list(answers) if answers is not None else _default_list(game, "answers")
    if answers is None and date is not None and game == HISTORY_GAME:
        answer_list = with_past_answers(answer_list, date, through_day)
    allowed_list = wordlist.read_word_list(allowed) if allowed is not None else _default_list(game, "allowed")
    wordlist.run_length(answer_list, allowed_list)
    return answer_list, allowed_list


def with_past_answers(answer_list: WordList, date, through_day: bool = False) -> WordList:
    """`answer_list` followed by the history's answers before `date` (on it too, `through_day`) that it lacks.

    Appended, so the list's own words keep their order (the tie rule's list order).
    """
    from wordle_cli import history

    added = [word for word in history.answers_before(history.known_days(), date, through_day) if word not in answer_list.index]
    if not added:
        return answer_list
    words = answer_list.words + added
    lines = answer_list.lines + [0] * len(added)  # not lines of the file: the history's
    shown = ", ".join(added[:3]) + (", ..." if len(added) > 3 else "")
    name = f"{answer_list.name} + the history's {shown}"
    return WordList(name, words, lines, answer_list.duplicates, {w: i for i, w in enumerate(words)})


def _default_list(game: str, which: str) -> WordList:
    lists = GAME_TABLE[game]
    name = lists.answers if which == "answers" else lists.allowed
    if name is None:  # primel, the only generated game
        return _generated(PRIMEL_NAME, primel_words())
    return shipped.read_shipped(name)


class Game:
    """Answers and guess candidates, encoded once for the kernels.

    Attributes (numpy arrays):
      answer_codes (A, L) uint8, candidate_codes (C, L) uint8;
      cand_of_answer[a]: candidate index of answer a;
      answer_of_cand[c]: answer index of candidate c, or -1.
    """

    def __init__(self, name: str, answers: Sequence[str], allowed: Sequence[str]):
        import numpy as np

        from wordle_cli.encoding import Alphabet

        self.name = name
        self.answers = list(answers)
        allowed_set = set(allowed)
        self.candidates = list(allowed) + [w for w in self.answers if w not in allowed_set]
        self.length = len(self.answers[0])
        self.alphabet = Alphabet.of(self.candidates)
        self.symbols = frozenset(self.alphabet.symbols)  # the lists' own: `encode_word` may add to the alphabet
        self.answer_index = {w: i for i, w in enumerate(self.answers)}
        self.candidate_index = {w: i for i, w in enumerate(self.candidates)}
        self.cand_of_answer = np.array([self.candidate_index[w] for w in self.answers], dtype=np.int64)
        self.candidate_codes = self._encode(self.candidates)
        self.answer_codes = self.candidate_codes[self.cand_of_answer]
        self.answer_of_cand = np.full(len(self.candidates), -1, dtype=np.int64)
        self.answer_of_cand[self.cand_of_answer] = np.arange(len(self.answers))
        self.win_code = 3**self.length - 1

    def _encode(self, words: list[str]):
        """`Alphabet.encode`, with a table lookup over the raw bytes when all words are ASCII."""
        import numpy as np

        text = "".join(words)
        if not text.isascii():
            return self.alphabet.encode(words, self.length)
        table = np.zeros(128, dtype=np.uint8)
        for symbol, code in self.alphabet.code.items():
            table[ord(symbol)] = code
        raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
        return table[raw].reshape(len(words), self.length)

    def spelling_problem(self, word: str) -> str | None:
        """Why `word` is no guess of this game (None: it is one): a symbol that none of its words has.

        The one check of a typed guess (`play`'s turns, `review`'s, every command's
        GUESS and --first). A guess need not be listed, but a symbol in no word
        (a NUL byte, a digit in Wordle) is a typo, never a move of the game.
        """
        foreign = [ch for ch in dict.fromkeys(word) if ch not in self.symbols]
        if not foreign:
            return None
        known = "".join(sorted(self.symbols))
        spelt = f"the game's words use only {known}" if len(known) <= 40 else f"the game's words use {len(known)} other symbols"
        return f"{quote(word)} is not a word of the game: {quote(foreign[0])} is in none of its words ({spelt})"

    def guess_problem(self, word: str, any_word: bool = False) -> str | None:
        """Why the game refuses `word` as a guess (None: it takes it): a symbol none of its words has, or, unless
        `any_word`, a word in neither list, as the NYT refuses one (so no feedback for it can exist).

        The one rule of a played guess: `play`'s turns, `review`'s GUESS, --first.
        """
        problem = self.spelling_problem(word)
        if problem is not None or any_word or word in self.candidate_index:
            return problem
        return f"{quote(word)} is in neither word list: the game refuses it (--allow-any-word plays it anyway)"

    def encode_word(self, word: str):
        """Symbol codes of any word of the game's length (new symbols get new codes)."""
        from wordle_cli.encoding import Alphabet

        new = [ch for ch in dict.fromkeys(word) if ch not in self.alphabet.code]
        if new:
            # Append, so the codes already in the encoded lists stay valid.
            wordlist.distinct_symbols(self.alphabet.symbols + new)  # at most 255
            self.alphabet = Alphabet(self.alphabet.symbols + new)
        return self.alphabet.encode_word(word)
