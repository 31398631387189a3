"""Shared fixtures: backends, shrunk tunables, the CLI runner, hypothesis profiles."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))  # `import naive` from any test

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"

# The game a command plays by default is the user's choice ($WORDLE_GAME); the tests (and the
# commands they run, which inherit this environment) must not depend on it: unset for the session.
# tests/test_cli.py sets it explicitly where the variable itself is tested.
os.environ.pop("WORDLE_GAME", None)
# Nor on the user's updated NYT history: an empty data folder (tests/test_history.py gives each test its own).
os.environ["WORDLE_DATA_DIR"] = os.path.join(tempfile.gettempdir(), f"wordle-cli-tests-{os.getpid()}-no-data")
os.environ.pop("WORDLE_HISTORY_URL", None)
# The prior: the suite's expectations are the uniform numbers (which the nyt default must not change), and
# a default of nyt would make them move with the calendar. Tests of the default rule unset WORDLE_PRIOR.
os.environ["WORDLE_PRIOR"] = "uniform"
os.environ["WORDLE_DATE"] = "2026-06-01"  # the puzzle --prior nyt is for where a test leaves --date out
# A command that compiles a kernel says so on stderr (compiled.Notice). The suite's output checks must not depend on
# what numba's cache holds, so its commands say nothing; tests/test_kernel_build.py checks instead that after the
# build the commands compile nothing, and tests/test_first_run.py turns the notice back on where it is the point.
os.environ["WORDLE_COMPILE_NOTICE"] = "0"

# numba compiles on a kernel's first call, so no per-example deadline. The
# default profile keeps the suite quick; HYPOTHESIS_PROFILE=thorough digs deeper.
# Function-scoped fixtures (monkeypatch) only set constants, safe to share across examples.
settings.register_profile(
    "wordle",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "wordle"))


#: What the suite says before it compiles the kernels (one line): what, why, and for how long.
BUILDING = ("kernels: compiling the package's numba kernels for the test workers (`wordle kernels build`: {n} small "
            "commands; 1-2 min on 2 idle cores, only after a change to the sources; WORDLE_TEST_WARMUP=0 skips it)")


def pytest_sessionstart(session):
    """Before xdist starts its workers: the kernels built, if the install's build is not for these sources.

    After the install (or the last run) this is a check of the sources' digest
    (`kernel_build.built`); after an edit it compiles what changed, once, rather
    than in every worker and subprocess that first calls a kernel."""
    if hasattr(session.config, "workerinput") or session.config.option.collectonly:
        return
    if os.environ.get("WORDLE_TEST_WARMUP") == "0":
        return
    from wordle_cli import kernel_build

    if kernel_build.built():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    say = reporter.write_line if reporter is not None else print
    say(BUILDING.format(n=len(kernel_build.WORKLOADS)))
    report = kernel_build.build()
    say(f"kernels: {report.compiled} functions compiled in {report.wall_seconds:.0f} s"
        + (f"; failed: {'; '.join(report.failed)}" if report.failed else ""))


#: Tests that need a program the machine may lack: marker -> (the program, how to find it). Where it is missing they
#: skip, except under CI (CI=true, which .ci/run sets and where it installs both): there a skip would leave the
#: HTML explorer or the CUDA source untested on every commit, so they fail.
def _chromium() -> str | None:
    import browser

    return browser.find()


NEEDS = {
    "browser": ("Chromium", _chromium),
    "emulated": ("g++", lambda: shutil.which("g++")),
}


def missing_program(markers: set[str], ci: bool) -> tuple[str, str] | None:
    """("skip" or "fail", why) for a test with these markers whose program is not installed; None when all are."""
    for marker, (program, find) in NEEDS.items():
        if marker in markers and find() is None:
            if ci:
                return "fail", f"{program} is not installed, and CI must run the {marker} tests (.ci/run installs it)"
            return "skip", f"{program} is not installed"
    return None


def pytest_runtest_setup(item):
    missing = missing_program({mark.name for mark in item.iter_markers()}, os.environ.get("CI") == "true")
    if missing is not None:
        action, why = missing
        if action == "fail":
            pytest.fail(why, pytrace=False)
        pytest.skip(why)


def _gpu_visible() -> tuple[bool, str]:
    from wordle_cli import backends

    return backends.cuda_status()


def pytest_collection_modifyitems(config, items):
    """Skip every `gpu`-marked test where no usable GPU is visible."""
    if not any(item.get_closest_marker("gpu") for item in items):
        return
    ok, reason = _gpu_visible()
    if ok:
        return
    skip = pytest.mark.skip(reason=f"no CUDA GPU: {reason}")
    for item in items:
        if item.get_closest_marker("gpu"):
            item.add_marker(skip)


@pytest.fixture(scope="session", params=["cpu", pytest.param("cuda", marks=pytest.mark.gpu)])
def backend(request) -> str:
    """The name of a concrete backend; every backend-aware test runs on each."""
    if request.param == "cuda":
        ok, reason = _gpu_visible()
        if not ok:
            pytest.skip(f"no CUDA GPU: {reason}")
    return request.param


@pytest.fixture
def small_chunk(monkeypatch):
    """Shrink the kernels' tunables so tiny lists span several chunks/blocks."""
    from wordle_cli import config

    monkeypatch.setattr(config, "CPU_ANSWER_CHUNK", 7)
    return 7


@pytest.fixture
def keep_numba_threads():
    """Restore numba's thread count after a test that runs `--threads N` in-process."""
    import numba

    before = numba.get_num_threads()
    yield
    numba.set_num_threads(before)


@pytest.fixture
def runner(tmp_path, monkeypatch):
    """click's CliRunner with stdout and stderr apart, inside an empty directory, on an 80-column terminal.

    COLUMNS=80, whatever the tester's terminal: `solve --boards` and `play --boards` choose their layout by the width.
    """
    from click.testing import CliRunner

    monkeypatch.delenv("WORDLE_BACKEND", raising=False)
    monkeypatch.setenv("COLUMNS", "80")
    try:
        cli_runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        cli_runner = CliRunner()  # click >= 8.2 keeps stderr apart already
    # A fresh working folder, as CliRunner.isolated_filesystem gave (deprecated in newer click).
    folder = tmp_path / "cwd"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return cli_runner


@pytest.fixture(scope="session")
def shipped():
    """Paths of the shipped lists in the checkout."""
    return {
        "answers": str(WORDLISTS / "wordle-answers.txt"),
        "allowed": str(WORDLISTS / "wordle-allowed.txt"),
    }
