"""The opening book: every entry adds up and fits its pool; a fixed sample (every entry, slow) proven again; a review reads it."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from wordle_cli import tables
from wordle_cli.model.game import GAME_TABLE, Game, load_lists
from wordle_cli.reviewer import book, recompute_book
from wordle_cli.reviewer.classes import outcome_codes
from wordle_cli.tables import digest
from wordle_cli.trees import search

SHIPPED = [name for name, lists in GAME_TABLE.items() if lists.answers is not None]


def shipped_game(name: str) -> Game:
    answers, allowed = load_lists(name)
    return Game(name, answers.words, allowed.words)


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("hard", [False, True])
def test_every_entry_adds_up_and_fits_its_classes(name, hard):
    """Total = answers + the classes' values; every class is one the opener's feedback makes, and its value
    is at least the search's admissible bound and its guess a word of the lists."""
    game = shipped_game(name)
    entries = book.books()[(digest(game.answers), digest(game.candidates), hard, book.MAX_GUESSES)]
    assert set(entries) == {w for w in book.OPENERS if w in game.candidate_index}
    n = len(game.answers)
    for opener, (total, classes) in entries.items():
        codes = outcome_codes(game, np.arange(n), opener)
        sizes = {int(c): int(k) for c, k in zip(*np.unique(codes, return_counts=True)) if c != game.win_code}
        if total is None:
            assert classes == ()  # cannot win every game in 6: nothing more is claimed
            continue
        assert {code for code, _, _ in classes} == set(sizes), opener
        assert total == n + sum(value for _, value, _ in classes), opener
        for code, value, guess in classes:
            assert value >= search.class_bound(sizes[code], 243) - sizes[code], (opener, code)
            assert guess in game.candidate_index, (opener, guess)


def test_an_opener_outside_the_book_or_another_limit_is_not_found():
    game = shipped_game("wordle")
    key = (digest(game.answers), digest(game.candidates))
    assert book.lookup(*key, False, 6, "salet").total == 7920
    assert book.lookup(*key, False, 6, "fuzzy") is None
    assert book.lookup(*key, False, 7, "salet") is None
    assert book.lookup("0" * 16, key[1], False, 6, "salet") is None


def test_the_file_names_the_shipped_lists_and_the_books_openers():
    """What the maker writes but the proofs: the lists' digests (computed from the lists), the openers, the limit."""
    shipped = tables.read(book.BOOK_FILE)
    found = [(game, hard, [(opener, *book.books()[key][opener]) for opener in book.books()[key]])
             for game in recompute_book.shipped_games() for hard in (False, True)
             for key in [(digest(game.answers), digest(game.candidates), hard, book.MAX_GUESSES)]]
    assert recompute_book.book_document(found) == shipped


#: Classes of at most this many answers are proven again in the default run (a few seconds with the tables).
SAMPLE_MAX_POOL = 12


def sampled_classes(name: str, hard: bool, k: int = 3):
    """A fixed random sample of the book's small classes on a game: (opener, code, value, guess)."""
    game = shipped_game(name)
    entries = book.books()[(digest(game.answers), digest(game.candidates), hard, book.MAX_GUESSES)]
    small = []
    for opener, (_, classes) in sorted(entries.items()):
        codes = outcome_codes(game, np.arange(len(game.answers)), opener)
        sizes = dict(zip(*np.unique(codes, return_counts=True)))
        small += [(opener, code, value, guess) for code, value, guess in classes if sizes[code] <= SAMPLE_MAX_POOL]
    return game, random.Random(f"{name} {hard}").sample(small, k)


@pytest.mark.parametrize("name, hard", [("wordle", False), ("nyt", True)])
def test_a_fixed_sample_of_classes_is_proven_again_by_the_search(name, hard):
    """Each sampled class's value and best guess, proven alone as the book's maker proves it."""
    from wordle_cli.trees.builder import Problem

    game, sample = sampled_classes(name, hard)
    problem = Problem(game, hard=hard, max_guesses=book.MAX_GUESSES)
    for opener, code, value, guess in sample:
        assert recompute_book.class_entry(problem, opener, code) == (value, guess), (opener, code)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("hard", [False, True])
def test_every_entry_is_proven_again_by_the_search(name, hard):  # about an hour in all on 2 cores: `make data`'s work
    game = shipped_game(name)
    found = list(recompute_book.entries(game, hard, threads=2))
    shipped = tables.read(book.BOOK_FILE)["books"]
    (wanted,) = [b for b in shipped if b["game"] == name and b["hard"] == hard]
    assert recompute_book.book_document([(game, hard, found)])["books"] == [wanted]


