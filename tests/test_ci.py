"""What CI runs: a test whose program is missing skips on a workstation and fails under CI (tests/conftest.py)."""

from __future__ import annotations

import conftest
import pytest


@pytest.fixture
def nothing_installed(monkeypatch):
    monkeypatch.setattr(conftest, "NEEDS", {marker: (program, lambda: None) for marker, (program, _) in conftest.NEEDS.items()})


@pytest.mark.parametrize("marker, program", [("browser", "Chromium"), ("emulated", "g++")])
def test_a_missing_program_skips_here_and_fails_under_ci(nothing_installed, marker, program):
    assert conftest.missing_program({marker, "slow"}, ci=False) == ("skip", f"{program} is not installed")
    action, why = conftest.missing_program({marker}, ci=True)
    assert action == "fail" and why.startswith(f"{program} is not installed, and CI must run the {marker} tests")


def test_tests_needing_nothing_run_anywhere(nothing_installed):
    assert conftest.missing_program({"slow", "gpu"}, ci=True) is None


def test_ci_sets_ci_and_installs_both_programs():
    from pathlib import Path

    script = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "export CI=true" in script and "apt-get install -y chromium g++" in script


def quick_start() -> list[str]:
    """The commands of the README's Quick start (its first sh block), comments left out."""
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [re.sub(r"\s+#.*$", "", line).strip() for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readmes_quick_start_exactly():
    """Issue 49, item 19: the Quick start shows a player `wordle play` second; line 1 installs (no test extras) and
    runs the main job on the shipped lists, the last line installs the test extras and runs the tests. CI runs
    the same lines, in order (line 2 without a terminal)."""
    from pathlib import Path

    install, play, tests = quick_start()
    assert install == "python3 -m pip install -e . && wordle score wordlists/wordle-allowed.txt wordlists/wordle-answers.txt scores.csv"
    assert play == "wordle play"
    assert tests == "python3 -m pip install -e '.[test]' && python3 -m pytest"
    script = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    ci = [line.strip() for line in script.splitlines()]
    assert ci.index(install) < ci.index(f"{play} < /dev/null") < ci.index(tests)
