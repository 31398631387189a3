"""`--plot FILE` charts (issue 21): valid SVG, PNG and PDF files with the expected title and bars.

Needs matplotlib (the `plot` extra); skipped where it is not installed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import naive
import pytest
from test_tree_cli import ALLOWED, ANSWERS, invoke, one_line_error, write

pytest.importorskip("matplotlib", reason="charts need matplotlib: pip install 'wordle-cli[plot]'")

from wordle_cli.pictures import charts  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def svg_chart(path) -> tuple[str, list[str], int]:
    """(title, every text, bars) of an SVG chart; fails unless it is well-formed SVG."""
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg"
    title = root.find(SVG + "title").text
    bars = [g for g in root.iter(SVG + "g") if re.fullmatch(r"bar-\d+", g.get("id", ""))]
    assert [g.get("id") for g in bars] == [f"bar-{i}" for i in range(1, len(bars) + 1)]
    texts = [t.text for t in root.iter(SVG + "text")]
    return title, texts, len(bars)


def svg_values(path) -> list[str]:
    """The value printed on each bar, in bar order."""
    root = ET.parse(path).getroot()
    groups = {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id", "").startswith("value-")}
    return [groups[f"value-{i}"].find(f".//{SVG}text").text for i in range(1, len(groups) + 1)]


def png_chart(path) -> tuple[str, int]:
    """(title, bars seen) of a PNG chart: bars are runs of the bar colours along the best scan line.

    Gaps of up to 6 pixels (a hatch's lines) do not end a run; the gaps between bars are wider.
    """
    from PIL import Image

    with Image.open(path) as image:
        assert image.format == "PNG"
        title = image.info["Title"]
        pixels = image.convert("RGB")
        width, height = pixels.size
        data = pixels.load()
    colours = {(0x6A, 0xAA, 0x64), (0x78, 0x7C, 0x7E), (0xC9, 0xB4, 0x58)}

    def runs(points) -> int:
        count, gap = 0, None  # gap: pixels since the last bar pixel (None: before the first)
        for p in points:
            if data[p] in colours:
                count += gap is None or gap > 6
                gap = 0
            elif gap is not None:
                gap += 1
        return count

    across = max(runs([(x, y) for x in range(width)]) for y in range(height))
    down = max(runs([(x, y) for y in range(height)]) for x in range(width))
    return title, max(across, down)


@pytest.mark.parametrize("extension", ["svg", "png", "pdf"])
def test_histogram_files_by_extension(tmp_path, extension):
    counts = {1: 31, 2: 40, 3: 250, 4: 70, 5: 22}
    path = tmp_path / f"h.{extension}"
    charts.histogram(str(path), counts, title="five bars", xlabel="guesses", ylabel="answers", limit=4)
    if extension == "svg":
        title, texts, bars = svg_chart(path)
        assert title == "five bars" and bars == 5
        assert "five bars" in texts and svg_values(path) == [str(v) for v in counts.values()]
    elif extension == "png":
        assert png_chart(path) == ("five bars", 5)
    else:
        data = path.read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF") and b"(five bars)" in data


def test_same_chart_same_bytes_and_settings_left_alone(tmp_path):
    import matplotlib

    before = {key: matplotlib.rcParams[key] for key in ("svg.fonttype", "svg.hashsalt")}
    for name in ("a.svg", "b.svg"):
        charts.histogram(str(tmp_path / name), {1: 3, 2: 5}, title="t", xlabel="x", ylabel="y")
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert {key: matplotlib.rcParams[key] for key in before} == before


def test_ranking_bars_in_order_with_bounds_hatched(tmp_path):
    rows = [["cigar", "27", "2.25", "true", "3", "0.1"], ["rebut", "29", "2.41667", "true", "3", "0.1"],
            ["sissy", ">=30", ">=2.5", "cutoff", "", "0.1"], ["xylyl", "infeasible", "", "true", "", "0.1"]]
    path = tmp_path / "rank.svg"
    charts.rank_chart(str(path), rows)
    title, texts, bars = svg_chart(path)
    assert bars == 3 and title == "total guesses of the best 3 of 4 openers (hatched: at least)"
    assert svg_values(path) == ["27", "29", ">=30"]
    assert [t for t in texts if t in ("cigar", "rebut", "sissy")] == ["cigar", "rebut", "sissy"]
    png = tmp_path / "rank.png"
    charts.rank_chart(str(png), rows)
    assert png_chart(png)[1] == 3


def test_ranking_axis_says_when_it_does_not_start_at_zero(tmp_path):
    """Issue 29.16: an axis from 7916 made 7920's bar look half of 7926's: it must say where it starts."""
    rows = [["salet", "7920", "3.42", "true", "5", "1"], ["crate", "7926", "3.42", "true", "5", "1"]]
    path = tmp_path / "rank.svg"
    charts.rank_chart(str(path), rows)
    labels = [t for t in svg_chart(path)[1] if t and t.startswith("total guesses (")]
    assert len(labels) == 1
    match = re.fullmatch(r"total guesses \(the axis starts at (\d+), not at 0\)", labels[0])
    assert match and 0 < int(match[1]) < 7920
    charts.ranking(str(path), ["a", "b"], [0.25, 0.5], ["0.25", "0.5"], title="t", xlabel="probability")  # from zero
    assert "probability" in svg_chart(path)[1]


def test_bad_extension_is_a_usage_error():
    from wordle_cli.errors import UsageProblem

    for name in ("chart", "chart.jpg", "chart.svg.txt", "-"):
        with pytest.raises(UsageProblem, match=r"\.svg, \.png or \.pdf"):
            charts.check(name)


# ---------------------------------------------------------------- the commands


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


#: What every chart of these lists names first (issue 36, item 14: outputs that depend on the lists name them).
LISTS = f"nyt, answers answers.txt, allowed allowed.txt: {len(ANSWERS)} answers; "


def test_simulate_plot_histogram_with_mean_and_failure_rate(runner, lists, tmp_path):
    path = tmp_path / "sim.svg"
    result = invoke(runner, ["simulate", "-q", *lists, "--first", "salet", "--max-guesses", "3", "-o", str(tmp_path / "games.csv"),
                             "--plot", str(path)])
    assert result.exit_code == 0, result.stderr
    rows = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()[1:]
    guesses = [int(row.split(",")[1]) for row in rows]
    mean = sum(guesses) / len(guesses)
    failed = sum(1 for g in guesses if g > 3)
    title, texts, bars = svg_chart(path)
    assert title == f"{LISTS}salet: {len(ANSWERS)} games, mean {mean:.4f} guesses, failure rate {100 * failed / len(guesses):.2f}% (more than 3)"
    assert bars == max(guesses)  # one bar per number of guesses from 1 to the worst
    assert f"mean         {mean:.4f}" in result.stdout  # the chart tells what the table tells


def test_tree_build_and_show_plot_the_histogram(runner, lists, tmp_path):
    tree = tmp_path / "t.tree"
    built = invoke(runner, ["tree", "build", "-q", *lists, "--first", "salet", "-o", str(tree), "--plot", str(tmp_path / "b.png")])
    assert built.exit_code == 0
    shown = invoke(runner, ["tree", "show", *lists, str(tree), "--plot", str(tmp_path / "s.svg")])
    assert shown.exit_code == 0
    paths = [line.split() for line in tree.read_text(encoding="utf-8").splitlines()]
    depths = [int(p[-1][5:]) for p in paths]
    title, texts, bars = svg_chart(tmp_path / "s.svg")
    average = f"{sum(depths) / len(depths):.6g}"
    assert title == f"{LISTS}salet: {len(ANSWERS)} answers, total {sum(depths)}, average {average}, worst {max(depths)}"
    assert bars == max(depths)
    assert png_chart(tmp_path / "b.png") == (title, sum(1 for k in range(1, max(depths) + 1) if k in depths))


def test_infer_plot_the_likeliest_candidates(runner, lists, tmp_path):
    grids = tmp_path / "grids.txt"
    rows = "\n".join("".join("⬛🟨🟩"[t] for t in naive.feedback(g, "humph")) for g in ("roate", "humph"))
    grids.write_text(f"Wordle 3 2/6\n{rows}\n", encoding="utf-8")
    path = tmp_path / "p.svg"
    result = invoke(runner, ["infer", "-q", *lists, "--top", "3", str(grids), "--plot", str(path)])
    assert result.exit_code == 0, result.stderr
    table = [line.split() for line in result.stdout.splitlines()[3:6]]
    title, texts, bars = svg_chart(path)
    assert bars == 3 and title == f"{LISTS}puzzle 3: 1 grid; the 3 likeliest of {len(ANSWERS)} candidates"
    words = [row[1] for row in table]
    assert [t for t in texts if t in words] == words  # the likeliest on top, as in the table
    assert svg_values(path) == [row[4] for row in table]  # with the probabilities the table prints


def test_plot_into_a_missing_folder_is_one_line(runner, lists, tmp_path):
    line = one_line_error(invoke(runner, ["simulate", "-q", *lists, "--plot", str(tmp_path / "absent" / "x.svg")]), 1)
    assert "x.svg" in line


def test_simulate_boards_plot_counts_turns(runner, lists, tmp_path):
    path = tmp_path / "boards.svg"
    result = invoke(runner, ["simulate", "-q", *lists, "--boards", "2", "--sample", "12", "--max-guesses", "4",
                             "-o", str(tmp_path / "games.csv"), "--plot", str(path)])
    assert result.exit_code == 0, result.stderr
    turns = [int(row.split(",")[1]) for row in (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()[1:]]
    failed = sum(1 for t in turns if t > 4)
    title, texts, bars = svg_chart(path)
    assert title == f"{LISTS}2 boards: 12 games, mean {sum(turns) / 12:.4f} turns, failure rate {100 * failed / 12:.2f}% (more than 4)"
    assert bars == max(turns) - 1 and "turns" in texts  # a bar per number of turns from 2 (no game of 2 boards takes fewer)
