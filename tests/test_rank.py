"""`wordle tree rank` (issue 10): exact values against brute force, and real Dask clusters with faults.

The cluster tests start a real `dask scheduler` and two `dask worker`
processes on 127.0.0.1. A preload module (written by the test) wraps each
worker's `evaluate_opener`: it sleeps a little, so that a kill lands
mid-run, and logs every opener it finishes, so that the test can tell what
was computed when.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import naive_tree
import pytest
from children import default_signals
from clitools import write
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_cli.errors import WordleError
from wordle_cli.model.game import Game
from wordle_cli.trees import rank

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "zzzzz", "eerie", "qajaq", "lints", "chump", "salet", "bumph"]
OPENERS = ALLOWED + [a for a in ANSWERS if a not in ALLOWED]

PRELOAD = '''
import os, time
from wordle_cli.trees import rank
_real = getattr(rank, "_unwrapped_evaluate_opener", rank.evaluate_opener)  # Dask may load a preload twice
rank._unwrapped_evaluate_opener = _real
def _slow(inputs, opener, bound):
    time.sleep(float(os.environ["WORDLE_TEST_DELAY"]))
    outcome = _real(inputs, opener, bound)
    with open(os.environ["WORDLE_TEST_LOG"], "a") as log:
        log.write(opener + "\\n")
    return outcome
rank.evaluate_opener = _slow
'''


def reference_rows(options: rank.RankOptions, answers=ANSWERS, allowed=ALLOWED) -> list[list[str]]:
    """The serial reference's CSV rows without the seconds column."""
    inputs = rank.make_inputs(Game("t", answers, allowed), options, "cpu")
    outcomes = rank.rank_serially(inputs, rank.promising_first(inputs, inputs.allowed))
    return [row[:5] for row in rank.final_rows(outcomes, options, len(answers))]


def csv_rows(path: Path) -> list[list[str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == rank.CSV_HEADER
    return [line.split(",")[:5] for line in lines[1:]]


# ---------------------------------------------------------------- the values, against brute force


@st.composite
def games(draw):
    length = draw(st.integers(1, 3))
    symbols = "abcd"[: draw(st.integers(2, 4))]
    word = st.text(alphabet=symbols, min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=7, unique=True))
    allowed = draw(st.lists(word, min_size=0, max_size=6, unique=True))
    return answers, allowed


@given(games(), st.booleans(), st.sampled_from([None, 3, 6]), st.data())
@settings(max_examples=60, deadline=None)
def test_each_opener_gets_its_brute_force_total(game, hard, max_guesses, data):
    answers, allowed = game
    options = rank.RankOptions(hard=hard, max_guesses=max_guesses)
    inputs = rank.make_inputs(Game("t", answers, allowed), options, "cpu")
    truth = {w: naive_tree.best_total(answers, allowed, hard=hard, max_guesses=max_guesses, first=w) for w in inputs.allowed}
    cutoff = data.draw(st.one_of(st.none(), st.integers(1, 3 * len(answers) + 2)), label="cutoff")
    for opener in inputs.allowed:
        outcome = rank.evaluate_opener(inputs, opener, cutoff)
        if truth[opener] == naive_tree.INF:
            assert outcome.kind in (rank.INFEASIBLE, rank.CUTOFF)
        elif cutoff is not None and truth[opener] >= cutoff:
            assert outcome.kind == rank.CUTOFF and cutoff <= outcome.value <= truth[opener]
        else:
            assert (outcome.kind, outcome.value) == (rank.EXACT, truth[opener]), opener


@given(games(), st.booleans(), st.sampled_from([None, 2, 6]))
@settings(max_examples=40, deadline=None)
def test_exact_proves_every_opener_as_brute_force_does(game, hard, max_guesses):
    """--exact: every row is its opener's own optimum (proven true), whatever the order and bounds."""
    answers, allowed = game
    options = rank.RankOptions(hard=hard, max_guesses=max_guesses, exact=True)
    inputs = rank.make_inputs(Game("t", answers, allowed), options, "cpu")
    rows = rank.final_rows(rank.rank_serially(inputs, rank.promising_first(inputs, inputs.allowed)), options, len(answers))
    assert sorted(row[0] for row in rows) == sorted(inputs.allowed)
    for opener, total, _, proven, worst, _ in rows:
        truth = naive_tree.best_total(answers, allowed, hard=hard, max_guesses=max_guesses, first=opener)
        assert proven == "true"
        assert total == ("infeasible" if truth == naive_tree.INF else str(truth)), opener
        assert worst == "" if truth == naive_tree.INF else 1 <= int(worst) <= (max_guesses or len(answers) + 1)
    keys = [(row[1] == "infeasible", int(row[1]) if row[1] != "infeasible" else 0, row[0]) for row in rows]
    assert keys == sorted(keys)


def test_exact_takes_no_bound():
    assert rank.bound_for(rank.RankOptions(exact=True), 7920) is None
    assert rank.bound_for(rank.RankOptions(), 7920) == 7921
    assert rank.digest(ANSWERS, ALLOWED, rank.RankOptions(exact=True)) != rank.digest(ANSWERS, ALLOWED, rank.RankOptions())


def test_final_rows_cutoff_and_moving_bound():
    truth = {w: naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=6, first=w) for w in OPENERS}
    best = min(truth.values())
    moving = reference_rows(rank.RankOptions())
    assert [row[0] for row in moving if row[3] == "true"] == sorted(w for w in OPENERS if truth[w] == best)
    assert all(row[1] == f">={best + 1}" and row[3] == "cutoff" for row in moving if row[3] != "true")
    cutoff = sorted(truth.values())[len(truth) // 2]
    rows = reference_rows(rank.RankOptions(cutoff=cutoff))
    for row in rows:
        if truth[row[0]] < cutoff:
            assert row[1] == str(truth[row[0]]) and row[3] == "true"
        else:
            assert row[1] == f">={cutoff}" and row[3] == "cutoff"
    keys = [(int(row[1].lstrip(">=")), row[3] == "cutoff", row[0]) for row in rows]
    assert keys == sorted(keys)  # best first, exact before cut at the same total, then by opener


def test_top_k_rows_are_upper_bounds():
    truth = {w: naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=6, first=w) for w in OPENERS}
    for row in reference_rows(rank.RankOptions(top_k=1)):
        assert row[3] == "false" and int(row[1]) >= truth[row[0]]


