"""The tree search, its formats and the verifier (issue 9), against brute force and hand-checked cases."""

from __future__ import annotations

import io
import random

import naive_tree
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli.errors import WordleError
from wordle_cli.model.feedback import encode
from wordle_cli.model.game import Game
from wordle_cli.trees import formats, search
from wordle_cli.trees.builder import Problem
from wordle_cli.trees.formats import TreeFileError
from wordle_cli.trees.inputs import parse_history
from wordle_cli.trees.model import Node, Tree
from wordle_cli.trees.verify import verify


def build(answers, allowed, *, first=None, history=(), threads=1, **rules):
    problem = Problem(Game("test", answers, allowed), **rules)
    position = problem.start()
    for guess, tiles in history:
        position = problem.after(position, guess, tiles)
    return problem.build(position, first, threads=threads)


def selby_text(tree: Tree) -> str:
    out = io.StringIO()
    formats.write_selby(tree, out)
    return out.getvalue()


def reread(tree: Tree, fmt: str = "selby") -> formats.TreeFile:
    out = io.StringIO()
    formats.write(tree, out, fmt)
    return formats.read(out.getvalue(), f"tree.{fmt}")


@st.composite
def games(draw, max_answers=7):
    """Small games: short words over few symbols (many repeated letters), a few answers and guesses."""
    length = draw(st.integers(1, 3))
    symbols = "abcd"[: draw(st.integers(2, 4))]
    word = st.text(alphabet=symbols, min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=max_answers, unique=True))
    allowed = draw(st.lists(word, min_size=0, max_size=8, unique=True))
    return answers, allowed


# ---------------------------------------------------------------- the search against brute force


@given(
    games(),
    st.booleans(),
    st.sampled_from([None, 2, 3, 4]),
    st.booleans(),
    st.sampled_from([3, search.Thresholds().dominance_min_pool]),
    st.data(),
)
def test_search_matches_brute_force(game, hard, max_guesses, pool_only, dominance, data):
    answers, allowed = game
    first = data.draw(st.sampled_from([None, *answers, *allowed]))
    want = naive_tree.best_total(answers, allowed, hard=hard, max_guesses=max_guesses, first=first, pool_only=pool_only)
    try:
        result = build(answers, allowed, first=first, hard=hard, max_guesses=max_guesses, pool_only=pool_only,
                       thresholds=search.Thresholds(dominance_min_pool=dominance))
    except WordleError as exc:
        assert want == naive_tree.INF, f"search gave up ({exc}) where brute force finds {want}"
        assert "no strategy solves" in str(exc)
        return
    assert result.total == want
    assert result.proven
    # Every tree the search returns is valid for the game, and worth what the search says.
    stats = verify(reread(result.tree), "tree", answers, set(allowed), hard=hard, max_guesses=max_guesses)
    assert stats.total == result.total
    assert stats.answers == len(answers)


@given(games(max_answers=12), st.integers(1, 3))
def test_top_k_gives_a_valid_upper_bound(game, k):
    answers, allowed = game
    exact = naive_tree.best_total(answers, allowed)
    result = build(answers, allowed, top_k=k)
    assert not result.proven
    assert result.total >= exact
    assert verify(reread(result.tree), "tree", answers, set(allowed)).total == result.total


def test_bigger_random_games_match_brute_force():
    """Pools past the memo's threshold and the bound window's cutoffs (up to 14 answers, 4 letters)."""
    rng = random.Random(9)
    for _ in range(40):
        length = rng.choice([3, 4])
        symbols = "abcdef"[: rng.choice([3, 4, 5])]
        words = sorted({"".join(rng.choice(symbols) for _ in range(length)) for _ in range(40)})
        answers = rng.sample(words, rng.randint(8, min(14, len(words))))
        allowed = rng.sample(words, rng.randint(1, 8))
        hard = rng.random() < 0.3
        max_guesses = rng.choice([None, 3, 4])
        want = naive_tree.best_total(answers, allowed, hard=hard, max_guesses=max_guesses)
        try:
            shrunk = search.Thresholds(dominance_min_pool=rng.choice([3, 8]))
            got = build(answers, allowed, hard=hard, max_guesses=max_guesses, thresholds=shrunk).total
        except WordleError:
            got = naive_tree.INF
        assert got == want, (answers, allowed, hard, max_guesses)


@given(games(max_answers=12), st.sampled_from([None, 3, 4]))
def test_dropping_refined_guesses_never_changes_the_tree(game, max_guesses):
    """A guess a neighbour refines is never the tie rule's choice: the trees are the very same."""
    answers, allowed = game
    try:
        everything = build(answers, allowed, max_guesses=max_guesses, thresholds=search.Thresholds(dominance_min_pool=1 << 30))
    except WordleError:
        return
    dropping = build(answers, allowed, max_guesses=max_guesses, thresholds=search.Thresholds(dominance_min_pool=3))
    assert selby_text(dropping.tree) == selby_text(everything.tree)