def test_a_review_of_a_book_opener_proves_no_opener_and_reads_the_book(monkeypatch):
    """The first guess's value and the next position's best come from the book (proven again: the slow suite)."""
    import wordle_cli
    from wordle_cli.trees import builder

    def refuse(*args, **kwargs):
        raise AssertionError("an opener was proven")

    monkeypatch.setattr(builder.Problem, "build", refuse)
    game = shipped_game("wordle")
    first = wordle_cli.review(["crane", "hotly", "lynch"], "lynch", game="wordle", cache=False).turns[0]
    entry = book.lookup(digest(game.answers), digest(game.candidates), False, book.MAX_GUESSES, "crane")
    code = int(outcome_codes(game, np.array([game.answer_index["lynch"]]), "crane")[0])
    assert first.guess == "crane" and first.expected == Fraction(entry.total, len(game.answers))
    assert first.luck == first.expected - 1 - Fraction(entry.classes[code][0], first.after)  # the class's value, from the book


@pytest.mark.slow  # proves crane on the 2022 lists: about 10 s
def test_a_review_of_a_book_opener_grades_as_without_the_book(monkeypatch):
    """The first guess's value and the next position's best come from the book, and equal what the proof gives."""
    import wordle_cli
    from wordle_cli.trees import builder

    game = (["crane", "hotly", "lynch"], "lynch")
    with monkeypatch.context() as patch:
        patch.setattr(book, "lookup", lambda *args: None)  # no book: crane is proven
        proven = wordle_cli.review(*game, game="wordle", cache=False)

    def refuse(*args, **kwargs):
        raise AssertionError("an opener was proven")

    monkeypatch.setattr(builder.Problem, "build", refuse)
    from_book = wordle_cli.review(*game, game="wordle", cache=False)
    assert from_book.turns == proven.turns and from_book.turns[0].guess == "crane"


def test_a_repeated_review_of_a_book_opener_proves_nothing(monkeypatch, tmp_path):
    """The book is read before the cache: the second review finds every value (the next turn's too) without a proof."""
    import wordle_cli
    from wordle_cli.reviewer import exact
    from wordle_cli.trees import builder

    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path))
    game = (["crane", "lofty"], "lofty")  # crane BBBBB leaves a big pool: proving its best again would show
    first = wordle_cli.review(*game, game="wordle")

    def refuse(*args, **kwargs):
        raise AssertionError("a value was proven again")

    real_value = builder.Problem.value

    def small_only(self, ctx, position, *args):  # counting ties proves small pools again: allowed
        if len(position.pool) > exact.TIES_MAX_POOL:
            raise AssertionError(f"a pool of {len(position.pool)} was proven again")
        return real_value(self, ctx, position, *args)

    monkeypatch.setattr(builder.Problem, "build", refuse)
    monkeypatch.setattr(builder.Problem, "value", small_only)
    assert wordle_cli.review(*game, game="wordle").turns == first.turns


def test_a_cache_entry_contradicting_a_shipped_value_is_damage(monkeypatch, tmp_path):
    """Issue 36 item 2: a cached tarse 11220 (checksum recomputed) gave "3.5529 proven optimal" over the shipped
    11219. Shipped values win (KNOWN_BEST's opener total, the book's classes); the entry is warned about once and
    rewritten."""
    import json

    import wordle_cli
    from wordle_cli.reviewer.cache import _checksum

    monkeypatch.setenv("WORDLE_CACHE_DIR", str(tmp_path))
    game = (["tarse", "cigar"], "cigar")
    first = wordle_cli.review(*game, game="nyt")
    assert first.turns[0].best * 3158 == 11219 and first.notes == []
    book_positions = {"6|3158", "5|84"}  # the game's root, and tarse's class that cigar is in (the book holds both)
    edited = []
    for path in tmp_path.rglob("*.json"):
        data = json.loads(path.read_text())
        if data["best"] == "review":  # the whole review, kept too (`reviewer.repeat`): without it the positions are read
            path.unlink()
            continue
        if "|".join(data["key"].split("|")[:2]) in book_positions and "|played" not in data["key"]:
            data["total"] += 1
            data["check"] = _checksum(data["key"], data["total"], data["best"])
            path.write_text(json.dumps(data))
            edited.append(path)
    assert edited
    again = wordle_cli.review(*game, game="nyt")
    assert again.turns == first.turns
    assert len(again.notes) == len(edited)  # each entry once
    for note, path in zip(sorted(again.notes), sorted(edited, key=str)):
        assert note.startswith(f"ignored damaged cache entry {path} (total ") and "contradicts the shipped" in note
    third = wordle_cli.review(*game, game="nyt")  # rewritten
    assert third.turns == first.turns and third.notes == []
