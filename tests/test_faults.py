"""Fault injection (issue 8): the real `wordle` program under every fault a user or the system can cause.

Each case runs the console script as a subprocess, as a shell would, and
checks the promise: the exit status; exactly one line on stderr (with -q a
success has none); no traceback; the inputs byte for byte as they were
(sha256); OUTPUT either as it was or complete; no temporary file left.

Special files are never the machine's own: as root a test makes its own
device nodes (mknod) and links, so a regression that replaced OUTPUT could
not destroy /dev/null or /dev/stdout on the machine running the tests (one
did, before this fix). Without root, /dev/null and /dev/full themselves are
safe to use: nobody else may rename over them. Root-only cases skip with
their reason elsewhere.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from children import default_signals

from wordle_cli.errors import quote

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"
ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
GREEK = ["σοφος", "ημερα", "πηχτη", "λογος"]
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
MiB = 1 << 20


def _wordle_command() -> list[str]:
    """The console script pip installed beside this Python (what a user runs), else `python -m`."""
    script = Path(sys.executable).with_name("wordle")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "wordle_cli"]


WORDLE = _wordle_command()
SCRUBBED = ("PYTHONIOENCODING", "NUMBA_NUM_THREADS", "NUMBA_THREADING_LAYER", "WORDLE_BACKEND", "LC_ALL")
ENV = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
ENV.update(PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), WORDLE_BACKEND="cpu")


@dataclass
class Result:
    returncode: int
    stdout: bytes
    stderr: str


def wordle(*args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env=None, cwd=None, preexec_fn=None, timeout=120) -> Result:
    """Run `wordle ARGS`; stdin may be bytes (fed through a pipe) or a file object / constant."""
    proc = subprocess.run(
        [*WORDLE, *args],
        input=stdin if isinstance(stdin, bytes) else None,
        stdin=None if isinstance(stdin, bytes) else stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**ENV, **(env or {})},
        cwd=cwd,
        preexec_fn=preexec_fn,
        timeout=timeout,
        check=False,
    )
    return Result(proc.returncode, proc.stdout or b"", proc.stderr.decode("utf-8", "backslashreplace"))


def start(*args, env=None, cwd=None, preexec_fn=None, **streams) -> subprocess.Popen:
    """Start `wordle ARGS` to send it signals: they have their default disposition in it, then `preexec_fn` runs."""
    streams = {"stdin": subprocess.DEVNULL, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **streams}
    return subprocess.Popen([*WORDLE, *args], env={**ENV, **(env or {})}, cwd=cwd, preexec_fn=default_signals(preexec_fn),
                            **streams)


def one_line(result: Result, status: int, *needles: str) -> str:
    """Exit `status`, exactly one line on stderr holding every needle, and no traceback."""
    assert result.returncode == status, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def quiet_success(result: Result) -> None:
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class Guard:
    """Takes the inputs' digests and the folders' listings; `check()` after the run.

    Inputs must be byte-identical, and the folders may differ only by the
    files named in `check(new=...)`: no temporary file may be left behind.
    """

    def __init__(self, *inputs, folders=()):
        self.inputs = {Path(p): sha256(p) for p in inputs}
        self.folders = {Path(f): set(os.listdir(f)) for f in folders}

    def check(self, new=()) -> None:
        for path, digest in self.inputs.items():
            assert sha256(path) == digest, f"{path} changed"
        for folder, before in self.folders.items():
            assert set(os.listdir(folder)) == before | set(new), f"{folder}: {set(os.listdir(folder)) ^ before}"


def write_list(path: Path, words, extra: bytes = b"") -> Path:
    path.write_bytes("".join(w + "\n" for w in words).encode() + extra)
    return path


#: A decision tree (selby format) for ANSWERS, opening with cigar; test_tree_file_is_valid checks it.
TREE = """\
cigar BBBBB1 humph BYBBG2 blush GGGGG3
                   GGGGG2
      BBBBY1 rebut GGGGG2
                   YGBBB2 serve GGGGG3
      BBBGB1 naval GGGGG2
      BBBYB1 awake BBGBG2 evade GGGGG3
                   BBGBY2 heath GGGGG3
                   GGGGG2
      BBBYY1 dwarf GGGGG2
      BGBBB1 sissy GGGGG2
      GGGGG1
      YBBGB1 focal GGGGG2
"""
GAME = ["--answers", "answers.txt", "--allowed", "answers.txt"]


def write_inputs(folder: Path) -> None:
    """answers.txt and tree.txt, the inputs every case may read."""
    write_list(folder / "answers.txt", ANSWERS)
    (folder / "tree.txt").write_text(TREE)


@pytest.fixture
def work(tmp_path):
    """The inputs and an OUTPUT holding old content, in an empty folder."""
    write_inputs(tmp_path)
    (tmp_path / "out.txt").write_text("old content\n")
    return tmp_path


def pruned(guess: str, tiles: str, words) -> bytes:
    """What `prune GUESS TILES` keeps, from the pure-Python rule (the tests' own feedback reference)."""
    import naive

    from wordle_cli.model.feedback import parse

    want = parse(tiles)
    return "".join(w + "\n" for w in words if naive.feedback(guess, w) == want).encode()


SHIPPED_ALLOWED = (WORDLISTS / "wordle-allowed.txt").read_text().split()
KEPT = f"kept {len(pruned('cigar', 'AAAAA', ANSWERS).split())} of {len(ANSWERS)} potential answers"


# ---------------------------------------------------------------- special files as OUTPUT (defect 1)


def device(tmp_path: Path, name: str) -> Path:
    """A char device like /dev/NAME: our own node as root, the machine's otherwise (unreplaceable then)."""
    numbers = {"null": (1, 3), "full": (1, 7), "zero": (1, 5)}[name]
    if not AS_ROOT:
        return Path("/dev") / name
    node = tmp_path / name
    os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(*numbers))
    return node


def same_device(path: Path, name: str) -> bool:
    st = os.stat(path)
    return stat.S_ISCHR(st.st_mode) and os.major(st.st_rdev) == 1 and os.minor(st.st_rdev) == {"null": 3, "full": 7, "zero": 5}[name]


def test_device_output_is_written_through_not_replaced(work):
    null = device(work, "null")
    guard = Guard(work / "answers.txt", folders=[work])
    one_line(wordle("prune", "cigar", "AAAAA", "answers.txt", str(null), cwd=work), 0, "kept")
    assert same_device(null, "null")
    guard.check()


@pytest.mark.parametrize("size", ["large", "small"])
def test_full_device_output_is_one_line_and_stays_a_device(work, size):
    full = device(work, "full")
    guard = Guard(work / "answers.txt", folders=[work])
    args = ["prune", "-q", "qxjzv", "AAAAA", str(WORDLISTS / "wordle-allowed.txt")]  # ~78 KB kept: fails mid-write
    if size == "small":
        args = ["prune", "-q", "cigar", "AAAAA", "answers.txt"]  # a few bytes: fails at the final flush
    one_line(wordle(*args, str(full), cwd=work), 1, f"cannot write {full}", "No space left on device")
    assert same_device(full, "full")
    guard.check()


def test_fifo_output_is_written_through(work):
    fifo = work / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    guard = Guard(work / "answers.txt", folders=[work])
    try:
        one_line(wordle("prune", "cigar", "AAAAA", "answers.txt", "fifo", cwd=work), 0, KEPT)
    finally:
        if reader.is_alive() and not received:  # the run never opened the FIFO: let the reader go
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        reader.join(timeout=30)
    assert received == [pruned("cigar", "AAAAA", ANSWERS)]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    guard.check()


def test_socket_output_is_one_line_and_left_alone(work):
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(work / "sock"))
        guard = Guard(work / "answers.txt", folders=[work])
        one_line(wordle("prune", "-q", "cigar", "AAAAA", "answers.txt", "sock", cwd=work), 1, "cannot write sock")
        assert stat.S_ISSOCK(os.stat(work / "sock").st_mode)
        guard.check()


@pytest.mark.parametrize("output", ["/dev/fd/1", "link-to-own-stdout"])
def test_own_descriptor_output_is_that_descriptor(work, output):
    """/dev/stdout and the like: written to our stdout itself, appending where the shell appends."""
    if output == "link-to-own-stdout":  # what /dev/stdout is, but ours to lose
        os.symlink("/proc/self/fd/1", work / output)
    log = work / "log"
    log.write_text("first line\n")
    guard = Guard(work / "answers.txt", folders=[work])
    with open(log, "ab") as append:
        result = wordle("prune", "cigar", "AAAAA", "answers.txt", output, stdout=append, cwd=work)
    one_line(result, 0, KEPT)
    assert log.read_bytes() == b"first line\n" + pruned("cigar", "AAAAA", ANSWERS)
    if output == "link-to-own-stdout":
        assert os.readlink(work / output) == "/proc/self/fd/1"
    guard.check()


# ---------------------------------------------------------------- symbolic links as OUTPUT (defect 2)