# ---------------------------------------------------------------- the checkpoint


def test_checkpoint_round_trip_and_refusals(tmp_path):
    path = str(tmp_path / "c")
    with rank.Checkpoint(path, "k1") as saved:
        assert saved.load() == {}
        saved.open()
        one = rank.Outcome("sal,et", rank.EXACT, 7920, 5, 1.5)
        two = rank.Outcome("adieu", rank.CUTOFF, 8151, 0, 0.5)
        saved.append(one)
        saved.append(two)
    assert load(path, "k1") == {"sal,et": one, "adieu": two}
    with pytest.raises(WordleError, match="other word lists or options"):
        load(path, "k2")
    # A crash mid-line: the cut-short line is dropped, and overwritten by the next append.
    with open(path, "ab") as f:
        f.write(b"crate,exa")
    with rank.Checkpoint(path, "k1") as again:
        assert set(again.load()) == {"sal,et", "adieu"}
        again.open()
        again.append(rank.Outcome("crate", rank.EXACT, 7926, 6, 2.0))
    assert set(load(path, "k1")) == {"sal,et", "adieu", "crate"}
    other = tmp_path / "other.txt"
    other.write_text("hello\nworld\n")
    with pytest.raises(WordleError, match="not a wordle tree rank checkpoint"):
        load(str(other), "k1")


def load(path: str, key: str, check=None) -> dict:
    with rank.Checkpoint(path, key, check) as saved:
        return saved.load()


HEADER = b"# wordle tree rank checkpoint v1 key=k\n"
NEWLINE = b"\n"


def test_a_header_cut_short_is_a_fresh_checkpoint(tmp_path):
    """Issue 23.9: a crash inside the header line must not leave a file every later run refuses."""
    path = tmp_path / "c"
    path.write_bytes(HEADER[:20])
    with rank.Checkpoint(str(path), "k") as saved:
        assert saved.load() == {}
        saved.open()
        saved.append(rank.Outcome("crate", rank.EXACT, 7926, 6, 2.0))
    assert path.read_bytes() == HEADER + b"crate,exact,7926,6,2.0\n"
    assert set(load(str(path), "k")) == {"crate"}
    path.write_bytes(b"# wordle tree rank nonsense")  # no newline, and not the header's start: not ours
    with pytest.raises(WordleError, match="not a wordle tree rank checkpoint"):
        load(str(path), "k")