# ---------------------------------------------------------------- hand-checked


def test_three_letters_need_six_guesses():
    # Any guess finds itself (1) and leaves the other two together: 2 + 3 more. No perfect split exists.
    result = build(["a", "b", "c"], [])
    assert result.total == 6
    assert result.tree.stats().histogram == {1: 1, 2: 1, 3: 1}


def test_a_perfect_split_by_a_possible_answer_costs_2n_minus_1():
    # "ab" against ab, ba, bb, aa: GG, YY, BG, GB: four classes.
    result = build(["ab", "ba", "bb", "aa"], [])
    assert result.total == 7
    assert result.tree.root.guess == "ab"


def test_a_perfect_split_by_another_word_costs_2n():
    # Every answer leaves the other three together (GGB each); "abc" tells a, b, c and d apart:
    # YBB, BYB, BBG, BBB. Four singletons by a word that is not an answer: 2 * 4 = 8.
    result = build(["xxa", "xxb", "xxc", "xxd"], ["abc"])
    assert result.total == 8
    assert result.tree.root.guess == "abc"


def test_one_pair_left_by_an_answer_also_costs_2n():
    # "ca" finds itself and leaves cb, cc together (GB, GB): 1 + 2 + 3 = 6 = 2n; no answer splits all three.
    result = build(["ca", "cb", "cc"], ["ab"])
    assert result.total == 6
    assert result.tree.root.guess == "ca"  # a possible answer is preferred to "ab", which also gives 6


def test_max_guesses_too_small_is_a_clear_error():
    with pytest.raises(WordleError, match=r"no strategy solves every one of the 3 answers within 2 guesses"):
        build(["a", "b", "c"], [], max_guesses=2)


def test_a_forced_first_guess_is_played_even_when_it_tells_nothing():
    result = build(["a", "b", "c"], ["d"], first="d")
    assert result.total == 3 + 6
    assert result.tree.root.guess == "d"


def test_hard_mode_forbids_what_normal_mode_uses():
    # After xyz (GGB for every answer) hard mode needs x and y in place: only the answers themselves
    # are left to guess (1 + 2 + 3 + 4 = 10 more), where normal mode splits them with abc (2 * 4 = 8).
    answers, allowed = ["xya", "xyb", "xyc", "xyd"], ["abc", "xyz"]
    assert build(answers, allowed, first="xyz").total == 4 + 8
    assert build(answers, allowed, first="xyz", hard=True).total == 4 + 10


def test_from_a_position_solves_what_is_left():
    answers = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
    allowed = ["roate", "raise", "sissy"]
    history = parse_history("roate:BBBBB", 5)
    left = [a for a in answers if all(ch not in a for ch in "roate")]
    assert left == ["sissy", "humph", "blush"]
    result = build(answers, allowed, history=history)
    assert sorted(a for a, _ in result.tree.root.leaves(3**5 - 1)) == sorted(left)
    assert result.total == naive_tree.best_total(left, allowed)


def test_parse_history_reads_any_spelling():
    assert parse_history("salet:BBYBB, clint BBYYB", 5) == [("salet", (0, 0, 1, 0, 0)), ("clint", (0, 0, 1, 1, 0))]
    assert parse_history("SALET:🟩⬛⬛⬛⬛;clint:00000", 5)[0] == ("salet", (2, 0, 0, 0, 0))
    for bad in ("salet", "salet:BBYB", "sale:BBBBB", "salet:BBQBB", ","):
        with pytest.raises(WordleError):
            parse_history(bad, 5)


def test_results_do_not_depend_on_threads():
    rng = random.Random(3)
    words = sorted({"".join(rng.choice("abcde") for _ in range(4)) for _ in range(60)})
    answers, allowed = words[:30], words[30:]
    one = build(answers, allowed, first=answers[0], threads=1)
    two = build(answers, allowed, first=answers[0], threads=2)
    again = build(answers, allowed, first=answers[0], threads=2)
    assert selby_text(one.tree) == selby_text(two.tree) == selby_text(again.tree)


