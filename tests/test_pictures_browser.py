"""The HTML tree explorer in a real browser (issue 21): headless Chromium over the DevTools protocol.

Skipped where no Chromium is installed (`make test-browser` installs
Debian's and runs these), and a failure under CI, which installs it. Each test opens a page the tool wrote, checks the
DOM against the naive feedback rule, clicks and types as a person does, and
asserts the page logged no error.
"""

from __future__ import annotations

import io
import json

import browser
import pytest
from test_pictures import ODD_ALLOWED, ODD_ANSWERS, build, reference_depths
from test_tree_cli import ALLOWED, ANSWERS

from wordle_cli.pictures.html import write_html

CHROMIUM = browser.find()

# Skipped where no Chromium is installed, failed under CI (tests/conftest.py, NEEDS).
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chromium():
    with browser.Browser(CHROMIUM) as opened:
        yield opened


def page_of(tmp_path, answers, allowed, first=None, name="tree.html", **options):
    tree = build(answers, allowed, first)
    out = io.StringIO()
    write_html(tree, out, **options)
    path = tmp_path / name
    path.write_text(out.getvalue(), encoding="utf-8")
    return path.as_uri(), tree


def opened(chromium, url: str) -> None:
    """`url` loaded afresh (its script run again, even where only the #fragment differs), its errors alone kept."""
    chromium.open("about:blank")
    chromium.events.clear()
    chromium.open(url)


def visible(chromium, selector: str) -> list[bool]:
    return chromium.evaluate(f"[...document.querySelectorAll({json.dumps(selector)})].map(e => e.checkVisibility())")


def test_dom_holds_every_answer_and_the_totals(chromium, tmp_path):
    url, tree = page_of(tmp_path, ANSWERS, ALLOWED, "salet")
    opened(chromium, url)
    depths = reference_depths(tree, ANSWERS)
    leaves = chromium.evaluate("[...document.querySelectorAll('li[data-w]')].map(li => [li.dataset.w, +li.dataset.g])")
    assert sorted(map(tuple, leaves)) == sorted(depths.items())
    branches = chromium.evaluate(
        "[...document.querySelectorAll('details')].map(d => [+d.dataset.n, +d.dataset.t,"
        " [...d.querySelectorAll('li[data-w]')].map(li => li.dataset.w)])"
    )
    for n, total, inside in branches:
        assert (n, total) == (len(inside), sum(depths[a] for a in inside))
    assert chromium.evaluate("document.getElementById('total').textContent") == str(sum(depths.values()))
    assert chromium.evaluate("document.getElementById('answers').textContent") == str(len(ANSWERS))
    assert chromium.errors() == []


def test_clicking_a_summary_opens_its_branch(chromium, tmp_path):
    url, _ = page_of(tmp_path, ANSWERS, ALLOWED, "salet")
    opened(chromium, url)
    first = "main > details > ul > li > details"
    assert chromium.evaluate(f"document.querySelector('{first}').open") is False
    items = f"[...document.querySelector('{first}').querySelector(':scope > ul').children].map(e => e.checkVisibility())"
    assert not any(chromium.evaluate(items))
    chromium.click(f"{first} > summary")
    assert chromium.evaluate(f"document.querySelector('{first}').open") is True
    assert all(chromium.evaluate(items)) and len(chromium.evaluate(items)) > 1
    chromium.click(f"{first} > summary")
    assert chromium.evaluate(f"document.querySelector('{first}').open") is False
    assert chromium.errors() == []