def test_symlink_output_replaces_its_target_and_stays_a_link(work):
    os.symlink("answers.txt", work / "link")
    guard = Guard(folders=[work])
    one_line(wordle("prune", "cigar", "AAAAA", "link", "link", cwd=work), 0, KEPT)
    assert os.readlink(work / "link") == "answers.txt"
    assert (work / "answers.txt").read_bytes() == pruned("cigar", "AAAAA", ANSWERS)
    guard.check()


def test_dangling_symlink_output_creates_its_target(work):
    os.symlink("new.txt", work / "link")
    guard = Guard(work / "answers.txt", folders=[work])
    one_line(wordle("prune", "cigar", "AAAAA", "answers.txt", "link", cwd=work), 0, "kept")
    assert os.readlink(work / "link") == "new.txt"
    assert (work / "new.txt").read_bytes() == pruned("cigar", "AAAAA", ANSWERS)
    guard.check(new=["new.txt"])


def test_symlink_into_another_folder_is_replaced_there(work):
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "pool.txt").write_bytes((work / "answers.txt").read_bytes())
    os.chmod(elsewhere / "pool.txt", 0o640)
    os.symlink(elsewhere / "pool.txt", work / "link")
    guard = Guard(work / "answers.txt", folders=[work, elsewhere])
    one_line(wordle("prune", "cigar", "AAAAA", "link", "link", cwd=work), 0, "kept")
    assert (elsewhere / "pool.txt").read_bytes() == pruned("cigar", "AAAAA", ANSWERS)
    assert stat.S_IMODE(os.stat(elsewhere / "pool.txt").st_mode) == 0o640
    guard.check()


def test_symlink_loop_is_one_line(work):
    os.symlink("b", work / "a")
    os.symlink("a", work / "b")
    guard = Guard(work / "answers.txt", folders=[work])
    one_line(wordle("prune", "cigar", "AAAAA", "answers.txt", "a", cwd=work), 1, "cannot write a")
    guard.check()


# ---------------------------------------------------------------- disk full (defect 3)