def test_a_guess_giving_every_answer_the_same_feedback_as_an_earlier_one_changes_nothing():
    """Normal mode searches one guess of each feedback vector (the first): dropping the later twins from
    the allowed list leaves the very same tree."""
    rng = random.Random(11)
    games_with_twins = 0
    for _ in range(25):
        # Letters no answer has are all grey: guesses differing only in them are twins.
        answers = sorted({"".join(rng.choice("abcd") for _ in range(3)) for _ in range(rng.randint(5, 14))})
        allowed = sorted({"".join(rng.choice("abcdef") for _ in range(3)) for _ in range(30)} - set(answers))
        problem = Problem(Game("test", answers, allowed))
        seen, twins = set(), set()
        for index, word in enumerate(problem.game.candidates):
            vector = tuple(problem.table[index].tolist())
            if vector in seen and word not in answers:
                twins.add(word)
            seen.add(vector)
        games_with_twins += bool(twins)
        full = build(answers, allowed)
        fewer = build(answers, [w for w in allowed if w not in twins])
        assert selby_text(fewer.tree) == selby_text(full.tree), (answers, sorted(twins))
    assert games_with_twins >= 20


def test_the_tree_is_the_same_when_the_memo_cannot_hold_it():
    """The tree is read from the memo in one compiled call; from an empty memo, node by node: the same tree."""
    rng = random.Random(5)
    words = sorted({"".join(rng.choice("abcde") for _ in range(4)) for _ in range(80)})
    answers, allowed = words[:40], words[40:]
    for hard in (False, True):
        problem = Problem(Game("test", answers, allowed), hard=hard, max_guesses=5)
        position = problem.start()
        kept = problem.build(position)
        fresh = problem.context()
        assert search.extract(fresh, position.pool, position.cands, position.depth, position.greens, position.mins,
                              *(np.empty(90, dtype=t) for t in (np.int64, np.int64, np.int64, np.bool_))) == -2
        forgotten = Tree(problem._extract(fresh, position), 4)
        assert selby_text(kept.tree) == selby_text(forgotten)
        assert verify(reread(forgotten), "tree", answers, set(allowed), hard=hard, max_guesses=5).total == kept.total


@given(games(max_answers=12), st.booleans(), st.sampled_from([None, 3, 4]))
def test_a_memo_past_its_budget_keeps_the_same_results(game, hard, max_guesses):
    """A memo that must drop entries all the time (a budget of a few entries) proves the same totals and trees."""
    answers, allowed = game
    try:
        roomy = build(answers, allowed, hard=hard, max_guesses=max_guesses)
    except WordleError:
        return
    problem = Problem(Game("test", answers, allowed), hard=hard, max_guesses=max_guesses, cache_limit=600)
    tight = problem.build(problem.start())
    assert tight.total == roomy.total
    assert selby_text(tight.tree) == selby_text(roomy.tree)


def test_the_memo_drops_small_pools_first_and_is_never_cleared_whole():
    rng = random.Random(1)
    words = sorted({"".join(rng.choice("abcde") for _ in range(5)) for _ in range(400)})
    game = Game("test", words[:200], words[200:230])
    roomy = Problem(game).build(Problem(game).start())
    assert roomy.counters["memo evictions"] == 0 and roomy.counters["memo bytes"] > 3000
    problem = Problem(game, cache_limit=1500)
    result = problem.build(problem.start())
    assert result.counters["memo evictions"] > 0
    assert 0 < result.counters["memo bytes"] < 1500 + 1000  # the biggest pools (and what came since), never nothing
    assert result.total == roomy.total


def test_six_letter_words_use_a_wider_table():
    """3^6 codes do not fit a byte: the uint16 path gives the brute-force answer too."""
    rng = random.Random(6)
    words = sorted({"".join(rng.choice("abc") for _ in range(6)) for _ in range(30)})
    answers, allowed = words[:9], words[9:14]
    result = build(answers, allowed)
    assert result.total == naive_tree.best_total(answers, allowed)


# ---------------------------------------------------------------- formats


ISSUE_EXAMPLE = """\
salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4
                                BGYYB3 pygmy GGGGG4
"""


def test_selby_reads_the_blanked_form():
    tree_file = formats.read(ISSUE_EXAMPLE, "t")
    assert [leaf.answer for leaf in tree_file.leaves] == ["whiff", "pygmy"]
    assert [g for g, _ in tree_file.leaves[1].steps] == ["salet", "courd", "nymph", "pygmy"]
    assert tree_file.tree.stats().total == 8


def test_selby_reads_full_paths_too():
    full = "\n".join(
        ["salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4", "salet BBBBB1 courd BBBBB2 nymph BGYYB3 pygmy GGGGG4"]
    )
    assert selby_text(formats.read(full, "t").tree) == ISSUE_EXAMPLE


@given(games(max_answers=9))
def test_formats_round_trip(game):
    answers, allowed = game
    tree = build(answers, allowed).tree
    for fmt in formats.READABLE:
        back = reread(tree, fmt)
        assert back.format == fmt
        assert selby_text(back.tree) == selby_text(tree)
        assert back.tree.depths() == tree.depths()