@pytest.mark.parametrize(
    "line, why",
    [
        (b"crate,exact,7926,6,2.0\r,x", "not opener,kind"),  # issue 23.2: a carriage return
        (b"cr\xffate,exact,7926,6,2.0", "not opener,kind"),  # issue 23.10: not UTF-8
        (b"crate,exact,-5,4,0.1", "impossible total"),  # issue 23.11: values are checked
        (b"crate,exact,7926,0,0.1", "impossible total or worst"),
        (b"crate,cutoff,7,0,0.1", "impossible bound"),
        (b"crate,exact,7926,6,-1", "impossible seconds"),
        (b"crate,exact,7926,6,nan", "impossible seconds"),
        (b"zzzzq,exact,7926,6,1", "not an allowed guess"),
        (b"crate,upper,7926,6,1", "not a result of these options"),
        (b"crate,exact," + b"9" * 5000 + b",6,1", "too long"),
        (b"crate,exact,7926,6,2.0\ncrate,exact,7927,6,2.0", "already given another result"),
    ],
)
def test_a_damaged_line_is_refused_and_the_file_kept(tmp_path, line, why):
    path = tmp_path / "c"
    content = HEADER + b"salet,exact,7920,5,1.0\n" + line + b"\nslate,exact,7928,5,1.0\n"
    path.write_bytes(content)
    inputs = rank.RankInputs(["a"] * 2315, ["salet", "crate", "slate"], rank.RankOptions(), None, "k")
    with pytest.raises(WordleError) as error:
        load(str(path), "k", rank.outcome_check(inputs))
    message = str(error.value)
    number = 3 + line.count(NEWLINE)
    assert f"line {number}:" in message and why in message and "\n" not in message and len(message) < 200
    assert path.read_bytes() == content  # nothing truncated, nothing padded


def test_checked_values_follow_the_options():
    answers = ["a"] * 10
    exact = rank.outcome_check(rank.RankInputs(answers, ["w"], rank.RankOptions(exact=True), None, "k"))
    cut = rank.outcome_check(rank.RankInputs(answers, ["w"], rank.RankOptions(cutoff=25), None, "k"))
    assert exact(rank.Outcome("w", rank.EXACT, 20, 2, 0.0)) is None  # 2n: the least any tree opening with a non-answer needs
    assert exact(rank.Outcome("w", rank.EXACT, 19, 2, 0.0)) is not None
    assert exact(rank.Outcome("w", rank.EXACT, 60, 6, 0.0)) is None  # n x 6 guesses: the most
    assert exact(rank.Outcome("w", rank.EXACT, 61, 6, 0.0)) is not None
    assert exact(rank.Outcome("w", rank.CUTOFF, 30, 0, 0.0)) is not None  # --exact cuts nothing
    assert exact(rank.Outcome("w", rank.INFEASIBLE, rank.search.INF, 0, 0.0)) is None
    assert cut(rank.Outcome("w", rank.CUTOFF, 25, 0, 0.0)) is None
    assert cut(rank.Outcome("w", rank.CUTOFF, 24, 0, 0.0)) is not None  # below the cutoff it proved
    assert cut(rank.Outcome("w", rank.EXACT, 25, 3, 0.0)) is not None  # exact at the cutoff: would have been cut


TEN = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


@pytest.mark.parametrize("opener, least", [("salet", 20), ("cigar", 19)])
@pytest.mark.parametrize("kind", [rank.EXACT, rank.UPPER])
def test_a_total_below_the_least_possible_is_refused(tmp_path, opener, least, kind):
    """Issue 29 item 3: with n answers every tree needs 2n guesses, 2n - 1 when the opener is one of them
    (it finds one answer at once; every other answer takes at least a second guess)."""
    options = rank.RankOptions(top_k=3) if kind == rank.UPPER else rank.RankOptions()
    inputs = rank.RankInputs(TEN, ["salet", *TEN], options, None, "k")
    check = rank.outcome_check(inputs)
    assert check(rank.Outcome(opener, kind, least, 3, 0.0)) is None
    assert "impossible total" in check(rank.Outcome(opener, kind, least - 1, 3, 0.0))
    path = tmp_path / "c"
    path.write_bytes(HEADER + f"{opener},{kind},{least - 1},3,0.5\n".encode())
    with pytest.raises(WordleError, match=f"line 2: damaged \\('{opener}': impossible total"):
        load(str(path), "k", check)