def test_keyboard_opens_branches_and_finds_answers(chromium, tmp_path):
    url, tree = page_of(tmp_path, ANSWERS, ALLOWED, "salet")
    opened(chromium, url)
    first = "main > details > ul > li > details"
    chromium.evaluate(f"document.querySelector('{first} > summary').focus()")
    chromium.press("Enter")
    assert chromium.evaluate(f"document.querySelector('{first}').open") is True
    chromium.press(" ")
    assert chromium.evaluate(f"document.querySelector('{first}').open") is False
    # Find an answer deep in the tree: type it, press Enter; its path opens and it takes the focus.
    depths = reference_depths(tree, ANSWERS)
    deepest = max(ANSWERS, key=lambda a: (depths[a], a))
    chromium.evaluate("document.getElementById('q').focus()")
    chromium.type(deepest.upper() + " ")
    chromium.press("Enter")
    target = f"li[data-w='{deepest}']"
    assert visible(chromium, target) == [True]
    assert chromium.evaluate("document.activeElement.dataset.w") == deepest
    assert chromium.evaluate(f"document.querySelector(\"{target}\").classList.contains('hit')")
    message = chromium.evaluate("document.getElementById('msg').textContent")
    assert message.startswith(f"{deepest}: {tree.root.guess} → ") and message.endswith(f"{deepest} ({depths[deepest]} guesses)")
    assert message.count("→") == depths[deepest] - 1
    chromium.evaluate("document.getElementById('q').value = ''")
    chromium.evaluate("document.getElementById('q').focus()")
    chromium.type("zzzzz")
    chromium.press("Enter")
    assert chromium.evaluate("document.getElementById('msg').textContent") == "zzzzz is not an answer of this tree"
    assert chromium.errors() == []


def test_expand_and_collapse_all(chromium, tmp_path):
    url, _ = page_of(tmp_path, ANSWERS, ALLOWED, "salet")
    opened(chromium, url)
    chromium.click("#open-all")
    assert all(chromium.evaluate("[...document.querySelectorAll('details')].map(d => d.open)"))
    assert all(visible(chromium, "li[data-w]"))
    chromium.click("#close-all")
    assert chromium.evaluate("[...document.querySelectorAll('details')].map(d => d.open)") == [True] + [False] * (
        chromium.evaluate("document.querySelectorAll('details').length") - 1
    )
    assert chromium.errors() == []


def test_fragment_opens_an_answer_and_odd_symbols_survive(chromium, tmp_path):
    url, tree = page_of(tmp_path, ODD_ANSWERS, ODD_ALLOWED)
    depths = reference_depths(tree, ODD_ANSWERS)
    for answer in ODD_ANSWERS:
        opened(chromium, url + "#" + answer.replace("&", "%26").replace('"', "%22").replace("<", "%3C"))
        assert chromium.evaluate("document.activeElement.dataset.w") == answer
        assert chromium.evaluate("+document.activeElement.dataset.g") == depths[answer]
        assert chromium.errors() == []
    leaves = chromium.evaluate("[...document.querySelectorAll('li[data-w]')].map(li => li.dataset.w)")
    assert sorted(leaves) == sorted(ODD_ANSWERS)


def test_a_page_error_is_seen(chromium, tmp_path):
    # The error check itself can fail: a page that throws is caught.
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><title>bad</title><script>undefinedFunction()</script>", encoding="utf-8")
    opened(chromium, page.as_uri())
    assert any("undefinedFunction" in e for e in chromium.errors())


@pytest.mark.slow
def test_the_full_salet_tree(chromium, tmp_path, runner, shipped):
    from test_tree_cli import invoke

    page = tmp_path / "salet.html"
    result = invoke(runner, ["tree", "build", "-q", "--game", "wordle", "--first", "salet", "--format", "html", "-o", str(page)])
    assert result.exit_code == 0
    assert page.stat().st_size <= 2_000_000  # the budget for a full 2315-answer tree
    opened(chromium, page.as_uri())
    answers = [w.strip() for w in open(shipped["answers"], encoding="utf-8") if w.strip()]
    assert sorted(chromium.evaluate("[...document.querySelectorAll('li[data-w]')].map(li => li.dataset.w)")) == sorted(answers)
    assert chromium.evaluate("document.getElementById('total').textContent") == "7920"
    chromium.click("#open-all")
    assert all(visible(chromium, "li[data-w]"))
    assert chromium.errors() == []