@pytest.fixture
def tiny_disk(tmp_path):
    """A 64 KiB tmpfs (root, where mounting is allowed), unmounted afterwards."""
    if not AS_ROOT:
        pytest.skip("mounting a tmpfs needs root; /dev/full stands in (test_full_device_output...)")
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}; /dev/full stands in")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def fill(path: Path) -> None:
    """Write to `path` until its file system is full."""
    with open(path, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"x" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc


@pytest.mark.parametrize("command", ["prune", "prune-in-place", "score", "simulate", "tree-build"])
def test_disk_full_keeps_old_output_and_leaves_nothing(tiny_disk, tmp_path, command):
    answers = str(WORDLISTS / "wordle-answers.txt")
    out = tiny_disk / "out.csv"
    out.write_text("old content\n")
    if command == "prune":  # ~78 KB kept, beyond the disk
        args = ["prune", "-q", "qxjzv", "AAAAA", str(WORDLISTS / "wordle-allowed.txt"), str(out)]
    elif command == "prune-in-place":  # a 40 KB pool: its pruned copy (38 KB) cannot sit beside it
        out.write_bytes("".join(w + "\n" for w in SHIPPED_ALLOWED[:6600]).encode())
        args = ["prune", "-q", "qxjzv", "AAAAA", str(out), str(out)]
    elif command == "score":  # 2315 rows, ~80 KB
        args = ["score", "-q", answers, str(write_list(tmp_path / "few.txt", ANSWERS)), str(out)]
    elif command == "simulate":  # 2315 games, ~50 KB, behind 40 KB of other data
        (tiny_disk / "filler").write_bytes(b"x" * 40 * 1024)
        args = ["simulate", "-q", "--pool-only", "--first", "raise", "--output", str(out)]
    else:  # a 1 KB JSON tree onto a disk that other data has filled
        fill(tiny_disk / "filler")
        few = str(write_list(tmp_path / "few.txt", ANSWERS))
        args = ["tree", "build", "-q", "--answers", few, "--allowed", few, "--first", "cigar", "--format", "json", "-o", str(out)]
    before = out.read_bytes()
    guard = Guard(answers, folders=[tiny_disk])
    one_line(wordle(*args), 1, f"cannot write {out}", "No space left on device")
    assert out.read_bytes() == before
    guard.check()


# ---------------------------------------------------------------- standard streams (defects 4, 8, 11)


STDOUT_COMMANDS = {
    "feedback": ["feedback", "cigar", "cigar"],
    "prune": ["prune", "-q", "qxjzv", "AAAAA", str(WORDLISTS / "wordle-allowed.txt"), "-"],
    "help": ["--help"],
    "version": ["--version"],
    "score": ["score", "-q", "answers.txt", "answers.txt", "-"],
    "solve": ["solve", "-q", "--answers", "answers.txt", "--allowed", "answers.txt", "cigar"],
    "simulate": ["simulate", "-q", "--answers", "answers.txt", "--allowed", "answers.txt", "--output", "-"],
    "play": ["play", "-q", "--answers", "answers.txt", "--allowed", "answers.txt"],
    "backends": ["backends"],
    "partition": ["partition", "-q", *GAME, "cigar"],
    "tree-build": ["tree", "build", "-q", *GAME, "--first", "cigar"],
    "tree-verify": ["tree", "verify", "-q", *GAME, "tree.txt"],
    "tree-show": ["tree", "show", *GAME, "tree.txt"],
    "solve-boards": ["solve", "-q", *GAME, "--boards", "2", "cigar", "rebut"],
    "simulate-boards": ["simulate", "-q", *GAME, "--boards", "2", "--output", "-"],
    "absurdle-solve": ["absurdle", "solve", "-q", *GAME, "--first", "cigar"],
    "infer": ["infer", "-q", str(WORDLISTS.parent / "examples" / "crowd.txt")],
}


def run_concurrently(cases: dict):
    """Run independent cases (callables) two or more at a time: {name: result or the exception}.

    Most of a run that imports numba is spent by one core on start-up; the
    suite's time stays small if such runs overlap. Assertions stay per test.
    """
    from concurrent.futures import ThreadPoolExecutor

    def attempt(case):
        try:
            return case()
        except BaseException as exc:  # noqa: B036 - handed to the test that asserts on it
            return exc

    with ThreadPoolExecutor(max_workers=max(2, min(4, os.cpu_count() or 1))) as pool:
        return dict(zip(cases, pool.map(attempt, cases.values())))


def outcome(results: dict, name: str):
    result = results[name]
    if isinstance(result, BaseException):
        raise result
    return result


@pytest.fixture(scope="module")
def stdout_full(tmp_path_factory):
    """Every command of STDOUT_COMMANDS with its stdout on a full disk: (result, guard) per command."""

    def case(command):
        def run():
            folder = tmp_path_factory.mktemp(command)
            write_inputs(folder)
            full = device(folder, "full")
            guard = Guard(folder / "answers.txt", folder / "tree.txt", folders=[folder])
            with open(full, "wb") as sink:
                return wordle(*STDOUT_COMMANDS[command], stdout=sink, cwd=folder), guard

        return run

    tmp_path_factory.getbasetemp()  # made here: the first mktemp, from several threads at once, would race to make it
    return run_concurrently({command: case(command) for command in STDOUT_COMMANDS})


@pytest.mark.xdist_group("stdout-full")  # one worker runs the module fixture
@pytest.mark.parametrize("command", list(STDOUT_COMMANDS))
def test_stdout_full_is_one_line(stdout_full, command):
    result, guard = outcome(stdout_full, command)
    one_line(result, 1, "cannot write <stdout>", "No space left on device")
    guard.check()


@pytest.mark.parametrize("command", ["feedback", "prune", "score", "solve", "partition", "tree-show"])
def test_stdout_closed_is_one_line(work, command):
    guard = Guard(work / "answers.txt", folders=[work])
    result = wordle(*STDOUT_COMMANDS[command], stdout=subprocess.DEVNULL, cwd=work, preexec_fn=lambda: os.close(1))
    one_line(result, 1, "cannot write <stdout>", "standard output is closed")
    guard.check()


def test_closed_stdout_does_not_swallow_output_into_a_file(work):
    """With fd 1 closed, the temporary OUTPUT file must not become "stdout" (the fd is filled first)."""
    result = wordle("prune", "-q", "cigar", "AAAAA", "answers.txt", "out.txt", stdout=subprocess.DEVNULL, cwd=work,
                    preexec_fn=lambda: os.close(1))
    quiet_success(result)
    assert (work / "out.txt").read_bytes() == pruned("cigar", "AAAAA", ANSWERS)


@pytest.mark.parametrize("command", ["help", "version", "prune", "feedback", "partition", "tree-show"])
def test_reader_gone_is_a_quiet_success(work, command):
    """`wordle --help | true`: the pipe's reader has gone before we write: exit 0, nothing said."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = wordle(*STDOUT_COMMANDS[command], stdout=write_end, cwd=work)
    finally:
        os.close(write_end)
    quiet_success(result)


PLOTTING_COMMANDS = {  # text on stdout first, then a chart
    "tree-show": ["tree", "show", *GAME, "tree.txt"],
    "tree-build": ["tree", "build", "-q", *GAME, "--first", "cigar"],
    "simulate": ["simulate", "-q", *GAME],
    "infer": ["infer", "-q", str(WORDLISTS.parent / "examples" / "crowd.txt")],
}


@pytest.mark.parametrize("command", list(PLOTTING_COMMANDS))
def test_reader_gone_still_draws_the_chart(work, command):
    """Issue 29.10: `wordle tree show t.tree --plot t.png | head -3` must still write t.png (and exit 0, quietly)."""
    pytest.importorskip("matplotlib", reason="charts need matplotlib")
    read_end, write_end = os.pipe()
    os.close(read_end)
    guard = Guard(work / "answers.txt", work / "tree.txt", folders=[work])
    try:
        result = wordle(*PLOTTING_COMMANDS[command], "--plot", "chart.png", stdout=write_end, cwd=work)
    finally:
        os.close(write_end)
    quiet_success(result)
    assert (work / "chart.png").read_bytes().startswith(b"\x89PNG")
    guard.check(new=["chart.png"])


@pytest.mark.parametrize("case", ["error", "success"])
def test_plot_with_no_writable_home_says_nothing_of_matplotlib(work, monkeypatch, case):
    """Issue 29.16: matplotlib's two warnings about its config folder must not join our one line (or a quiet success)."""
    pytest.importorskip("matplotlib", reason="charts need matplotlib")
    monkeypatch.delitem(ENV, "MPLCONFIGDIR", raising=False)
    nowhere = work / "answers.txt" / "home"  # below a file: no one, root included, can make it
    home = {"HOME": str(nowhere), "XDG_CONFIG_HOME": str(nowhere / ".config"), "XDG_CACHE_HOME": str(nowhere / ".cache"),
            "TMPDIR": str(work / "tmp")}  # where matplotlib makes its folder instead (and leaves it: the run ends in os._exit)
    (work / "tmp").mkdir()
    chart = "chart.svg" if case == "success" else "absent/chart.svg"
    result = wordle("tree", "build", "-q", *GAME, "--first", "cigar", "--plot", chart, cwd=work, env=home)
    if case == "success":
        quiet_success(result)
        assert (work / chart).is_file()
    else:
        one_line(result, 1, "cannot write absent/chart.svg")


@pytest.mark.parametrize("command, stderr", [("prune", "closed"), ("prune", "full"), ("score", "closed")])
def test_broken_stderr_does_not_fail_a_success(work, stderr, command):
    args = ["prune", "cigar", "AAAAA", "answers.txt", "out.txt"]
    if command == "score":
        args = ["score", "answers.txt", "answers.txt", "out.txt"]
    full = device(work, "full")
    guard = Guard(work / "answers.txt", folders=[work])
    if stderr == "closed":
        proc = subprocess.run([*WORDLE, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env=ENV, cwd=work,
                              preexec_fn=lambda: os.close(2), timeout=120, check=False)
    else:
        with open(full, "wb") as sink:
            proc = subprocess.run([*WORDLE, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=sink, env=ENV,
                                  cwd=work, timeout=120, check=False)
    assert proc.returncode == 0
    if command == "prune":
        assert (work / "out.txt").read_bytes() == pruned("cigar", "AAAAA", ANSWERS)
    else:
        assert (work / "out.txt").read_text().count("\n") == len(ANSWERS) + 1
    guard.check()


@pytest.mark.parametrize("command", ["prune", "play"])
def test_stdin_closed_is_one_line(work, command):
    args = ["prune", "-q", "cigar", "AAAAA", "-", "out.txt"] if command == "prune" else STDOUT_COMMANDS["play"]
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    result = wordle(*args, cwd=work, preexec_fn=lambda: os.close(0))
    one_line(result, 1, "<stdin>", "standard input is closed")
    guard.check()


@pytest.mark.parametrize(
    "data, line",
    [
        (b"\xff\n", 1),
        (b"# a comment\n\n\xf0\x9f\x9f", 3),  # an emoji cut short at the end of input
    ],
)
def test_play_batch_refuses_bytes_that_are_not_utf8(work, data, line):
    guard = Guard(work / "answers.txt", folders=[work])
    result = wordle(*STDOUT_COMMANDS["play"], stdin=data, cwd=work)
    one_line(result, 1, f"<stdin> line {line}", "UTF-8")
    guard.check()


def test_play_interactive_asks_again_after_bytes_that_are_not_utf8(work):
    result = wordle(*STDOUT_COMMANDS["play"], "--interactive", stdin=b"\xff\xfe\nquit\n", cwd=work)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "Traceback" not in result.stdout.decode("utf-8", "replace")
    out = result.stdout.decode("utf-8")
    assert "error: " in out and "not valid UTF-8" in out
    assert out.count("feedback> ") == 2  # asked again


def test_word_list_on_stdin_that_is_not_utf8(work):
    result = wordle("prune", "-q", "cigar", "AAAAA", "-", "out.txt", stdin=b"cigar\nreb\xfft\n", cwd=work)
    one_line(result, 1, "<stdin> line 2", "UTF-8")
    assert (work / "out.txt").read_text() == "old content\n"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_words_reach_stdout_as_utf8_whatever_pythonioencoding_says(tmp_path, encoding):
    write_list(tmp_path / "greek.txt", GREEK)
    result = wordle("prune", "σοφος", "AAAAA", "greek.txt", "-", env={"PYTHONIOENCODING": encoding}, cwd=tmp_path)
    one_line(result, 0, "kept")
    assert result.stdout == pruned("σοφος", "AAAAA", GREEK)


# ---------------------------------------------------------------- signals (defects 7, 10)


def _unread(fd: int) -> int:
    """Bytes written into a pipe and not yet read (FIONREAD)."""
    import array
    import fcntl
    import termios

    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


def _reading(proc: subprocess.Popen) -> None:
    """Wait until `proc` has read what was written to its stdin: it is past start-up, mid-run."""
    proc.stdin.write(b"cigar\nrebut\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while _unread(proc.stdin.fileno()) and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(0.05)


STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}


@pytest.mark.parametrize("signum", list(STATUS), ids=lambda s: signal.Signals(s).name)
def test_signal_mid_run_cleans_up_and_exits_128_plus_n(work, signum):
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    proc = start("prune", "-q", "cigar", "AAAAA", "-", "out.txt", cwd=work, stdin=subprocess.PIPE)
    _reading(proc)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    want = "interrupted" if signum == signal.SIGINT else signal.Signals(signum).name
    one_line(Result(proc.returncode, out, err.decode()), STATUS[signum], want)
    guard.check()


def test_sigkill_mid_run_leaves_nothing(work):
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    proc = start("prune", "-q", "cigar", "AAAAA", "-", "out.txt", cwd=work, stdin=subprocess.PIPE)
    _reading(proc)
    proc.kill()
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    guard.check()


MOMENTS = {"TERM-early": (signal.SIGTERM, 0.3), "TERM-late": (signal.SIGTERM, 1.2), "KILL": (signal.SIGKILL, 0.8)}


@pytest.fixture(scope="module")
def signalled_scores(tmp_path_factory):  # full-size runs: its test is marked slow
    """A full-size `score` per MOMENTS entry, sent that signal after that many seconds."""

    def case(name, signum, delay):
        def run():
            folder = tmp_path_factory.mktemp(name)
            out = folder / "out.csv"
            out.write_text("old content\n")
            allowed, answers = WORDLISTS / "wordle-allowed.txt", WORDLISTS / "wordle-answers.txt"
            guard = Guard(allowed, answers, folders=[folder])
            proc = start("score", "-q", str(allowed), str(answers), str(out))
            time.sleep(delay)
            proc.send_signal(signum)
            _, err = proc.communicate(timeout=120)
            return Result(proc.returncode, b"", err.decode()), out.read_text(), guard

        return run

    tmp_path_factory.getbasetemp()  # made here: the first mktemp, from several threads at once, would race to make it
    return run_concurrently({name: case(name, *moment) for name, moment in MOMENTS.items()})


@pytest.mark.slow  # full-size `score` runs
@pytest.mark.parametrize("moment", list(MOMENTS))
def test_signal_at_any_moment_leaves_output_old_or_complete(signalled_scores, moment):
    """A full-size `score` signalled at some moment: OUTPUT is the old one or the complete new one."""
    result, text, guard = outcome(signalled_scores, moment)
    assert "Traceback" not in result.stderr
    if result.returncode == 0:  # it finished first
        assert text.count("\n") == 12973 and result.stderr == ""
    else:
        assert text == "old content\n"
        if MOMENTS[moment][0] == signal.SIGTERM:
            one_line(result, 143, "SIGTERM")
        else:
            assert result.returncode == -signal.SIGKILL
    guard.check()


def test_sigint_at_the_first_instant(work):
    """A Ctrl-C sent before the program runs a line of its own (held pending by the parent) is handled."""
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    proc = start("prune", "-q", "cigar", "AAAAA", "answers.txt", "out.txt", cwd=work,
                 preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}))
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    one_line(Result(proc.returncode, out, err.decode()), 130, "interrupted")
    guard.check()


def test_ctrl_c_before_the_handlers_are_in_is_one_line(monkeypatch, capfd):
    """A KeyboardInterrupt while the handlers are being installed (Python's own handler still in place)."""
    from wordle_cli import cli, interrupts

    def interrupted_meanwhile():
        raise KeyboardInterrupt

    monkeypatch.setattr(interrupts, "install", interrupted_meanwhile)
    with pytest.raises(SystemExit) as info:
        cli.entry_point()
    assert info.value.code == 130
    assert capfd.readouterr().err == "wordle: interrupted\n"


def test_program_entry_imports_nothing_heavy_before_its_signal_handlers():
    """The console script imports wordle_cli.cli, then calls entry_point, which installs the handlers
    first: that import must not load click, numpy or numba (the ~35 ms a Ctrl-C used to hit)."""
    code = "import sys, wordle_cli.cli; print(sorted(m for m in ('click', 'numpy', 'numba') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV, check=True)
    assert done.stdout.strip() == b"[]"


#: Runs the `wordle` program as its console script does (`from wordle_cli.cli import entry_point`), sending
#: itself argv[1] (a signal's name) when the module argv[2] is first looked for: a start-up moment, exactly.
SIGNAL_AT_IMPORT = """
import os, signal, sys
signum, module = signal.Signals[sys.argv[1]], sys.argv[2]
del sys.argv[1:3]
class Trip:
    def find_spec(self, name, path=None, target=None):
        if name == module:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signum)
        return None
sys.meta_path.insert(0, Trip())
from wordle_cli.cli import entry_point
sys.argv[0] = "wordle"
entry_point()
"""


@pytest.mark.parametrize(
    "signame, module",
    [("SIGINT", "wordle_cli.interrupts"),  # before the program's handlers are in: Python's KeyboardInterrupt
     ("SIGINT", "wordle_cli.cli.process"), ("SIGINT", "click"), ("SIGINT", "wordle_cli.cli.score"),
     ("SIGINT", "numpy"), ("SIGINT", "wordle_cli.backends.cpu"), ("SIGTERM", "click"), ("SIGHUP", "numpy")],
)
def test_signal_during_start_up_is_one_line(work, signame, module):
    """Start-up signals (issue 23, item 7): from the program's first line on, every moment exits 128 + N in one line.

    What remains before it is the interpreter's own start-up (site, .pth files): see docs/reliability.md.
    """
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    done = subprocess.run([sys.executable, "-c", SIGNAL_AT_IMPORT, signame, module, "score", "-q", "answers.txt", "answers.txt",
                           "out.txt"], capture_output=True, env=ENV, cwd=work, preexec_fn=default_signals(), timeout=120)
    signum = signal.Signals[signame]
    want = "interrupted" if signum == signal.SIGINT else f"terminated by {signame}"
    assert done.stderr.decode() == f"wordle: {want}\n" and done.returncode == 128 + signum
    guard.check()


def test_ignored_sighup_stays_ignored(work):
    """Under `nohup` a hang-up must not stop the run."""
    proc = start("prune", "humph", "AAAAA", "-", "out.txt", cwd=work, stdin=subprocess.PIPE,
                 preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    _reading(proc)
    proc.send_signal(signal.SIGHUP)
    out, err = proc.communicate(b"", timeout=60)
    one_line(Result(proc.returncode, out, err.decode()), 0, "kept 1 of 2")
    assert (work / "out.txt").read_bytes() == pruned("humph", "AAAAA", ["cigar", "rebut"])


def test_ctrl_c_at_the_interactive_prompt_exits_130(work):
    proc = start(*STDOUT_COMMANDS["play"], "--interactive", cwd=work, stdin=subprocess.PIPE)
    seen = b""
    while not seen.endswith(b"feedback> "):
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, seen
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    one_line(Result(proc.returncode, out, err.decode()), 130, "interrupted")


# ---------------------------------------------------------------- huge and endless inputs (defect 9)


#: Runs argv[2:] under an address-space cap of argv[1] bytes, then prints its peak RSS and exits with its status.
#: The measured process is forked from this small interpreter, not from pytest: Linux counts the pages a
#: child had at fork (its parent's) in its peak, so a child of a big pytest process would report pytest's size.
PEAK_REPORTER = """
import os, resource, subprocess, sys
limit = int(sys.argv[1])
cap = lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, preexec_fn=cap)
_, status, usage = os.wait4(proc.pid, 0)
print(usage.ru_maxrss * 1024)
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def measured(args, *, stdin, limit: int, cwd, feed: bytes = b"", repeat: int = 0, env=None, timeout=300) -> tuple[Result, int]:
    """Run `wordle ARGS` under an address-space cap: (result, its peak RSS in bytes).

    With `feed`, stdin is a pipe that receives `feed` `repeat` times (an input larger than the cap).
    Past `timeout` seconds both processes are killed and the test fails.
    """
    proc = subprocess.Popen([sys.executable, "-c", PEAK_REPORTER, str(limit), *WORDLE, *args], env={**ENV, **(env or {})}, cwd=cwd,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    streams = {}
    readers = [threading.Thread(target=lambda name=name: streams.update({name: getattr(proc, name).read()}))
               for name in ("stdout", "stderr")]
    for reader in readers:
        reader.start()
    if stdin is subprocess.PIPE:
        try:
            for _ in range(repeat):
                proc.stdin.write(feed)
        except BrokenPipeError:
            pass
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the reporter and the measured run: a new session of their own
        proc.wait()
        pytest.fail(f"wordle {' '.join(args)} still running after {timeout} s")
    for reader in readers:
        reader.join()
    return Result(proc.returncode, b"", streams["stderr"].decode()), int(streams["stdout"])


@pytest.mark.parametrize("command", ["prune", "score"])
def test_endless_word_list_is_refused_at_once_in_bounded_memory(tmp_path, command):
    write_list(tmp_path / "answers.txt", ANSWERS)
    if command == "prune":
        args = ["prune", "-q", "cigar", "AAAAA", "/dev/zero", "out.txt"]
    else:
        args = ["score", "-q", "/dev/zero", "answers.txt", "out.txt"]
    result, peak = measured(args, stdin=subprocess.DEVNULL, limit=1024 * MiB, cwd=tmp_path)
    line = one_line(result, 1, "/dev/zero line 1", "longer than 320 characters")
    assert len(line) < 300
    assert peak < 150 * MiB, peak
    assert os.listdir(tmp_path) == ["answers.txt"]


@pytest.mark.slow  # 150 MiB through a pipe
def test_input_larger_than_memory_streams_through(tmp_path):
    """150 MiB of (padded, repeated) words through a pipe into a process capped at 128 MiB."""
    line = b"cigar" + b" " * 1018 + b"\n"
    result, peak = measured(
        ["prune", "-q", "cigar", "EEEEE", "-", "out.txt"], stdin=subprocess.PIPE, limit=128 * MiB, cwd=tmp_path,
        feed=line * 1024, repeat=150,
    )
    one_line(result, 0, "warning: <stdin>: dropped 153599 duplicate words")
    assert (tmp_path / "out.txt").read_bytes() == b"cigar\n"
    assert peak < 64 * MiB, peak


def test_play_interactive_from_a_pipe_bounds_its_lines(work):
    """A 50 MB line piped into `play --interactive` is refused at once, as `--batch` refuses it (issue 23, item 14)."""
    result, peak = measured(["play", "--interactive", "-q", *GAME], stdin=subprocess.PIPE, limit=1024 * MiB, cwd=work,
                            feed=b"a" * MiB, repeat=50)
    line = one_line(result, 1, "<stdin> line 1: longer than 320 characters, so not a turn", "'" + "a" * 40 + "…'")
    assert len(line) < 300
    assert peak < 200 * MiB, peak


def _single_line_grids(path: Path) -> None:
    path.write_text("🟩" * ((16 * MiB - 16) // 4))  # one line of 4 million tiles: no game's row


def _stray_lines(path: Path) -> None:
    path.write_bytes(b"ab\n" * ((16 * MiB - 16) // 3))  # 5.6 million lines of other text


def _empty_lists_tree(path: Path) -> None:
    head = b'{"guess": "cigar", "map": {"GGGGG": null}, "notes": ['
    path.write_bytes(head + b",".join([b"[]"] * ((14 * MiB - len(head)) // 3)) + b"]}")  # 4.9 million empty lists


#: Inputs the size limits accept (at most 16 MiB) that once cost 360 to 560 MB (issue 23, item 15).
BIG_INPUTS = {
    # name: (how to write the input, the command, what the one line must say)
    "grids-one-line": (_single_line_grids, ["infer", "-q", "input"], "no result grids of 5 tiles a row"),
    "grids-stray-lines": (_stray_lines, ["infer", "-q", "input"], "no result grids of 5 tiles a row"),
    "tree-empty-lists": (_empty_lists_tree, ["simulate", "-q", *GAME, "--tree", "input", "--output", "-"],
                         "input: more than 1096 JSON values, more than a tree reaching at most 12 answers"),
}


@pytest.mark.parametrize("case", list(BIG_INPUTS))
def test_inputs_the_limits_accept_stay_within_200_megabytes(work, case):
    write, args, message = BIG_INPUTS[case]
    write(work / "input")
    guard = Guard(work / "answers.txt", work / "input", folders=[work])
    result, peak = measured(args, stdin=subprocess.DEVNULL, limit=4096 * MiB, cwd=work)
    one_line(result, 1, message)
    assert peak < 200 * MiB, peak
    guard.check()


def test_ten_megabyte_line_makes_a_short_message(work):
    (work / "huge.txt").write_bytes(b"a" * (10 * MiB) + b"\n")
    guard = Guard(work / "huge.txt", work / "out.txt", folders=[work])
    line = one_line(wordle("prune", "-q", "cigar", "AAAAA", "huge.txt", "out.txt", cwd=work), 1, "huge.txt line 1")
    assert "'" + "a" * 40 + "…'" in line and "a" * 41 not in line
    guard.check()


def test_long_words_are_quoted_short(work):
    write_list(work / "long.txt", ["cigar", "b" * 200])
    line = one_line(wordle("prune", "-q", "cigar", "AAAAA", "long.txt", "out.txt", cwd=work), 1, "long.txt line 2")
    assert "'" + "b" * 40 + "…' (200 characters)" in line


def test_huge_argument_makes_a_short_usage_error(work):
    result = wordle("prune", "cigar", "A" * 100_000, "answers.txt", "out.txt", cwd=work)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("Error: ") and len(result.stderr) < 600
    assert (work / "out.txt").read_text() == "old content\n"


LONG_INPUTS = {
    # name: (arguments, exit status); each repeats one long input (issue 23, item 17)
    "extra-arguments": (["feedback", "cigar", "cigar", *["e"] * 50_000], 2),
    "integer-option": (["score", "--top", "9" * 5000, "answers.txt", "answers.txt", "-"], 2),
    "choice-option": (["prune", "--rule", "x" * 5000, "cigar", "AAAAA", "answers.txt", "-"], 2),
    "unknown-option": (["prune", "--" + "x" * 5000], 2),
    "unknown-command": (["x" * 5000], 2),
    "prior-weight": (["infer", "-q", "--prior", "prior.txt", "grids.txt"], 1),
    "prior-line": (["infer", "-q", "--prior", "prior-line.txt", "grids.txt"], 1),
    "file-name": (["tree", "show", "x" * 5000], 1),
    "output-name": (["prune", "-q", "cigar", "AAAAA", "answers.txt", "nowhere/" + "x" * 5000], 1),
}


@pytest.mark.parametrize("case", list(LONG_INPUTS))
def test_messages_quote_at_most_40_characters_of_an_input(work, case):
    (work / "prior.txt").write_text("cigar," + "9" * 5000 + "\n")
    (work / "prior-line.txt").write_text("x" * 5000 + "\n")
    (work / "grids.txt").write_text("Wordle 1 1/6\n\n🟩🟩🟩🟩🟩\n")
    args, status = LONG_INPUTS[case]
    result = wordle(*args, cwd=work)
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr
    error = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(error) == 1 and len(error[0]) < 200, error
    assert not re.search(r"(\S)\1{40}", error[0]) and "e " * 21 not in error[0], error[0]  # at most 40 of the input
    assert "characters" in error[0]  # and how long it was


# ---------------------------------------------------------------- environment and names (defect 11)


@pytest.mark.parametrize(
    "variable, value",
    [("NUMBA_NUM_THREADS", "0"), ("NUMBA_NUM_THREADS", "-1"), ("NUMBA_NUM_THREADS", "many"), ("NUMBA_NUM_THREADS", "100000"),
     ("NUMBA_NUM_THREADS", "9" * 5000), ("NUMBA_NUM_THREADS", "²"), ("NUMBA_THREADING_LAYER", "bogus")],
    ids=lambda text: text if len(text) < 30 else f"{len(text)}-digits",
)
def test_bad_numba_environment_is_one_line(work, variable, value):
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    result = wordle("score", "-q", "answers.txt", "answers.txt", "out.txt", env={variable: value}, cwd=work)
    one_line(result, 1, variable, quote(value))
    guard.check()


def test_numba_cache_falls_back_when_home_and_package_are_read_only(tmp_path):
    """A service user in a container: HOME unwritable, the installed package read-only (issue 23, item 5).

    Faithful even as root: /dev/null/home cannot be created by anyone, and a
    *file* named __pycache__ in each package folder stops numba (and Python)
    from caching beside the code, as a read-only install does.
    """
    import shutil

    package = tmp_path / "site" / "wordle_cli"
    shutil.copytree(ROOT / "wordle_cli", package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in [package, *(p for p in package.rglob("*") if p.is_dir())]:
        (folder / "__pycache__").write_text("")
    write_list(tmp_path / "answers.txt", ANSWERS)
    (tmp_path / "tmp").mkdir()
    env = {k: v for k, v in ENV.items() if k not in ("XDG_CACHE_HOME", "NUMBA_CACHE_DIR")}
    env.update(HOME="/dev/null/home", TMPDIR=str(tmp_path / "tmp"), PYTHONPATH=str(package.parent))
    args = [sys.executable, "-m", "wordle_cli", "score", "-q", "answers.txt", "answers.txt", "-"]
    want = wordle("score", "-q", "answers.txt", "answers.txt", "-", cwd=tmp_path).stdout

    first = subprocess.run(args, capture_output=True, env=env, cwd=tmp_path, timeout=300)
    assert (first.returncode, first.stderr.decode()) == (0, "")
    assert first.stdout == want
    cache = tmp_path / "tmp" / f"wordle-cli-numba-{os.getuid()}"
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700 and list(cache.rglob("*.nbi"))  # numba's index files

    env["NUMBA_CACHE_DIR"] = "/dev/null/numba"  # a cache folder that cannot be: one warning line, the same result
    second = subprocess.run(args, capture_output=True, env=env, cwd=tmp_path, timeout=300)
    assert second.returncode == 0 and second.stdout == want
    assert second.stderr.decode().splitlines() == [
        f"warning: NUMBA_CACHE_DIR='/dev/null/numba' is not a writable folder; numba caches in {cache} instead"
    ]


COMPLETION_FAULTS = {
    # name: (the environment, what the one line must say)
    "unknown-request": ({"_WORDLE_COMPLETE": "nonsense"}, "_WORDLE_COMPLETE='nonsense' is not a completion request"),
    "unknown-shell": ({"_WORDLE_COMPLETE": "tcsh_source"}, "_WORDLE_COMPLETE='tcsh_source'"),
    "no-words": ({"_WORDLE_COMPLETE": "bash_complete", "COMP_CWORD": "abc"}, "COMP_WORDS is not set"),
    "word-not-a-number": ({"_WORDLE_COMPLETE": "bash_complete", "COMP_WORDS": "wordle sc", "COMP_CWORD": "abc"},
                          "COMP_CWORD='abc' is not a word number"),
    "huge-number": ({"_WORDLE_COMPLETE": "zsh_complete", "COMP_WORDS": "wordle sc", "COMP_CWORD": "9" * 5000},
                    "(5000 characters) is not a word number"),
    "fish-blank-word": ({"_WORDLE_COMPLETE": "fish_complete", "COMP_WORDS": "wordle sc", "COMP_CWORD": " "},
                        "COMP_CWORD=' ' holds no word"),
}


@pytest.mark.parametrize("fault", list(COMPLETION_FAULTS))
def test_bad_completion_request_is_one_line(work, fault):
    env, message = COMPLETION_FAULTS[fault]
    line = one_line(wordle(env=env, cwd=work), 1, message)
    assert len(line) < 300


def test_completion_request_still_completes(work):
    """The control case: what bash's completion function sets gets click's answer."""
    result = wordle(env={"_WORDLE_COMPLETE": "bash_complete", "COMP_WORDS": "wordle sc", "COMP_CWORD": "1"}, cwd=work)
    quiet_success(result)
    assert result.stdout == b"plain,score\n"


@pytest.mark.parametrize("length", [250, 255])
def test_output_name_at_the_length_limit(work, length):
    name = "x" * (length - 4) + ".txt"
    result = wordle("prune", "-q", "cigar", "AAAAA", "answers.txt", name, cwd=work)
    quiet_success(result)
    assert (work / name).read_bytes() == pruned("cigar", "AAAAA", ANSWERS)
    assert sorted(os.listdir(work)) == sorted(["answers.txt", "tree.txt", "out.txt", name])


@pytest.mark.parametrize("command", ["feedback", "simulate"])
def test_argument_that_is_not_utf8_is_a_usage_error(work, command):
    bad = os.fsdecode(b"\xff\xfe\xfd\xfc\xfb")
    if command == "feedback":
        args = ["feedback", bad, "cigar"]
    else:
        args = ["simulate", "-q", "--answers", "answers.txt", "--allowed", "answers.txt", "--first", bad, "--output", "out.txt"]
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    result = wordle(*args, cwd=work)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.splitlines()[-1].startswith("Error: ")
    assert "not valid UTF-8" in result.stderr
    guard.check()


def test_unwritable_directory_fails_before_computing(work):
    if AS_ROOT:
        pytest.skip("root may write into read-only directories")
    ro = work / "ro"
    ro.mkdir()
    os.chmod(ro, 0o555)
    try:
        one_line(wordle("prune", "-q", "cigar", "AAAAA", "answers.txt", "ro/out.txt", cwd=work), 1, "ro/out.txt")
    finally:
        os.chmod(ro, 0o755)


# ---------------------------------------------------------------- OUTPUT paths that name a directory (issue 23)


WRITERS = {
    "prune": ["prune", "-q", "cigar", "AAAAA", "answers.txt"],
    "score": ["score", "-q", "answers.txt", "answers.txt"],
    "simulate": ["simulate", "-q", *GAME, "--first", "cigar", "--output"],
    "tree-build": ["tree", "build", "-q", *GAME, "--first", "cigar", "-o"],
}


@pytest.mark.parametrize("command, output", [*((c, "newname/") for c in WRITERS), ("prune", "out.txt/"), ("score", "out.txt/.")])
def test_output_path_naming_a_directory_is_refused_like_cp(work, command, output):
    """`newname/` can only be a directory: refuse it (as cp does) instead of writing `newname`."""
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    one_line(wordle(*WRITERS[command], output, cwd=work), 1, f"cannot write {output}: Not a directory")
    guard.check()


# ---------------------------------------------------------------- the tree commands and partition


def test_tree_file_is_valid(work):
    """The control case: TREE is a valid tree for ANSWERS, so the failures below are the faults'."""
    result = wordle("tree", "verify", "-q", *GAME, "tree.txt", cwd=work)
    quiet_success(result)
    assert result.stdout.startswith(b"tree.txt: a valid selby tree")


def assert_tree_for_answers(path: Path) -> None:
    """`path` holds a complete tree (selby or json) that reaches every answer once."""
    from wordle_cli.trees.formats import read

    tree = read(path.read_text(), str(path)).tree
    assert sorted(tree.depths()) == sorted(ANSWERS)


@pytest.mark.parametrize("output", ["device-null", "device-full", "symlink", "dangling-symlink"])
def test_tree_build_output_is_written_through_or_followed(work, output):
    build = ["tree", "build", "-q", *GAME, "--first", "cigar", "-o"]
    guard = Guard(work / "answers.txt", folders=[work])
    if output.startswith("device"):
        node = device(work, output.split("-")[1])
        result = wordle(*build, str(node), cwd=work)
        if output == "device-null":
            quiet_success(result)
        else:
            one_line(result, 1, f"cannot write {node}", "No space left on device")
        assert same_device(node, output.split("-")[1])
        guard = Guard(work / "answers.txt", folders=[work])  # the node itself may be new here (root)
        guard.check()
        return
    target = "out.txt" if output == "symlink" else "new.txt"
    os.symlink(target, work / "link")
    guard = Guard(work / "answers.txt", folders=[work])
    quiet_success(wordle(*build, "link", cwd=work))
    assert os.readlink(work / "link") == target
    assert_tree_for_answers(work / target)
    guard.check(new=[target])


TREE_FAULTS = {
    # name: (how to make FILE in the folder, FILE, what the one line must say)
    "directory": (lambda w: (w / "d").mkdir(), "d", "is a directory, not a tree file"),
    "missing": (lambda w: None, "nowhere.txt", "no such file"),
    "not-utf8": (lambda w: (w / "t").write_bytes(b"cigar GGGGG1\n\xff\n"), "t", "t line 2: not valid UTF-8"),
    "socket": (lambda w: socket.socket(socket.AF_UNIX).bind(str(w / "s")), "s", "cannot read"),
    "empty-device": (lambda w: None, "/dev/null", "the tree file is empty"),
    "deep-json": (lambda w: (w / "t").write_text('{"guess": "cigar", "map": ' * 5000 + "null" + "}" * 5000), "t",
                  "nested too deeply"),
    "deep-tree": (lambda w: (w / "t").write_text(_deep_json_tree(300)), "t", "deeper than 256 turns"),
    "huge-word": (lambda w: (w / "t").write_text('{"guess": "' + "a" * MiB + '", "map": {}}'), "t", "(1048576 characters)"),
    "huge-token": (lambda w: (w / "t").write_text("cigar " + "G" * MiB + "\n"), "t", "t line 1"),
    # Integers beyond Python's int-string limit (4300 digits), issue 23 item 1:
    "huge-json-int": (lambda w: (w / "t").write_text(HUGE_INT_TREE), "t", "the number '9999"),
    "huge-turn": (lambda w: (w / "t").write_text("cigar GGGGG" + "9" * 5000 + "\n"), "t", "t line 1: 'GGGGG9999"),
    "unicode-turn": (lambda w: (w / "t").write_text("cigar GGGGG²\n"), "t", "should end with its turn, 1"),
    "many-turns": (lambda w: (w / "t").write_text("cigar BBBBB1 " * 100_000 + "\n"), "t", "t line 1: more than 256 turns"),
}

#: A JSON tree that is valid but for a 5000-digit number in a field of its own.
HUGE_INT_TREE = '{"guess": "cigar", "map": {"GGGGG": null}, "summary": {"total": ' + "9" * 5000 + "}}"


@pytest.mark.parametrize("command", ["tree-verify", "simulate", "play", "infer"])
def test_numbers_beyond_the_int_string_limit_are_one_line(work, command):
    """Every reader of a tree file, and `infer` reading a header's puzzle number (issue 23, item 1)."""
    (work / "t.json").write_text(HUGE_INT_TREE)
    (work / "grids.txt").write_text("Wordle " + "9" * 5000 + " 1/6\n\n🟩🟩🟩🟩🟩\n")
    args = {
        "tree-verify": ["tree", "verify", "-q", *GAME, "t.json"],
        "simulate": ["simulate", "-q", *GAME, "--tree", "t.json", "--output", "-"],
        "play": ["play", "-q", *GAME, "--tree", "t.json", "--batch"],
        "infer": ["infer", "-q", "grids.txt"],
    }[command]
    guard = Guard(work / "answers.txt", work / "t.json", work / "grids.txt", folders=[work])
    want = "grids.txt line 1: puzzle number" if command == "infer" else "t.json: the number '9999"
    line = one_line(wordle(*args, cwd=work), 1, want, "(5000 characters)")
    assert len(line) < 300
    guard.check()


def _deep_json_tree(turns: int) -> str:
    import json

    node = {"guess": "cigar", "map": {"GGGGG": None}}
    for _ in range(turns - 1):
        node = {"guess": "rebut", "map": {"BBBBB": node}}
    return json.dumps(node)


@pytest.mark.parametrize("fault", list(TREE_FAULTS))
def test_bad_tree_file_is_one_line(work, fault):
    make, name, message = TREE_FAULTS[fault]
    make(work)
    inputs = [work / name] if (work / name).is_file() else []
    guard = Guard(work / "answers.txt", *inputs, folders=[work])
    line = one_line(wordle("tree", "show", name, cwd=work), 1, message)
    assert len(line) < 300
    guard.check()


def test_tree_verify_on_an_endless_file_in_bounded_memory(work):
    guard = Guard(work / "answers.txt", folders=[work])
    result, peak = measured(["tree", "verify", "-q", *GAME, "/dev/zero"], stdin=subprocess.DEVNULL, limit=1024 * MiB, cwd=work)
    one_line(result, 1, "/dev/zero: larger than 16 MiB, so not a tree file")
    assert peak < 150 * MiB, peak
    guard.check()


@pytest.mark.parametrize("command", ["tree-show", "tree-build"])
def test_tree_commands_with_stdin_closed(work, command):
    """`tree show -` reads the tree, `tree build --answers -` the answers from stdin."""
    args = ["tree", "show", "-"] if command == "tree-show" else ["tree", "build", "-q", "--answers", "-", "--allowed",
                                                                  "answers.txt", "-o", "out.txt"]
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    one_line(wordle(*args, cwd=work, preexec_fn=lambda: os.close(0)), 1, "<stdin>", "standard input is closed")
    guard.check()


def test_tree_build_terminated_mid_run_keeps_old_output(work):
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    proc = start("tree", "build", "-q", "--answers", "-", "--allowed", "answers.txt", "-o", "out.txt", cwd=work,
                 stdin=subprocess.PIPE)
    _reading(proc)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    one_line(Result(proc.returncode, out, err.decode()), 143, "SIGTERM")
    guard.check()


@pytest.mark.parametrize("command", ["tree-build", "partition"])
def test_bad_numba_environment_is_one_line_for_the_tree_commands(work, command):
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    result = wordle(*STDOUT_COMMANDS[command], env={"NUMBA_NUM_THREADS": "0"}, cwd=work)
    if command == "partition":  # needs no numba: the variable does not matter
        quiet_success(result)
        assert result.stdout.startswith(b"cigar splits the 12 answers")
    else:
        one_line(result, 1, "NUMBA_NUM_THREADS", "'0'")
    guard.check()


@pytest.mark.slow  # starts a local Dask cluster (~5 s)
def test_tree_rank_to_a_device_makes_no_checkpoint_beside_it(work):
    """`tree rank -o /dev/null` must not create /dev/null.checkpoint (nor replace the device)."""
    null = device(work, "null")
    (work / "openers.txt").write_text("cigar\n")
    guard = Guard(work / "answers.txt", work / "openers.txt", folders=[work])
    result = wordle("tree", "rank", "-q", *GAME, "--openers", "openers.txt", "--workers", "1", "-o", str(null), cwd=work)
    quiet_success(result)
    assert same_device(null, "null")
    assert not os.path.lexists(f"{null}.checkpoint")
    guard.check()


def test_threads_started_while_kept_from_new_threads_never_take_a_signal():
    """Library threads (CUDA's) started in the block inherit the terminating signals blocked; one sent meanwhile is raised."""
    import signal
    import threading

    from wordle_cli import interrupts

    masks = []
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, interrupts._handler)
    try:
        with pytest.raises(interrupts.Interrupted) as raised:  # at the block's end, or inside where other threads exist
            with interrupts.kept_from_new_threads():
                worker = threading.Thread(target=lambda: masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, [])))
                worker.start()
                worker.join()
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)
        assert raised.value.exit_status == 130
    finally:
        signal.signal(signal.SIGINT, before)
        interrupts._received = None
    assert set(interrupts.SIGNALS) <= set(masks[0])
    assert not set(interrupts.SIGNALS) & set(signal.pthread_sigmask(signal.SIG_BLOCK, []))