def test_a_checkpoint_in_use_is_refused_in_one_line(tmp_path):
    """Issue 23.12: two runs on one checkpoint: the second refuses it (fcntl.flock), nothing is written twice."""
    path = str(tmp_path / "c")
    with rank.Checkpoint(path, "k") as first:
        first.load()
        first.open()
        with pytest.raises(WordleError, match=r"c is in use by another wordle tree rank; wait for it"):
            load(path, "k")
        first.append(rank.Outcome("crate", rank.EXACT, 7926, 6, 2.0))
    assert set(load(path, "k")) == {"crate"}  # released on close


def test_an_unused_new_checkpoint_leaves_no_file(tmp_path):
    path = tmp_path / "c"
    assert load(str(path), "k") == {}
    assert not path.exists()


def test_checkpoint_is_read_line_by_line_in_bounded_memory(tmp_path):
    """Issue 23.13: a 2 MiB checkpoint (one opener's line again and again) is read without holding it."""
    import tracemalloc

    path = tmp_path / "c"
    line = b"salet,exact,7920,5,1.0\n"
    with open(path, "wb") as f:
        f.write(HEADER)
        f.write(line * ((2 << 20) // len(line)))
    inputs = rank.RankInputs(["a"] * 2315, ["salet"], rank.RankOptions(), None, "k")
    tracemalloc.start()
    try:
        done = load(str(path), "k", rank.outcome_check(inputs))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert set(done) == {"salet"}
    assert peak < 1 << 20  # the file is 2 MiB


def test_digest_changes_with_lists_and_options():
    base = rank.digest(ANSWERS, ALLOWED, rank.RankOptions())
    assert base == rank.digest(list(ANSWERS), list(ALLOWED), rank.RankOptions())
    assert base != rank.digest(ANSWERS[:-1], ALLOWED, rank.RankOptions())
    assert base != rank.digest(ANSWERS, ALLOWED + ["zzzzz"], rank.RankOptions())
    for changed in (rank.RankOptions(hard=True), rank.RankOptions(max_guesses=5), rank.RankOptions(cutoff=9), rank.RankOptions(top_k=3)):
        assert rank.digest(ANSWERS, ALLOWED, changed) != base


def test_checkpoint_must_be_a_regular_file_of_at_most_16_mib(tmp_path):
    """An endless or huge file is refused, not read."""
    with pytest.raises(WordleError, match="/dev/zero: not a regular file, so not a checkpoint"):
        load("/dev/zero", "k")
    with pytest.raises(WordleError, match="is a directory, not a checkpoint"):
        load(str(tmp_path), "k")
    big = tmp_path / "big"
    with open(big, "wb") as f:
        f.truncate((16 << 20) + 1)
    with pytest.raises(WordleError, match="big: larger than 16 MiB, so not a checkpoint"):
        load(str(big), "k")


def test_a_fifo_checkpoint_is_refused_naming_it(tmp_path):
    """Issue 29.11: it said "File or stream is not seekable", naming nothing."""
    fifo = tmp_path / "c.fifo"
    os.mkfifo(fifo)
    with pytest.raises(WordleError) as error:
        load(str(fifo), "k")
    assert str(error.value) == f"{fifo}: not a regular file, so not a checkpoint"


def test_a_crlf_checkpoint_reads_as_its_lines_say(tmp_path):
    """Issue 29.11: a checkpoint copied through Windows was refused as "made with other word lists or options"."""
    path = tmp_path / "c"
    lines = [HEADER, b"salet,exact,7920,5,1.0\n", b"crate,cutoff,7951,0,0.5\n"]
    path.write_bytes(b"".join(line.replace(b"\n", b"\r\n") for line in lines))
    inputs = rank.RankInputs(["a"] * 2315, ["salet", "crate", "slate"], rank.RankOptions(cutoff=7951), None, "k")
    check = rank.outcome_check(inputs)
    expected = {"salet": rank.Outcome("salet", rank.EXACT, 7920, 5, 1.0), "crate": rank.Outcome("crate", rank.CUTOFF, 7951, 0, 0.5)}
    with rank.Checkpoint(str(path), "k", check) as saved:
        assert saved.load() == expected
        saved.open()
        saved.append(rank.Outcome("slate", rank.EXACT, 7928, 5, 1.0))
    assert path.read_bytes().endswith(b"0.5\r\nslate,exact,7928,5,1.0\n")  # appended, nothing cut
    assert set(load(str(path), "k", check)) == {"salet", "crate", "slate"}
    path.write_bytes(HEADER.replace(b"key=k", b"key=j").replace(b"\n", b"\r\n"))
    with pytest.raises(WordleError, match="other word lists or options"):  # still told apart
        load(str(path), "k")


# ---------------------------------------------------------------- the command, on real clusters


@pytest.fixture
def lists(tmp_path):
    return ["--answers", write(tmp_path / "answers.txt", ANSWERS), "--allowed", write(tmp_path / "allowed.txt", ALLOWED)]


def wordle(*args: str, env=None, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "wordle_cli", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs
    )


def finish(proc: subprocess.Popen, timeout: float = 240) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


class DaskProcesses:
    """A scheduler and workers as separate processes; everything is killed at the end."""

    def __init__(self, tmp_path: Path, workers: int, delay: float):
        self.log = tmp_path / "evaluated.log"
        self.log.touch()
        preload = tmp_path / "slow_preload.py"
        preload.write_text(PRELOAD, encoding="utf-8")
        self.env = {**os.environ, "WORDLE_TEST_LOG": str(self.log), "WORDLE_TEST_DELAY": str(delay)}
        self.procs: list[subprocess.Popen] = []
        scheduler_file = tmp_path / "scheduler.json"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": self.env, "start_new_session": True}
        self.procs.append(subprocess.Popen(
            [sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(scheduler_file)], **quiet))
        self.address = self._address(scheduler_file)
        self.workers = [
            subprocess.Popen(
                [sys.executable, "-m", "dask", "worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1",
                 "--no-nanny", "--no-dashboard", "--host", "127.0.0.1", "--preload", str(preload), "--death-timeout", "60"],
                **quiet)
            for _ in range(workers)
        ]
        self.procs += self.workers
        from distributed import Client

        with Client(self.address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=120)

    def _address(self, scheduler_file: Path) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                return json.loads(scheduler_file.read_text())["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.1)
        raise AssertionError("the dask scheduler did not start")

    def evaluated(self) -> list[str]:
        return self.log.read_text().split()

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


@pytest.fixture
def dask_processes(tmp_path):
    started = DaskProcesses(tmp_path, workers=2, delay=0.4)
    try:
        yield started
    finally:
        started.close()


def wait_until(condition, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def test_cluster_local_and_serial_agree(lists, tmp_path, dask_processes):
    expected = reference_rows(rank.RankOptions(cutoff=31))
    on_cluster = tmp_path / "cluster.csv"
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--cutoff", "31", "--cluster", dask_processes.address,
                                 "-o", str(on_cluster), env=dask_processes.env))
    assert code == 0, err
    assert csv_rows(on_cluster) == expected
    assert sorted(dask_processes.evaluated()) == sorted(OPENERS)  # each opener once, on the workers
    local = tmp_path / "local.csv"
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--cutoff", "31", "--workers", "2", "-o", str(local)))
    assert code == 0 and err == "", err  # -q: nothing on stderr
    assert csv_rows(local) == expected
    # The checkpoint beside OUTPUT holds every opener once.
    lines = Path(str(local) + ".checkpoint").read_text().splitlines()
    assert lines[0].startswith("# wordle tree rank checkpoint") and sorted(line.split(",")[0] for line in lines[1:]) == sorted(OPENERS)


def test_a_killed_worker_loses_nothing(lists, tmp_path, dask_processes):
    out = tmp_path / "rank.csv"
    run = wordle("tree", "rank", *lists, "-q", "--cluster", dask_processes.address, "-o", str(out), env=dask_processes.env)
    wait_until(lambda: len(dask_processes.evaluated()) >= 3)
    victim = dask_processes.workers[0]
    os.killpg(victim.pid, signal.SIGKILL)
    code, _, err = finish(run)
    assert code == 0, err
    assert len(dask_processes.evaluated()) < len(OPENERS) + 2  # at most the killed worker's tasks ran again
    assert csv_rows(out) == reference_rows(rank.RankOptions())


def test_a_killed_client_resumes_from_its_checkpoint(lists, tmp_path, dask_processes):
    out = tmp_path / "rank.csv"
    checkpoint = tmp_path / "rank.ckpt"
    args = ["tree", "rank", *lists, "-q", "--cluster", dask_processes.address, "-o", str(out), "--checkpoint", str(checkpoint)]
    first = wordle(*args, env=dask_processes.env)
    wait_until(lambda: checkpoint.exists() and len(checkpoint.read_text().splitlines()) >= 4)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert not out.exists()
    finished = {line.split(",")[0] for line in checkpoint.read_text().splitlines()[1:]}
    assert 3 <= len(finished) < len(OPENERS)
    time.sleep(1.5)  # tasks still running for the dead client end (or are released) first
    before = len(dask_processes.evaluated())
    code, _, err = finish(wordle(*args, env=dask_processes.env))
    assert code == 0, err
    again = dask_processes.evaluated()[before:]
    assert not finished & set(again)  # nothing finished was computed twice
    assert csv_rows(out) == reference_rows(rank.RankOptions())
    openers = [line.split(",")[0] for line in checkpoint.read_text().splitlines()[1:]]
    assert sorted(openers) == sorted(OPENERS)  # each once


def test_ctrl_c_keeps_the_checkpoint(lists, tmp_path, dask_processes):
    out = tmp_path / "rank.csv"
    checkpoint = Path(str(out) + ".checkpoint")
    args = ["tree", "rank", *lists, "--cluster", dask_processes.address, "-o", str(out)]
    run = wordle(*args, env=dask_processes.env, preexec_fn=default_signals())  # SIGINT not ignored, whatever the runner's
    wait_until(lambda: checkpoint.exists() and len(checkpoint.read_text().splitlines()) >= 3)
    run.send_signal(signal.SIGINT)
    code, _, err = finish(run)
    assert code == 130, err
    assert "Traceback" not in err and "run the same command again" in err
    assert not out.exists()
    kept = checkpoint.read_text().splitlines()
    assert 3 <= len(kept) <= len(OPENERS)
    code, _, err = finish(wordle(*args, env=dask_processes.env))
    assert code == 0, err
    assert csv_rows(out) == reference_rows(rank.RankOptions())


def test_exact_on_local_clusters_is_the_same_whatever_the_workers_and_resumes(lists, tmp_path):
    truth = {w: naive_tree.best_total(ANSWERS, ALLOWED, max_guesses=6, first=w) for w in OPENERS}
    out = tmp_path / "exact.csv"
    # Issue 42: --threads N is what numba runs in each worker (the worker says so itself), and the summary names each
    # worker's peak resident memory: at least numba's own import (~90 MiB), far below a GiB here.
    code, _, err = finish(wordle("tree", "rank", *lists, "--exact", "--workers", "1", "--threads", "2", "-o", str(out)))
    assert code == 0, err
    line = re.search(r"^1 worker, 2 numba threads each; peak memory \(MiB\): (\d+)$", err, re.M)
    assert line and 50 < int(line.group(1)) < 1024, err
    one = csv_rows(out)
    assert {row[0]: (row[1], row[3]) for row in one} == {w: (str(t), "true") for w, t in truth.items()}
    # Two workers, resumed from a checkpoint holding four openers: the same rows.
    checkpoint = Path(str(out) + ".checkpoint")
    kept = checkpoint.read_text().splitlines()[:5]
    checkpoint.write_text("".join(line + "\n" for line in kept))
    out.unlink()
    code, _, err = finish(wordle("tree", "rank", *lists, "--exact", "--workers", "2", "-o", str(out)))
    assert code == 0 and "4 done in" in err, err
    assert csv_rows(out) == one
    # Issue 42: one numba thread per worker unless told otherwise, and each worker's peak memory.
    assert re.search(r"^[12] workers?, 1 numba thread each; peak memory \(MiB\): \d+(, \d+)?$", err, re.M), err


def test_worker_report_takes_each_workers_largest_peak():
    outcomes = [
        rank.Outcome("a", rank.EXACT, 20, 2, 0.1, "h:1", 120.0, 1),
        rank.Outcome("b", rank.EXACT, 20, 2, 0.1, "h:2", 99.6, 1),
        rank.Outcome("c", rank.EXACT, 20, 2, 0.1, "h:1", 130.4, 1),
        rank.Outcome("d", rank.EXACT, 20, 2, 0.1),  # read back from a checkpoint: no worker
    ]
    assert rank.worker_report(outcomes) == "2 workers, 1 numba thread each; peak memory (MiB): 130, 100"
    assert rank.worker_report(outcomes[3:]) is None


@pytest.mark.parametrize(
    "extra, status, message",
    [
        (["--exact", "--cutoff", "30"], 2, "--exact proves every total: it takes no --cutoff"),
        (["--exact", "--top-k", "2"], 2, "--exact proves every total: it takes no --top-k"),
        (["--top-k", "2", "--cutoff", "30"], 2, "--cutoff needs the exact search"),
        (["--openers", "ZZZ"], 1, "ZZZ"),
    ],
)
def test_usage_errors_are_one_line(lists, extra, status, message):
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", *extra))
    assert code == status and message in err.strip().splitlines()[-1] and "Traceback" not in err


def test_unknown_opener_and_unreachable_cluster(lists, tmp_path):
    openers = write(tmp_path / "openers.txt", ["cigar", "xxxxx"])
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--openers", openers))
    assert code == 2 and "'xxxxx' is not an allowed guess" in err
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--cluster", "tcp://127.0.0.1:9", env=env))
    assert code == 1 and err.strip().splitlines() == [err.strip()] and "cannot connect to tcp://127.0.0.1:9" in err


# ---------------------------------------------------------------- issue 23: clusters, addresses, processes


def session_processes(session: int) -> dict[int, str]:
    """Live processes of a session (pid -> command line), from /proc."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == session and fields[0] != "Z":
            found[int(entry)] = cmdline
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
# SIGINT's stop of a ranking on a cluster: test_ctrl_c_keeps_the_checkpoint; its workers' end is SIGTERM's (slow: a second cluster).
@pytest.mark.parametrize("signum", [signal.SIGTERM, pytest.param(signal.SIGINT, marks=pytest.mark.slow)])
def test_workers_are_gone_when_a_stopped_rank_exits(tmp_path, shipped, signum):
    """Issue 23.18: no worker process outlives `tree rank` (stopped mid-run), and no leaked-semaphore warning."""
    answers = write(tmp_path / "a.txt", Path(shipped["answers"]).read_text().split()[:300])
    allowed = write(tmp_path / "c.txt", Path(shipped["allowed"]).read_text().split()[:2000])
    out = tmp_path / "rank.csv"
    checkpoint = Path(str(out) + ".checkpoint")
    run = subprocess.Popen(
        [sys.executable, "-m", "wordle_cli", "tree", "rank", "--exact", "--answers", answers, "--allowed", allowed,
         "--workers", "2", "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # a runner may have ignored it
    )
    wait_until(lambda: checkpoint.exists() and len(checkpoint.read_text().splitlines()) >= 2)
    workers = {pid for pid, cmd in session_processes(run.pid).items() if "spawn_main" in cmd}
    assert len(workers) == 2
    if signum == signal.SIGTERM:  # issue 23.12: a second run on the same checkpoint refuses it in one line
        code, _, err = finish(wordle("tree", "rank", "--exact", "--answers", answers, "--allowed", allowed, "-q", "-o", str(out)))
        assert code == 1 and err.strip().splitlines() == [
            f"Error: checkpoint {checkpoint} is in use by another wordle tree rank; wait for it to finish or give another --checkpoint"]
    run.send_signal(signum)
    code, _, err = finish(run)
    assert code == 128 + signum, err
    assert not workers & set(session_processes(run.pid))  # gone before the command ended
    assert "Traceback" not in err and "leaked" not in err


@pytest.mark.parametrize(
    "address",
    ["garbage", "", "tcp://host:notaport", "tcp://[::1", "tcp://127.0.0.1", "tcp://127.0.0.1:99999", "ucx://h:1", "inproc://x"],
)
def test_a_malformed_cluster_address_is_one_line(runner, address):
    """Issue 23.3: refused before anything starts, naming the address."""
    from wordle_cli.cli import main

    result = runner.invoke(main, ["tree", "rank", "--answers", write(Path("a.txt"), ANSWERS), "--cluster", address])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"--cluster {address!r}" in lines[0], result.stderr


def test_a_service_that_is_not_dask_is_one_line(lists):
    """Issue 23.3: a TCP service answering garbage (Dask would read a huge frame length from it)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n" * 64)

    threading.Thread(target=serve, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "5s"}
        code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--cluster", address, env=env))
    finally:
        server.close()
    assert code == 1 and err.strip().splitlines() == [err.strip()], err
    assert f"cannot connect to {address}" in err and "out of memory" not in err


def test_a_tls_address_without_tls_settings_is_one_line(lists):
    code, _, err = finish(wordle("tree", "rank", *lists, "-q", "--cluster", "tls://127.0.0.1:9"))
    assert code == 1 and err.strip().splitlines() == [err.strip()] and "cannot connect to tls://127.0.0.1:9" in err, err


@pytest.mark.parametrize(
    "name, value, message",
    [
        ("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", "garbage", "not a duration"),
        ("DASK_DISTRIBUTED__WORKER__DAEMON", "maybe", "not a bool"),
    ],
)
def test_a_bad_dask_variable_is_one_line(runner, monkeypatch, name, value, message):
    from wordle_cli.cli import main

    monkeypatch.setenv(name, value)
    result = runner.invoke(main, ["tree", "rank", "--answers", write(Path("a.txt"), ANSWERS), "--cluster", "tcp://127.0.0.1:9"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and len(lines) == 1 and f"{name}={value!r}: {message}" in lines[0], result.stderr


def test_workers_are_bounded_and_start_failures_are_one_line(runner, monkeypatch):
    """Issue 23.4: --workers at most 4 per core (no cluster); a cluster that cannot start is one line."""
    import distributed

    from wordle_cli.cli import main

    game = ["tree", "rank", "--answers", write(Path("a.txt"), ANSWERS), "--allowed", write(Path("c.txt"), ALLOWED), "-o", "out.csv"]
    too_many = str(4 * (os.cpu_count() or 1) + 1)
    result = runner.invoke(main, [*game, "--workers", too_many])
    assert result.exit_code == 2 and "more than 4 workers per core" in result.stderr

    def no_nanny(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", no_nanny)
    result = runner.invoke(main, [*game, "--workers", "1"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and lines[-1].endswith("cannot start a local cluster of 1 Dask workers: Nanny failed to start."), result.stderr
    assert not Path("out.csv").exists() and not Path("out.csv.checkpoint").exists()


def test_the_dashboard_is_off_unless_asked_for():
    """Issue 22.3: no fixed port: the scheduler's HTTP server takes a free port, and no dashboard is served."""
    import warnings

    from wordle_cli.trees.cluster import Cluster

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with Cluster(None, 1) as cluster:
            assert cluster.dashboard is None
            assert cluster.cluster.scheduler.http_server.port != 8787
    assert not [w for w in caught if "8787" in str(w.message)]  # 8787 was not even tried


def test_the_rank_benchmark_reads_the_reference_tables_and_compares_exactly(tmp_path):
    # benchmarks/bench_rank.py --check-against: lines `opener average total`, `Infinity 1000000000` for an opener
    # that cannot win every game in time (hard mode, here 3 guesses: zzzzz). Totals from brute force, not the tool.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_rank

    options = rank.RankOptions(hard=True, max_guesses=3, exact=True)
    inputs = rank.make_inputs(Game("t", ANSWERS, ALLOWED), options, "cpu")
    rows = rank.final_rows(rank.rank_serially(inputs, rank.promising_first(inputs, inputs.allowed)), options, len(ANSWERS))
    truth = {w: naive_tree.best_total(ANSWERS, ALLOWED, hard=True, max_guesses=3, first=w) for w in OPENERS}
    assert truth["zzzzz"] == naive_tree.INF and any(t < naive_tree.INF for t in truth.values())
    table = tmp_path / "results_hard_tiny"
    table.write_text("".join(f"{w} Infinity 1000000000\n" if t == naive_tree.INF else f"{w} {t / len(ANSWERS):.4f} {t}\n"
                             for w, t in truth.items()), encoding="utf-8")
    published = bench_rank.published_table(str(table))
    assert published["zzzzz"] is None and published["salet"] == truth["salet"]
    as_dicts = [dict(zip(("opener", "total"), row[:2])) for row in rows]
    checked = bench_rank.compare(as_dicts, published)
    assert sorted(c[0] for c in checked) == sorted(OPENERS)
    assert all(ours == theirs for _, ours, theirs in checked)
    published["salet"] += 1  # a wrong total is caught
    assert [c[0] for c in bench_rank.compare(as_dicts, published) if c[1] != c[2]] == ["salet"]
