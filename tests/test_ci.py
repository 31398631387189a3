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