# ---------------------------------------------------------------- the review cache's entries (issue 29, items 4, 5, 12)

#: A review of a tiny game: a few proven values, each one file in the cache.
REVIEW = ["review", "-q", "--json", *GAME, "--answer", "focal", "cigar", "humph", "focal"]


def cached_review(work: Path, cache: Path, **run) -> Result:
    return wordle(*REVIEW, env={"WORDLE_CACHE_DIR": str(cache)}, cwd=work, **run)


@pytest.fixture
def cache_entries(work):
    """(the review's JSON without its notes, the cache's entry files) after one review into an empty cache."""
    cache = work / "cache"
    result = cached_review(work, cache)
    quiet_success(result)
    entries = sorted(cache.rglob("*.json"))
    assert len(entries) >= 2, entries
    return _without_notes(result.stdout), entries


def _without_notes(stdout: bytes) -> dict:
    import json

    data = json.loads(stdout)
    data.pop("notes")
    return data


def _put(kind: str, entry: Path, work: Path) -> None:
    """Replace one cache entry by a special file of `kind`."""
    entry.unlink()
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "symlink":
        os.symlink(work / "precious.txt", entry)
    elif kind == "dangling-symlink":
        os.symlink(work / "nowhere.txt", entry)
    elif kind == "symlink-to-dev-zero":
        os.symlink("/dev/zero", entry)
    elif kind == "dev-zero":
        if not AS_ROOT:
            pytest.skip("making a device node needs root; symlink-to-dev-zero covers the rest")
        os.mknod(entry, stat.S_IFCHR | 0o666, os.makedev(1, 5))
    elif kind == "directory":
        entry.mkdir()
    elif kind == "huge":  # 100 MiB (sparse: quick to make)
        with open(entry, "wb") as f:
            f.truncate(100 * MiB)
    elif kind == "deep-json":  # the JSON decoder's recursion
        entry.write_text("[" * 100_000)
    elif kind == "deep-json-small":  # within any size bound, still beyond the decoder's recursion limit
        entry.write_text("[" * 5_000)
    else:
        raise AssertionError(kind)


