"""Reading pasted posts (wordle_cli/infer/posts.py): real-looking input, hand-checked expectations."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordle_cli.infer.posts import read_posts

A, C, E = 0, 1, 2

DARK = """Wordle 1,234 4/6*

⬛🟨⬛⬛⬛
⬛🟩🟨⬛⬛
🟨🟩⬛⬛🟨
🟩🟩🟩🟩🟩
"""

LIGHT = """Wordle 1,234 3/6

⬜⬜🟨⬜🟩
⬜🟩⬜🟩🟩
🟩🟩🟩🟩🟩
"""

COLOUR_BLIND = """Wordle 1234 2/6

🟦⬛⬛🟧⬛
🟧🟧🟧🟧🟧
"""

FAILED = """Wordle 1234 X/6

⬛⬛⬛⬛⬛
⬛⬛⬛⬛⬛
⬛⬛🟨⬛⬛
⬛🟩🟨⬛⬛
⬛🟩⬛🟩🟩
⬛🟩🟩🟩🟩
"""


def test_dark_light_and_colour_blind_squares():
    reading = read_posts("\n".join([DARK, LIGHT, COLOUR_BLIND]), 5)
    assert [g.rows for g in reading.grids] == [
        ((A, C, A, A, A), (A, E, C, A, A), (C, E, A, A, C), (E,) * 5),
        ((A, A, C, A, E), (A, E, A, E, E), (E,) * 5),
        ((C, A, A, E, A), (E,) * 5),
    ]
    assert [g.hard for g in reading.grids] == [True, False, False]
    assert [g.line for g in reading.grids] == [1, 8, 14]
    assert reading.day == 1234 and reading.hard == 1 and reading.failed == 0
    assert reading.stray == reading.duplicates == reading.wrong_length == []


def test_failed_games_are_kept_and_counted():
    reading = read_posts(FAILED + "\n" + LIGHT, 5)
    assert len(reading.grids) == 2 and reading.failed == 1
    assert reading.grids[0].score == "X" and not reading.grids[0].solved
    assert reading.score_mismatch == []


def test_stray_text_remarks_and_invisible_marks():
    text = (
        "Look at this one!\n"
        "Wordle 1.234 🎉 3/6*\n"
        "⬛️🟨️⬛️⬛️⬛️\n"  # variation selectors, as some phones paste them
        "⬛ 🟩 🟨 ⬛ ⬛   close one\n"  # spaced tiles and a remark after them
        "🟩🟩🟩🟩🟩🎉\n"
        "https://www.nytimes.com/games/wordle\n"
    )
    reading = read_posts(text, 5)
    assert [g.rows for g in reading.grids] == [((A, C, A, A, A), (A, E, C, A, A), (E,) * 5)]
    assert reading.grids[0].hard and reading.grids[0].day == 1234
    assert reading.stray == [1, 6]


def test_wrong_length_rows_set_the_grid_aside():
    text = "Wordle 1234 3/6\n⬛🟨⬛⬛⬛\n⬛🟩🟨⬛\n🟩🟩🟩🟩🟩\n\n" + LIGHT
    reading = read_posts(text, 5)
    assert reading.wrong_length == [1]
    assert len(reading.grids) == 1 and reading.grids[0].line == 6


def test_a_grid_posted_twice_counts_once():
    reading = read_posts(DARK + "\n" + LIGHT + "\nsame again:\n" + DARK, 5)
    assert len(reading.grids) == 2
    assert reading.duplicates == [15]
    assert reading.posts == 3


def test_the_same_rows_in_normal_and_hard_mode_are_two_grids():
    reading = read_posts(DARK + "\n" + DARK.replace("4/6*", "4/6"), 5)
    assert len(reading.grids) == 2 and reading.duplicates == []


def test_back_to_back_grids_split_after_the_winning_row_or_the_last_row():
    rows_only = "⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n"
    reading = read_posts(rows_only, 5)
    assert [len(g.rows) for g in reading.grids] == [2, 2]
    assert [g.line for g in reading.grids] == [1, 3]
    six_then_one = FAILED.rstrip("\n") + "\n🟩🟩🟩🟩🟩\n"  # a seventh row cannot belong to an X/6 grid
    reading = read_posts(six_then_one, 5)
    assert [len(g.rows) for g in reading.grids] == [6, 1]


def test_other_puzzles_are_set_aside_and_day_picks_one():
    text = DARK + "\n" + LIGHT + "\n" + LIGHT.replace("1,234", "1,233")
    reading = read_posts(text, 5)
    assert reading.day == 1234 and reading.other_days == [14] and len(reading.grids) == 2
    reading = read_posts(text, 5, day=1233)
    assert reading.day == 1233 and reading.other_days == [1, 8] and len(reading.grids) == 1


def test_headers_without_rows_and_scores_that_disagree():
    text = "Wordle 1234 4/6\n\nnothing here\n\nWordle 1234 2/6\n⬛🟨⬛⬛⬛\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n"
    reading = read_posts(text, 5)
    assert reading.empty_headers == [1]
    assert reading.score_mismatch == [5]
    assert len(reading.grids) == 1


def test_headers_of_other_games_and_grids_without_headers():
    text = "Wordle #512 3/6\n⬛🟨⬛⬛⬛\n🟨⬛⬛⬛⬛\n🟩🟩🟩🟩🟩\n\n⬛⬛⬛⬛🟨\n🟩🟩🟩🟩🟩\n"
    reading = read_posts(text, 5)
    assert [g.day for g in reading.grids] == [512, None]
    assert [g.line for g in reading.grids] == [1, 6]


@given(st.text(alphabet=st.sampled_from("⬛⬜🟨🟩🟧🟦🟫 \nWordle 12/6X*#,.ab🎉\ufe0f"), max_size=300))
def test_any_text_reads_without_error_and_every_grid_has_the_game_length(text):
    reading = read_posts(text, 5)
    for grid in reading.grids:
        assert grid.rows and all(len(row) == 5 and set(row) <= {A, C, E} for row in grid.rows)
    lines = text.splitlines()
    for number in reading.stray:
        assert lines[number - 1].strip()
