"""A signal ends a run cleanly wherever it lands (issue 44, items 17 and 19): never inside llvmlite's binding or
numba's compiler lock (a ctypes callback dropped the exception and the run went on to write its output; a lock
left held hung the run for ever), no OUTPUT made after it, and a watchdog ends a run still alive a moment after
its signal, unless the signal was forgiven (Ctrl-C at `play`'s review) or a file is being made whole."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from children import default_signals

from wordle_cli import interrupts
from wordle_cli.output import AtomicOutput

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def run_script(script: str, *args, timeout: float = 120) -> subprocess.CompletedProcess:
    """`python -c script` with the checkout importable and the terminating signals at their defaults."""
    return subprocess.run([sys.executable, "-c", script, *args], capture_output=True, env=ENV, timeout=timeout,
                          preexec_fn=default_signals(), check=False, text=True)


@pytest.fixture
def handler():
    """The program's handler for SIGTERM in this process (no watchdog: `install` is not called), reset after."""
    before = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, interrupts._handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
        sys.setprofile(None)
        interrupts._received = None


def module_function(module: str, name: str, body: str):
    """A function `name(kill)` whose code runs as module `module`'s (the handler tells modules by their name)."""
    space = {"__name__": module}
    exec(f"def {name}(kill):\n    kill()\n    total = 0\n    for i in range(1000):\n        total += i\n{body}", space)
    return space[name]


def send_term() -> None:
    os.kill(os.getpid(), signal.SIGTERM)


@pytest.mark.parametrize(
    "module, name",
    [
        ("llvmlite.binding.executionengine", "_raw_object_cache_notify"),  # a ctypes callback: it drops exceptions
        ("llvmlite.binding.ffi", "__enter__"),  # the lock over LLVM: between its acquire and its `with` block
        ("numba.core.compiler_lock", "acquire"),  # numba's compiler lock: the same
    ],
)
def test_a_signal_inside_llvmlites_binding_or_the_compiler_lock_is_raised_just_outside(handler, module, name):
    ran = []
    inside = module_function(module, name, "    ran.append(total)\n    return total\n")
    inside.__globals__["ran"] = ran
    with pytest.raises(interrupts.Interrupted):
        inside(send_term)
        assert ran == [499500]  # the function ran to its end: the signal waited
        len(ran)  # the first call outside raises it
    assert ran == [499500]


def test_elsewhere_in_numba_a_signal_is_raised_at_once(handler):
    """Only the lock's own functions wait: a whole compile runs inside the lock's wrapper, where raising is fine."""
    ran = []
    wrapper = module_function("numba.core.compiler_lock", "_acquire_compile_lock", "    ran.append(total)\n")
    wrapper.__globals__["ran"] = ran
    with pytest.raises(interrupts.Interrupted):
        wrapper(send_term)
    assert ran == []


#: Compiles a small numba function with the program's handlers in, sending itself SIGTERM from inside llvmlite's
#: ctypes callback (numba's object-code hook, which it calls) the first time it runs; then writes argv[1] as an
#: OUTPUT. Before issue 44 the callback dropped the exception ("Exception ignored on calling ctypes callback
#: function"), the compile went on and the file was written.
SIGNAL_IN_COMPILE = """
import os, signal, sys
from wordle_cli import interrupts
interrupts.install()
import numba
from numba.core import codegen
from wordle_cli.output import AtomicOutput
original = codegen.JITCodeLibrary._object_compiled_hook
sent = []
def hook(cls, ll_module, buf):
    if not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(10000):  # the handler runs here, inside the callback
            pass
    return original.__func__(cls, ll_module, buf)
codegen.JITCodeLibrary._object_compiled_hook = classmethod(hook)
try:
    @numba.njit
    def add_one(x):
        return x + 1
    add_one(1)
    with AtomicOutput(sys.argv[1]) as out:
        out.write("compiled\\n")
    print("finished")
except interrupts.Interrupted as exc:
    print("interrupted", exc.signum, sent)
"""


def test_a_signal_during_a_compile_stops_the_run_and_writes_nothing(tmp_path):
    out = tmp_path / "out.txt"
    result = run_script(SIGNAL_IN_COMPILE, str(out))
    assert "Exception ignored" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert result.stdout == "interrupted 15 [True]\n" and result.returncode == 0
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_no_output_is_made_after_a_signal_a_library_swallowed(tmp_path):
    path = tmp_path / "out.txt"
    interrupts._received = signal.SIGTERM  # arrived, and its exception dropped somewhere
    try:
        with pytest.raises(interrupts.Interrupted), AtomicOutput(str(path)) as out:
            out.write("a whole file, but the run was told to stop\n")
    finally:
        interrupts._received = None
    assert list(tmp_path.iterdir()) == []


#: A run whose clean-up after its signal never ends (a lock left held): the watchdog ends it.
STUCK = """
import sys, threading, time
from wordle_cli import interrupts
interrupts.install()
held = threading.Lock()
held.acquire()
try:
    print("ready", flush=True)
    time.sleep(60)
except interrupts.Interrupted:
    held.acquire()  # for ever
"""