#: Entries that stay what they are (never written through, never replaced), and those rewritten as regular files.
LEFT_ALONE = ["fifo", "symlink", "dangling-symlink", "symlink-to-dev-zero", "dev-zero", "directory"]
REWRITTEN = ["huge", "deep-json", "deep-json-small"]


def _same_special(kind: str, entry: Path, work: Path) -> bool:
    st = os.lstat(entry)
    if kind == "fifo":
        return stat.S_ISFIFO(st.st_mode)
    if kind == "dev-zero":
        return stat.S_ISCHR(st.st_mode) and os.minor(st.st_rdev) == 5
    if kind == "directory":
        return stat.S_ISDIR(st.st_mode) and not os.listdir(entry)
    want = {"symlink": str(work / "precious.txt"), "dangling-symlink": str(work / "nowhere.txt"),
            "symlink-to-dev-zero": "/dev/zero"}[kind]
    return stat.S_ISLNK(st.st_mode) and os.readlink(entry) == want


@pytest.mark.parametrize("kind", LEFT_ALONE + REWRITTEN)
def test_special_cache_entries_are_damage_never_followed_nor_waited_on(work, cache_entries, kind):
    """Items 4 and 5: a cache entry that is a FIFO, a link (to a file, nowhere, /dev/zero), a device, a folder,
    100 MiB or nested JSON: the review ignores it with a warning naming it, proves the value again, in bounded
    memory, without hanging; a link's target and every special entry stay as they were; nothing is left behind."""
    want, entries = cache_entries
    (work / "precious.txt").write_text("precious\n")
    for entry in entries:
        _put(kind, entry, work)
    folders = sorted({entry.parent for entry in entries})
    guard = Guard(work / "answers.txt", work / "precious.txt", folders=[work, *folders])
    args = [*REVIEW[:1], *REVIEW[1:]]
    result, peak = measured(args, stdin=subprocess.DEVNULL, limit=1024 * MiB, cwd=work,
                            env={"WORDLE_CACHE_DIR": str(work / "cache")}, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert "Traceback" not in result.stderr
    assert all(line.startswith("warning: ignored damaged cache entry ") for line in lines), lines
    assert sorted(line.split()[5] for line in lines) == sorted(str(e) for e in entries)  # each named once
    assert peak < 250 * MiB, peak  # a review takes ~150 MB; reading the 100 MiB entry whole took 370
    guard.check()
    assert not (work / "nowhere.txt").exists()
    for entry in entries:
        if kind in LEFT_ALONE:
            assert _same_special(kind, entry, work), (kind, entry)
        else:
            assert stat.S_ISREG(os.lstat(entry).st_mode) and os.path.getsize(entry) < 8000  # rewritten whole (a whole review: a few KB)
    if kind in REWRITTEN:
        again = cached_review(work, work / "cache")
        quiet_success(again)
        assert _without_notes(again.stdout) == want


def test_special_cache_entries_give_the_same_review(work, cache_entries):
    """The review read past the faults above is the one an intact cache gives (its JSON, notes aside)."""
    want, entries = cache_entries
    for entry in entries:
        _put("fifo", entry, work)
    result = cached_review(work, work / "cache", timeout=60)
    assert result.returncode == 0, result.stderr
    assert _without_notes(result.stdout) == want


def test_full_disk_warns_once_and_stops_writing_the_cache(tiny_disk, work):
    """Item 12: a cache on a full disk costs one warning, not one per entry, and the review is unchanged."""
    cache = tiny_disk / "cache"
    first = cached_review(work, cache)
    quiet_success(first)
    entries = sorted(cache.rglob("*.json"))
    assert len(entries) >= 2
    for entry in entries:
        entry.unlink()
    fill(tiny_disk / "filler")
    folders = sorted({entry.parent for entry in entries})
    guard = Guard(work / "answers.txt", folders=[tiny_disk, *folders])
    result = cached_review(work, cache)
    line = one_line(result, 0, "warning: cannot write the cache", "No space left on device")
    assert str(folders[0]) in line
    assert _without_notes(result.stdout) == _without_notes(first.stdout)
    guard.check()


@pytest.mark.parametrize("kind", ["file", "fifo", "dev-null", "under-a-file"])
def test_a_cache_folder_that_is_no_folder_is_one_warning(work, cache_entries, kind):
    """Issue 36 item 7: a cache folder that is a file, FIFO or device gave a warning per entry read (51 lines for
    one review, even with -q): one line for the run, the review unchanged, the file left as it was."""
    want, _ = cache_entries
    folder = work / "no-folder"
    if kind == "fifo":
        os.mkfifo(folder)
    elif kind == "dev-null":
        folder = device(work, "null")
    else:
        folder.write_text("not a folder\n")
    cache = folder / "cache" if kind == "under-a-file" else folder
    guard = Guard(*([folder] if kind in ("file", "under-a-file") else []), work / "answers.txt", folders=[work])
    result = cached_review(work, cache, timeout=60)
    line = one_line(result, 0, f"warning: ignored the cache {cache}/", "(Not a directory): neither reading nor writing it")
    assert "damaged" not in line
    assert _without_notes(result.stdout) == want
    guard.check()


def test_in_worker_returns_what_its_function_returns_or_raises():
    from wordle_cli import interrupts

    assert interrupts.in_worker(lambda a, b=0: a + b, 2, b=3) == 5
    with pytest.raises(ZeroDivisionError):
        interrupts.in_worker(lambda: 1 / 0)


def test_in_worker_leaves_at_a_signal_once_the_workers_write_is_whole():
    """The main thread leaves on a signal while its worker computes, but not in the middle of the worker's
    `deferred` block (a file being written); after that, no new block starts in the worker."""
    from wordle_cli import interrupts

    done = []

    def work():
        with interrupts.deferred():
            os.kill(os.getpid(), signal.SIGINT)  # handled in the main thread, which is waiting for us
            while interrupts.received() is None:
                time.sleep(0.01)
            done.append("first write")
        try:
            with interrupts.deferred():
                done.append("second write")
        except interrupts.Interrupted:
            done.append("refused")

    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, interrupts._handler)
    try:
        with pytest.raises(interrupts.Interrupted) as raised:
            interrupts.in_worker(work)
        assert done[:1] == ["first write"] and raised.value.exit_status == 130
    finally:
        signal.signal(signal.SIGINT, before)
        interrupts._received = None
    for _ in range(500):
        if len(done) == 2:
            break
        time.sleep(0.01)
    assert done == ["first write", "refused"]


