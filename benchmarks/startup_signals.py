"""Ctrl-C during start-up: send SIGINT to the `wordle` console script 0..150 ms after spawning it.

Prints what each run did and a tally: one line and status 130 (the program's
handler), a silent death by SIGINT (before Python installs its own handler: a
shell reports 130), or a traceback and where it came from (the interpreter's
start-up: site.py and .pth files; or wordle_cli). docs/reliability.md quotes
its figures. Usage:

    python3 benchmarks/startup_signals.py [RUNS] [MAX_MS] [REPEATS]
"""

from __future__ import annotations

import collections
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wordle_command() -> list[str]:
    script = Path(sys.executable).with_name("wordle")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "wordle_cli"]


def outcome(returncode: int, err: str) -> str:
    if returncode == 130 and err == "wordle: interrupted\n":
        return "one line, status 130"
    if returncode == -signal.SIGINT and not err:
        return "killed by SIGINT before Python's own handler (silent; a shell reports 130)"
    if "Traceback" in err:
        where = "the interpreter's start-up (site, .pth files)" if "<frozen site>" in err else (
            "wordle_cli" if "wordle_cli" in err else "the console script")
        return f"traceback in {where}, status {returncode}"
    return f"status {returncode}: {err.strip()[-60:]!r}"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    top = float(sys.argv[2]) if len(sys.argv) > 2 else 150.0
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    tally: collections.Counter = collections.Counter()
    first_clean = []
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "answers.txt").write_text("cigar\nrebut\n")
        for _ in range(repeats):
            clean_from = None
            for i in range(runs):
                delay = top / 1000 * i / max(1, runs - 1)
                proc = subprocess.Popen(
                    [*wordle_command(), "prune", "-q", "cigar", "AAAAA", "-", "out.txt"], cwd=folder, env=env,
                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                )
                time.sleep(delay)
                proc.send_signal(signal.SIGINT)
                _, err = proc.communicate()
                kind = outcome(proc.returncode, err.decode(errors="replace"))
                tally[kind] += 1
                if kind.startswith("one line") and clean_from is None:
                    clean_from = round(delay * 1000)
                elif not kind.startswith("one line"):
                    clean_from = None
                if repeats == 1:
                    print(f"{delay * 1000:5.0f} ms  {kind}")
            first_clean.append(clean_from)
    print(f"{sum(tally.values())} runs:")
    for kind, n in tally.most_common():
        print(f"  {n:4d}  {kind}")
    print("one line from (ms), per sweep:", first_clean)


if __name__ == "__main__":
    main()