def test_json_has_the_documented_shape():
    tree = Tree(Node("ab", {encode((2, 2)): None, encode((0, 1)): Node("bb", {encode((2, 2)): None})}), 2)
    out = io.StringIO()
    formats.write_json(tree, out, formats.json_summary(tree, proven=True))
    import json

    data = json.loads(out.getvalue())
    assert data["guess"] == "ab"
    assert data["map"] == {"BY": {"guess": "bb", "map": {"GG": None}}, "GG": None}
    assert (data["answers"], data["total"], data["worst"], data["proven"]) == (2, 3, 2, True)


def test_branch_order_is_b_g_y():
    codes = [encode(t) for t in [(1, 0), (2, 0), (0, 0), (0, 2), (0, 1)]]
    assert [formats.byg(c, 2) for c in formats.branch_order(codes, 2)] == ["BB", "BG", "BY", "GB", "YB"]


# ---------------------------------------------------------------- the verifier


ANSWERS = ["ab", "ba", "bb", "aa"]
GOOD = """\
ab GG1
   YY1 ba GG2
   BG1 bb GG2
   GB1 aa GG2
"""


def check(text, answers=ANSWERS, allowed=(), **rules):
    return verify(formats.read(text, "t"), "t", answers, set(allowed), **rules)


def test_a_valid_tree_verifies():
    stats = check(GOOD)
    assert (stats.answers, stats.total, stats.worst) == (4, 7, 2)


@pytest.mark.parametrize(
    "text, message",
    [
        (GOOD.replace("YY1 ba", "YB1 ba"), r"line 2: 'ab' gets YY against 'ba', not YB"),
        (GOOD.replace("   GB1 aa GG2\n", ""), r"1 answer never reached: 'aa'"),
        (GOOD + "   YY1 ba GG2\n", r"line 5: answer 'ba' appears twice"),
        (GOOD.replace("   GB1 aa GG2\n", "   GB1 aa BG2 bb GG3\n"), r"line 4: 'ab' gets BG against 'bb', not GB"),
        (GOOD.replace("BG1 bb GG2", "BG1 bb GG3"), r"line 3: 'GG3' should end with its turn, 2"),
        (GOOD.replace("   YY1", "  YY1"), r"line 2: its indentation does not end between tokens"),
        (GOOD.replace("ab GG1", "ab GG1 x"), r"line 1: expected pairs"),
        ("ab BG1 bb GG2\nba YY1 ba GG2\n", r"line 2: turn 1 guesses 'ba', but an earlier answer's path guesses 'ab'"),
        ("ab BG1 zz BB2 bb GG3\n", r"line 1: turn 2 guesses 'zz', which is not an allowed word"),
        ("zz BG1 bb GG2\n", r"line 1: 'zz' gets BB against 'bb', not BG"),  # a first guess may be any word (as --first)
        ("{\"guess\": \"ab\", \"map\": {\"GG\": 3}}", r"at ab GG: expected"),
        ("{\"guess\": \"ab\"", r"line 1: not valid JSON"),
        ("", r"the tree file is empty"),
    ],
)
def test_broken_trees_name_the_first_problem(text, message):
    with pytest.raises(TreeFileError, match=message):
        check(text)


def test_an_answer_outside_the_list_is_an_error():
    with pytest.raises(TreeFileError, match=r"line 4: 'aa' is not one of the 3 answers"):
        check(GOOD, answers=["ab", "ba", "bb"])


def test_too_deep_for_max_guesses():
    deep = "ab BG1 ba GB2 bb GG3\n   YY1 ba GG2\n   GG1\n   GB1 aa GG2\n"
    assert check(deep).worst == 3
    with pytest.raises(TreeFileError, match=r"line 1: 'bb' needs 3 guesses, more than --max-guesses 2"):
        check(deep, max_guesses=2)


def test_hard_mode_is_checked_on_every_guess():
    # After "ab" got BG ('b' green at 2), hard mode requires a 'b' there: "ba" breaks it.
    deep = "ab BG1 ba GB2 bb GG3\n   YY1 ba GG2\n   GG1\n   GB1 aa GG2\n"
    with pytest.raises(TreeFileError, match=r"line 1: turn 2 guesses 'ba', which breaks hard mode \(2nd letter must be B\)"):
        check(deep, hard=True)


# ---------------------------------------------------------------- the shipped lists (seconds)


@pytest.mark.slow
def test_top_k_ten_reaches_the_optimum_for_salet(shipped):
    from wordle_cli.model.game import load_lists

    answers, allowed = load_lists("wordle")
    problem = Problem(Game("wordle", answers.words, allowed.words), top_k=10, max_guesses=6)
    result = problem.build(problem.start(), "salet", threads=2)
    assert result.total == 7920  # Selby's proven optimum for salet; top-10 finds it
    stats = verify(reread(result.tree), "salet", answers.words, set(allowed.words), max_guesses=6)
    assert stats.total == 7920