#: A stand-in for matplotlib whose import is interrupted, and which (as some libraries do) turns whatever
#: stopped its import into an ImportError.
INTERRUPTED_IMPORT = """
import os, signal, time
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(30)
except BaseException as exc:
    raise ImportError("cannot import name 'ft2font' (partially initialized module)") from exc
"""


def test_ctrl_c_while_matplotlib_imports_is_an_interruption(work):
    """Issue 29 item 8: an ImportError that a signal caused is the signal, not a missing matplotlib."""
    fake = work / "fake"
    (fake / "matplotlib").mkdir(parents=True)
    (fake / "matplotlib" / "__init__.py").write_text(INTERRUPTED_IMPORT)
    guard = Guard(work / "answers.txt", work / "out.txt", folders=[work])
    done = subprocess.run([*WORDLE, "simulate", "-q", *GAME, "--first", "cigar", "--plot", "chart.svg"],
                          capture_output=True, cwd=work, timeout=120, preexec_fn=default_signals(),
                          env={**ENV, "PYTHONPATH": os.pathsep.join([str(fake), ENV["PYTHONPATH"]])})
    one_line(Result(done.returncode, done.stdout, done.stderr.decode()), 130, "wordle: interrupted")
    guard.check()


def test_keyboard_interrupt_behind_an_import_error_is_not_a_missing_matplotlib(monkeypatch):
    """In Python (no handlers of ours): an ImportError caused by Ctrl-C's KeyboardInterrupt is the KeyboardInterrupt."""
    from wordle_cli.pictures import charts

    class Interrupting:
        def find_spec(self, name, path=None, target=None):
            if name == "matplotlib":
                try:
                    raise KeyboardInterrupt
                except KeyboardInterrupt as exc:
                    raise ImportError("cannot import matplotlib") from exc
            return None

    monkeypatch.delitem(sys.modules, "matplotlib", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
    with pytest.raises(KeyboardInterrupt):
        charts.check("chart.svg")


# ---------------------------------------------------------------- a signal during review's long proof (issue 29, item 6)

#: Runs the `wordle` program as its console script does, sending itself argv[1] (a signal's name) 0.5 s after the
#: first exact search starts (`Problem.build` or `Problem.value`): a moment inside a long proof, exactly.
SIGNAL_IN_PROOF = """
import os, signal, sys, threading
signum = signal.Signals[sys.argv[1]]
del sys.argv[1]
from wordle_cli.trees import builder
armed = []
def arm(method):
    def armed_method(*args, **kwargs):
        if not armed:
            armed.append(threading.Timer(0.5, os.kill, (os.getpid(), signum)))
            armed[0].start()
            sys.stderr.write("proving\\n")
            sys.stderr.flush()
        return method(*args, **kwargs)
    return armed_method
builder.Problem.build = arm(builder.Problem.build)
builder.Problem.value = arm(builder.Problem.value)
builder.Problem.prove_parts = arm(builder.Problem.prove_parts)
from wordle_cli.cli import entry_point
sys.argv[0] = "wordle"
entry_point()
"""


LONG_PROOFS = {
    "review": ["review", "--game", "wordle", "-q", "fuzzy"],
    "tree build --first": ["tree", "build", "--game", "wordle", "-q", "--first", "fuzzy"],  # its classes on threads
    "tree build": ["tree", "build", "--game", "wordle", "-q"],  # every opener, in one search
}


@pytest.mark.parametrize("command", sorted(LONG_PROOFS))
@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM"])
def test_a_signal_stops_a_long_proof_at_once(work, signame, command):
    """A proof on the full lists (minutes of work, or hours): the signal ends it at once, 128 + N, one line, and
    review's cache holds only whole entries (none is written until a value is proven)."""
    cache = work / "cache"
    args = LONG_PROOFS[command]
    proc = subprocess.Popen([sys.executable, "-c", SIGNAL_IN_PROOF, signame, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**ENV, "WORDLE_CACHE_DIR": str(cache)}, cwd=work,
                            preexec_fn=default_signals(), start_new_session=True)
    try:
        out, err = proc.communicate(timeout=60)  # the proof alone takes minutes
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"{command} still proving 60 s after {signame}")
    signum = signal.Signals[signame]
    lines = [line for line in err.decode().splitlines() if not line.startswith("warning: no --first")]
    assert lines[0] == "proving", lines  # the signal came inside the proof
    want = "interrupted" if signum == signal.SIGINT else f"terminated by {signame}"
    assert lines[1:] == [f"wordle: {want}"] and proc.returncode == 128 + signum and out == b""
    import json

    for path in cache.rglob("*"):
        assert path.is_dir() or (path.suffix == ".json" and json.loads(path.read_text())["check"]), path