def test_the_watchdog_ends_a_run_stuck_after_its_signal():
    proc = subprocess.Popen([sys.executable, "-c", STUCK], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, text=True,
                            preexec_fn=default_signals())
    try:
        assert proc.stdout.readline() == "ready\n"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 143 and err == "wordle: terminated by SIGTERM\n"


#: Ctrl-C inside `cancellable` (play's review) is forgiven: the run goes on well past the watchdog's grace.
FORGIVEN = """
import os, signal, time
from wordle_cli import interrupts
interrupts.install()
interrupts.GRACE_S = 0.2
with interrupts.cancellable() as cancelled:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(30)
time.sleep(1.0)
print("alive", cancelled[0])
"""

#: A file being made whole (a `deferred` block) is waited for, past the grace; then the signal ends the run.
FINISHING = """
import os, signal, time
from wordle_cli import interrupts
interrupts.install()
interrupts.GRACE_S = 0.2
try:
    with interrupts.deferred():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(1.0)
        print("whole", flush=True)
except interrupts.Interrupted as exc:
    print("then", exc.signum, flush=True)
"""


def test_the_watchdog_stands_down_when_ctrl_c_is_forgiven():
    result = run_script(FORGIVEN)
    assert (result.returncode, result.stdout, result.stderr) == (0, "alive True\n", "")


def test_the_watchdog_waits_for_a_file_being_made_whole():
    result = run_script(FINISHING)
    assert (result.returncode, result.stdout, result.stderr) == (0, "whole\nthen 15\n", "")


def lists(tmp_path) -> list[str]:
    """The full game under a prior FILE, as in the issue: its start-up takes a second or two, its proof hours (as
    the long proofs of tests/test_faults.py, whose signals come once the search runs)."""
    words = [w.strip() for w in (ROOT / "wordlists" / "wordle-answers.txt").open() if w.strip()]
    (tmp_path / "p.csv").write_text("".join(f"{w},{1 + i % 7}\n" for i, w in enumerate(words)))
    return ["--game", "wordle", "--prior", str(tmp_path / "p.csv")]


@pytest.mark.parametrize("delay", [0.15, 0.3, 0.6, 1.0, 2.0])
def test_a_signal_at_any_moment_of_a_tree_build_ends_it(tmp_path, delay):
    """Issue 44 item 17: `tree build --prior FILE --format json -o OUT` given SIGTERM 0.3 s in was alive 14 minutes
    later. Wherever the signal lands (imports, tables, compiling or loading kernels, the search), the run ends
    with 143 and one line, and writes nothing."""
    import time

    out = tmp_path / "tree.json"
    proc = subprocess.Popen([sys.executable, "-m", "wordle_cli", "tree", "build", *lists(tmp_path), "--format", "json", "-o", str(out), "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, text=True, cwd=tmp_path,
                            preexec_fn=default_signals())
    time.sleep(delay)
    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"still running 60 s after SIGTERM ({delay} s in)")
    if proc.returncode == -signal.SIGTERM:  # before the program's handlers were in: the default action, as a shell's
        assert err == ""
    else:
        assert proc.returncode == 143 and err.splitlines()[-1:] == ["wordle: terminated by SIGTERM"], err
    assert "Traceback" not in err and "Exception ignored" not in err
    assert not out.exists()


#: Leaves as the program does once numba is loaded (os._exit, skipping the interpreter's exit) while holding a
#: semaphore of multiprocessing's, as Dask's local cluster does (`tree rank`).
SEMAPHORE_AT_EXIT = """
import multiprocessing
import numba
from wordle_cli.cli import process
kept = multiprocessing.get_context("spawn").Semaphore()
process.exit_with(143)
"""


def test_leaving_releases_multiprocessings_semaphores():
    """Issue 44 item 19: an interrupted `tree rank --workers 2` left multiprocessing's resource tracker saying
    "There appear to be 12 leaked semaphore objects to clean up at shutdown" after the program's one line."""
    result = run_script(SEMAPHORE_AT_EXIT)
    assert result.returncode == 143 and "leaked" not in result.stderr and result.stderr == "", result.stderr


#: A local cluster whose start a signal cut short: its worker processes are already starting (here one spawned
#: child), and no LocalCluster object exists to close them.
HALF_STARTED = """
import multiprocessing, sys, time
from wordle_cli.trees.cluster import Cluster
if __name__ == "__main__":
    child = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(60,))
    child.start()
    cluster = Cluster.__new__(Cluster)
    cluster.cluster = cluster.client = None
    cluster.address = None
    cluster.close()
    print(child.is_alive(), multiprocessing.active_children())
"""


def test_closing_a_half_started_local_cluster_stops_its_workers(tmp_path):
    script = tmp_path / "half.py"
    script.write_text(HALF_STARTED)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, env=ENV, timeout=120, text=True, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "False []\n", "")