# ---------------------------------------------------------------- a signal while compiled code calls Python (issue 36, item 1)

#: Runs the `wordle` program with numba's unpickler spied on: the first time compiled code called from argv[2] (a
#: Python function's name: the call site) calls it, the program sends itself argv[1] (a signal's name). The
#: unpickler is the Python code every kernel calls while it runs, to box the arrays it returns; the spy runs as
#: it does, in its module's name. A signal that arrived while the kernel ran is handled right there.
SIGNAL_IN_CALLBACK = """
import os, signal, sys
signum, site = signal.Signals[sys.argv[1]], sys.argv[2]
del sys.argv[1:3]
from numba.core import serialize
spy = {"__name__": "numba.core.serialize", "os": os, "sys": sys, "real": serialize._numba_unpickle, "fired": []}
exec('''
def _numba_unpickle(*args):
    if not fired and sys._getframe(1).f_code.co_name == SITE:
        fired.append(1)
        sys.stderr.write("signalled\\\\n")
        sys.stderr.flush()
        os.kill(os.getpid(), SIGNUM)
    return real(*args)
'''.replace("SITE", repr(site)).replace("SIGNUM", str(int(signum))), spy)
serialize._numba_unpickle = spy["_numba_unpickle"]
from wordle_cli.cli import entry_point
sys.argv[0] = "wordle"
entry_point()
"""

#: Every call site whose compiled code calls back into Python, found by recording the unpickler's callers over the
#: commands (score, prune, solve, simulate, play, --lies, --boards, fibble, absurdle, partition, tree build, review,
#: infer), with a command that reaches it; review's proof runs `_value` and `new_context` in its worker thread.
SMALL = ["--game", "wordle", "--answers", "answers.txt"]
CALLBACK_SITES = {
    "row_pools": ["fibble", "solve", "-q", *SMALL, "--allowed", "answers.txt"],  # the search, in a worker thread
    "feedback_codes": ["solve", "-q", *SMALL, "cigar"],
    "__init__": ["tree", "build", "-q", *SMALL, "--allowed", "answers.txt"],  # the tree search's tables
    "new_context": ["tree", "build", "-q", *SMALL, "--allowed", "answers.txt"],
    "_value": ["tree", "build", "-q", *SMALL, "--allowed", "answers.txt"],  # in a worker thread
    "_extract": ["tree", "build", "-q", *SMALL, "--allowed", "answers.txt"],
}


@pytest.mark.parametrize("site", sorted(CALLBACK_SITES))
@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_while_compiled_code_calls_python_is_a_clean_stop(work, signame, site):
    """Issue 36 item 1: `fibble solve` exited 1 with "SystemError: CPUDispatcher(_row_pools) returned a result
    with an exception set" when the signal came while a kernel ran: 128 + N and one line, from every call site."""
    proc = subprocess.run([sys.executable, "-c", SIGNAL_IN_CALLBACK, signame, site, *CALLBACK_SITES[site]],
                          capture_output=True, env=ENV, cwd=work, preexec_fn=default_signals(), timeout=120, check=False)
    signum = signal.Signals[signame]
    want = "interrupted" if signum == signal.SIGINT else f"terminated by {signame}"
    assert proc.stderr.decode().splitlines() == ["signalled", f"wordle: {want}"]
    assert proc.returncode == 128 + signum and proc.stdout == b""
