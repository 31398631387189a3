"""The `wordle` command as a user runs it: exit codes, messages, files (docs/spec.md §3-§6)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import types
from pathlib import Path

import naive
import pytest

from wordle_cli import backends, scoring
from wordle_cli.cli import main

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath", "dwarf"]
ALLOWED = ["roate", "raise", "zzzzz", "sissy", "eerie", "cigar", "naval", "qajaq"]

running_as_root = hasattr(os, "geteuid") and os.geteuid() == 0


def write(path: str, words, extra: str = "") -> str:
    Path(path).write_text("".join(w + "\n" for w in words) + extra, encoding="utf-8")
    return path


def invoke(runner, args, input=None, env=None):
    """Run `wordle ARGS`; no input a user can type may end in a Python exception."""
    result = runner.invoke(main, args, input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"wordle {' '.join(args)} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.stderr
    return result


def assert_ok(result):
    assert result.exit_code == 0, result.stderr
    assert "Error" not in result.stderr


def assert_data_error(result, *names):
    """Exit 1 and exactly one line on stderr (run with -q), naming what is wrong."""
    assert result.exit_code == 1, (result.exit_code, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("Error: ")
    for name in names:
        assert name in lines[0]
    return lines[0]


def assert_usage_error(result, *names):
    """Exit 2: click's usage lines, then exactly one error line naming the argument."""
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    lines = result.stderr.splitlines()
    errors = [line for line in lines if line.startswith("Error")]
    assert len(errors) == 1, lines
    assert lines[-1] == errors[0]
    assert lines[0].startswith("Usage: ")
    for name in names:
        assert name in errors[0]
    return errors[0]


def listing(path=".") -> set[str]:
    return set(os.listdir(path))


@pytest.fixture
def lists(runner):
    """Small word lists in the runner's directory."""
    return write("allowed.txt", ALLOWED), write("answers.txt", ANSWERS)


# ---------------------------------------------------------------- score


def test_score_writes_the_csv(runner, lists):
    allowed, answers = lists
    result = invoke(runner, ["score", allowed, answers, "out.csv"])
    assert_ok(result)
    assert result.stdout == ""
    assert Path("out.csv").read_text(encoding="utf-8") == naive.csv_text("strict", ALLOWED, ANSWERS)
    assert "loaded 8 allowed" in result.stderr and "loaded 12 potential answers" in result.stderr
    assert listing() == {"allowed.txt", "answers.txt", "out.csv"}


def test_score_to_stdout_keeps_info_lines_out(runner, lists):
    allowed, answers = lists
    result = invoke(runner, ["score", allowed, answers, "-"])
    assert_ok(result)
    assert result.stdout == naive.csv_text("strict", ALLOWED, ANSWERS)
    assert result.stderr.strip() != ""  # the info lines went to stderr


@pytest.mark.parametrize("which", [0, 1])
def test_score_reads_one_list_from_stdin(runner, lists, which):
    args = ["score", *lists, "out.csv"]
    piped = Path(args[1 + which]).read_text(encoding="utf-8")
    args[1 + which] = "-"
    assert_ok(invoke(runner, args, input=piped))
    assert Path("out.csv").read_text(encoding="utf-8") == naive.csv_text("strict", ALLOWED, ANSWERS)


def test_only_one_input_may_be_stdin(runner):
    result = invoke(runner, ["score", "-q", "-", "-", "out.csv"], input="cigar\n")
    # Either exit status is defensible (bad usage or bad data); it must be one clear line.
    assert result.exit_code in (1, 2)
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and "'-'" in errors[0]
    assert "stdin" in errors[0].lower() or "standard input" in errors[0].lower()
    assert not Path("out.csv").exists()


@pytest.mark.parametrize("precision", [1, 3, 10, 15])
def test_precision(runner, lists, precision):
    allowed, answers = lists
    result = invoke(runner, ["score", "-q", "--precision", str(precision), allowed, answers, "-"])
    assert_ok(result)
    assert result.stdout == naive.csv_text("strict", ALLOWED, ANSWERS, precision)


@pytest.mark.parametrize("precision", ["0", "-1", "18", "six"])
def test_bad_precision_is_a_usage_error(runner, lists, precision):
    assert_usage_error(invoke(runner, ["score", "--precision", precision, *lists, "out.csv"]), "--precision")


def test_rule_loose(runner, lists):
    allowed, answers = lists
    result = invoke(runner, ["score", "-q", "--rule", "loose", allowed, answers, "-"])
    assert_ok(result)
    assert result.stdout == naive.csv_text("loose", ALLOWED, ANSWERS)
    assert result.stdout != naive.csv_text("strict", ALLOWED, ANSWERS)


def test_unknown_rule_is_a_usage_error(runner, lists):
    assert_usage_error(invoke(runner, ["score", "--rule", "fuzzy", *lists, "out.csv"]), "--rule")


def test_duplicate_warning_and_quiet(runner):
    write("answers.txt", ANSWERS + ["CIGAR", "rebut"])
    loud = invoke(runner, ["score", "answers.txt", "answers.txt", "-"])
    assert_ok(loud)
    quiet = invoke(runner, ["score", "--quiet", "answers.txt", "answers.txt", "-"])
    assert_ok(quiet)
    assert quiet.stdout == loud.stdout == naive.csv_text("strict", ANSWERS, ANSWERS)
    # --quiet drops every informational line but keeps the warnings (one per list)
    warnings = quiet.stderr.splitlines()
    assert len(warnings) == 2
    for line in warnings:
        assert line.startswith("warning: ") and "answers.txt" in line and "2 duplicate" in line
    assert set(warnings) < set(loud.stderr.splitlines())
    assert len(loud.stderr.splitlines()) > len(warnings)


def test_threads(runner, lists, keep_numba_threads):
    allowed, answers = lists
    result = invoke(runner, ["score", "-q", "--threads", "1", allowed, answers, "-"])
    assert_ok(result)
    assert result.stdout == naive.csv_text("strict", ALLOWED, ANSWERS)


@pytest.mark.parametrize("threads", ["0", "-2", "many"])
def test_bad_threads_is_a_usage_error(runner, lists, threads):
    assert_usage_error(invoke(runner, ["score", "--threads", threads, *lists, "out.csv"]), "--threads")


def test_too_many_threads_is_one_clear_line(runner, lists, keep_numba_threads):
    result = invoke(runner, ["score", "-q", "--backend", "cpu", "--threads", "100000", *lists, "out.csv"])
    assert result.exit_code in (1, 2)
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and "threads" in errors[0]


# ---------------------------------------------------------------- backends


def test_backend_cpu_and_env_var(runner, lists):
    allowed, answers = lists
    want = naive.csv_text("strict", ALLOWED, ANSWERS)
    assert invoke(runner, ["score", "-q", "--backend", "cpu", allowed, answers, "-"]).stdout == want
    assert invoke(runner, ["score", "-q", allowed, answers, "-"], env={"WORDLE_BACKEND": "cpu"}).stdout == want
    assert invoke(runner, ["score", "-q", allowed, answers, "-"], env={"WORDLE_BACKEND": "auto"}).stdout == want


def test_backend_env_var_is_validated(runner, lists):
    result = invoke(runner, ["score", *lists, "out.csv"], env={"WORDLE_BACKEND": "tpu"})
    assert_usage_error(result, "WORDLE_BACKEND")


@pytest.mark.skipif(backends.cuda_status()[0], reason="a GPU is visible here")
@pytest.mark.parametrize("how", ["option", "env"])
@pytest.mark.parametrize("command", ["score", "prune"])
def test_backend_cuda_without_gpu_is_one_clear_line(runner, lists, how, command):
    allowed, answers = lists
    args = ["score", "-q", allowed, answers, "out.csv"] if command == "score" else ["prune", "-q", "cigar", "EEEEE", answers, "out.csv"]
    if how == "option":
        result = invoke(runner, [*args, "--backend", "cuda"])
    else:
        result = invoke(runner, args, env={"WORDLE_BACKEND": "cuda"})
    line = assert_data_error(result)
    assert "cuda" in line.lower()
    assert not Path("out.csv").exists()


@pytest.mark.parametrize(
    ("cuda_error", "words"),
    [
        ("cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version", "no NVIDIA driver"),
        ("cudaErrorNoDevice: no CUDA-capable device is detected", "no GPU is visible"),
        ("cudaErrorUnknown: unknown error", "no usable CUDA driver or GPU"),
    ],
)
def test_backends_says_why_cuda_is_unusable(runner, monkeypatch, cuda_error, words):
    """`wordle backends` puts CUDA's error in words, from CuPy's own error text (a stand-in CuPy here)."""

    def no_device():
        raise RuntimeError(cuda_error)

    fake = types.ModuleType("cupy")
    fake.cuda = types.SimpleNamespace(runtime=types.SimpleNamespace(getDeviceCount=no_device))
    monkeypatch.setitem(sys.modules, "cupy", fake)
    backends.cuda_status.cache_clear()
    try:
        result = invoke(runner, ["backends"])
    finally:
        backends.cuda_status.cache_clear()
    assert_ok(result)
    line = next(row for row in result.stdout.splitlines() if row.startswith("cuda"))
    assert f"unavailable: {words}" in line
    assert cuda_error.split(":")[0] in line
    assert "auto  uses cpu" in result.stdout


@pytest.mark.gpu
def test_backend_cuda_gives_cpu_bytes(runner, lists):
    allowed, answers = lists
    for rule in ("strict", "loose"):
        cpu = invoke(runner, ["score", "-q", "--rule", rule, "--backend", "cpu", allowed, answers, "-"])
        cuda = invoke(runner, ["score", "-q", "--rule", rule, "--backend", "cuda", allowed, answers, "-"])
        assert_ok(cuda)
        assert cuda.stdout == cpu.stdout == naive.csv_text(rule, ALLOWED, ANSWERS)


# ---------------------------------------------------------------- prune


def test_prune(runner, lists):
    _, answers = lists
    result = invoke(runner, ["prune", "roate", "AAEEC", answers, "left.txt"])
    assert_ok(result)
    want = naive.prune("strict", "roate", (0, 0, 2, 2, 1), ANSWERS)
    assert want  # the case is not vacuous
    assert Path("left.txt").read_text(encoding="utf-8") == "".join(w + "\n" for w in want)
    assert f"kept {len(want)} of {len(ANSWERS)}" in result.stderr


@pytest.mark.parametrize("result_text", ["AAEEC", "aaeec", "BBGGY", "xXggy", "00221", "⬛⬛🟩🟩🟨", "⬜️🟫🟩️🟩🟨️"])
def test_prune_accepts_every_spelling(runner, lists, result_text):
    _, answers = lists
    result = invoke(runner, ["prune", "-q", "roate", result_text, answers, "-"])
    assert_ok(result)
    want = naive.prune("strict", "roate", (0, 0, 2, 2, 1), ANSWERS)
    assert want and result.stdout == "".join(w + "\n" for w in want)


def test_prune_loose(runner, lists):
    _, answers = lists
    tiles = (0, 1, 0, 0, 1)
    result = invoke(runner, ["prune", "-q", "--rule", "loose", "raise", "ACAAC", answers, "-"])
    assert_ok(result)
    want = naive.prune("loose", "raise", tiles, ANSWERS)
    assert want != naive.prune("strict", "raise", tiles, ANSWERS)  # the rules differ here
    assert result.stdout == "".join(w + "\n" for w in want)


def test_prune_stdin_to_stdout_and_normalises_guess(runner):
    result = invoke(runner, ["prune", "-q", "  CIGAR ", "EEEEE", "-", "-"], input="# list\nrebut\ncigar\r\n")
    assert_ok(result)
    assert result.stdout == "cigar\n"


def test_prune_in_place(runner, lists):
    _, answers = lists
    os.chmod(answers, 0o640)
    before = listing()
    tiles = (0, 0, 0, 0, 0)
    result = invoke(runner, ["prune", "-q", "sissy", "AAAAA", answers, answers])
    assert_ok(result)
    want = naive.prune("strict", "sissy", tiles, ANSWERS)
    assert 0 < len(want) < len(ANSWERS)
    assert Path(answers).read_text(encoding="utf-8") == "".join(w + "\n" for w in want)
    assert listing() == before  # no temporary file left behind
    assert stat.S_IMODE(os.stat(answers).st_mode) == 0o640  # permissions kept


def test_new_output_respects_umask(runner, lists):
    old = os.umask(0o027)
    try:
        assert_ok(invoke(runner, ["score", "-q", *lists, "out.csv"]))
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat("out.csv").st_mode) == 0o640  # 0666 less the umask, not mkstemp's 0600


def test_prune_no_match_warns_and_writes_empty_output(runner, lists):
    _, answers = lists
    Path("left.txt").write_text("old content\n")
    result = invoke(runner, ["prune", "--quiet", "zzzzz", "EEEEE", answers, "left.txt"])
    assert_ok(result)
    assert Path("left.txt").read_text() == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: ")  # --quiet keeps warnings


def test_prune_guess_need_not_be_in_any_list(runner, lists):
    _, answers = lists
    result = invoke(runner, ["prune", "-q", "qxjzq", "AAAAA", answers, "-"])
    assert_ok(result)
    assert result.stdout == "".join(w + "\n" for w in ANSWERS)


@pytest.mark.parametrize(
    "args, name",
    [
        (["prune", "cigar", "ACAAZ", "answers.txt", "out.txt"], "RESULT"),  # not a tile
        (["prune", "cigar", "AC0AC", "answers.txt", "out.txt"], "RESULT"),  # mixed spellings
        (["prune", "cigar", "ACAA", "answers.txt", "out.txt"], "RESULT"),  # too few tiles
        (["prune", "cigar", "", "answers.txt", "out.txt"], "RESULT"),
        (["prune", "ciga", "ACAAC", "answers.txt", "out.txt"], "GUESS"),  # wrong length
        (["prune", "cigars", "ACAACA", "answers.txt", "out.txt"], "GUESS"),
        (["prune", "cigar", "ACAAC", "answers.txt"], "OUTPUT"),  # missing argument
        (["prune", "--frobnicate", "cigar", "ACAAC", "answers.txt", "out.txt"], "--frobnicate"),
        (["score", "--frobnicate", "allowed.txt", "answers.txt", "out.txt"], "--frobnicate"),
        (["score", "allowed.txt", "answers.txt"], "OUTPUT"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_usage_errors(runner, lists, args, name):
    Path("out.txt").write_text("precious\n")
    before = listing()
    assert_usage_error(invoke(runner, args), name)
    assert Path("out.txt").read_text() == "precious\n"
    assert listing() == before


def test_prune_normalises_guess_like_the_list(runner):
    # str.lower keeps final sigma; NFC composes a decomposed accent
    write("greek.txt", ["σοφος", "σοφοσ", "ΣΟΦΌΣ"])
    result = invoke(runner, ["prune", "-q", "ΣΟΦΟΣ", "EEEEE", "greek.txt", "-"])
    assert_ok(result)
    assert result.stdout == "σοφος\n"
    write("cafe.txt", ["café", "cafe"])
    result = invoke(runner, ["prune", "-q", "CAFE\u0301", "EEEE", "cafe.txt", "-"])
    assert_ok(result)
    assert result.stdout == "café\n"


# ---------------------------------------------------------------- feedback and backends commands


@pytest.mark.parametrize(
    "args, out",
    [
        (["sheer", "super"], "EAAEE"),
        (["SHEER", "super", "--style", "digits"], "20022"),
        (["sheer", "super", "--style", "emoji"], "🟩⬛⬛🟩🟩"),
        (["speed", "abide"], "AACAC"),
    ],
)
def test_feedback_command(runner, args, out):
    result = invoke(runner, ["feedback", *args])
    assert_ok(result)
    assert result.stdout == out + "\n"
    assert feedback_tiles(out) == naive.feedback(args[0].lower(), args[1].lower())


def feedback_tiles(text: str):
    from wordle_cli.model import feedback

    return feedback.parse(text)


def test_feedback_command_length_mismatch(runner):
    assert_usage_error(invoke(runner, ["feedback", "sheer", "supe"]), "GUESS")


@pytest.mark.parametrize("word", ["abcdefghi", "σοφοσσοφος"])
def test_feedback_command_refuses_words_longer_than_eight(runner, word):
    """Words have 1 to 8 symbols everywhere (issue 23, item 19): `feedback` too."""
    result = invoke(runner, ["feedback", word, word])
    assert_usage_error(result, "words must have 1 to 8 symbols")
    assert result.stdout == ""


def test_backends_command(runner):
    result = invoke(runner, ["backends"])
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert lines[0].startswith("cpu") and "available" in lines[0]
    assert any(line.startswith("cuda") for line in lines)


# ---------------------------------------------------------------- data errors leave files alone


BAD_LISTS = {
    "missing": None,
    "wrong_length": "cigar\nrebut\ntoolong\n",
    "too_long_words": "abcdefghi\n",
    "empty": "# nothing here\n\n",
    "bad_utf8": b"cigar\nreb\xfft\n",
}


@pytest.mark.parametrize(
    "command, kind",
    # An empty ANSWERS is a valid (empty) pool (docs/commands.md, tests/test_rough.py); an empty ALLOWED is not.
    [(c, k) for c in ("score", "prune") for k in sorted(BAD_LISTS) if (c, k) != ("prune", "empty")],
)
def test_bad_word_list_is_one_line_and_leaves_output(runner, lists, command, kind):
    content = BAD_LISTS[kind]
    if isinstance(content, bytes):
        Path("bad.txt").write_bytes(content)
    elif content is not None:
        Path("bad.txt").write_text(content)
    Path("out.txt").write_text("precious\n")
    before = listing()
    if command == "score":
        args = ["score", "-q", *(("bad.txt", "answers.txt") if kind == "empty" else ("allowed.txt", "bad.txt")), "out.txt"]
    else:
        args = ["prune", "-q", "cigar", "ACAAC", "bad.txt", "out.txt"]
    line = assert_data_error(invoke(runner, args), "bad.txt")
    if kind == "wrong_length":
        assert "line 3" in line and "toolong" in line and "7" in line and "5" in line
    if kind == "bad_utf8":
        assert "line 2" in line
    assert Path("out.txt").read_text() == "precious\n"
    assert listing() == before


def test_allowed_list_of_other_length(runner, lists):
    write("six.txt", ["abcdef"])
    line = assert_data_error(invoke(runner, ["score", "-q", "answers.txt", "six.txt", "out.csv"]), "six.txt")
    assert "abcdef" in line and "6" in line and "5" in line


def test_too_many_symbols_fails_cleanly_inside_the_write(runner):
    symbols = [chr(0x4E00 + i) for i in range(256)]
    write("cjk.txt", ["".join(symbols[i : i + 8]) for i in range(0, 256, 8)])
    Path("out.csv").write_text("precious\n")
    before = listing()
    line = assert_data_error(invoke(runner, ["score", "-q", "cjk.txt", "cjk.txt", "out.csv"]))
    assert "256" in line and "255" in line
    assert Path("out.csv").read_text() == "precious\n"
    assert listing() == before


def test_interrupted_score_leaves_output_and_no_temp_file(runner, lists, monkeypatch):
    def interrupted(*args, **kwargs):
        Path("marker").write_text("compute started")
        raise KeyboardInterrupt

    monkeypatch.setattr(scoring, "compute", interrupted)
    Path("out.csv").write_text("precious\n")
    result = invoke(runner, ["score", "-q", *lists, "out.csv"])
    assert result.exit_code == 130
    assert Path("out.csv").read_text() == "precious\n"
    assert listing() == {"allowed.txt", "answers.txt", "out.csv", "marker"}


@pytest.mark.parametrize("command", ["score", "prune"])
def test_missing_output_directory(runner, lists, command):
    args = ["score", "-q", *lists] if command == "score" else ["prune", "-q", "cigar", "EEEEE", lists[1]]
    assert_data_error(invoke(runner, [*args, "no/such/dir/out.txt"]), "no/such/dir/out.txt")
    assert not Path("no").exists()


def test_output_is_a_directory(runner, lists):
    os.mkdir("outdir")
    assert_data_error(invoke(runner, ["score", "-q", *lists, "outdir"]), "outdir")
    assert os.listdir("outdir") == []


@pytest.mark.skipif(running_as_root, reason="root may write into read-only directories")
def test_unwritable_directory(runner, lists):
    os.mkdir("ro")
    Path("ro/out.csv").write_text("precious\n")
    os.chmod("ro", 0o555)
    try:
        assert_data_error(invoke(runner, ["score", "-q", *lists, "ro/out.csv"]), "ro/out.csv")
        assert os.listdir("ro") == ["out.csv"]
        assert Path("ro/out.csv").read_text() == "precious\n"
    finally:
        os.chmod("ro", 0o755)


@pytest.mark.skipif(running_as_root, reason="root may read any file")
def test_unreadable_list(runner, lists):
    os.chmod("answers.txt", 0)
    try:
        assert_data_error(invoke(runner, ["prune", "-q", "cigar", "EEEEE", "answers.txt", "-"]), "answers.txt")
    finally:
        os.chmod("answers.txt", 0o644)


# ---------------------------------------------------------------- real processes


def run_module(*args, stdin=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "wordle_cli", *args],
        input=stdin,
        capture_output=True,
        check=False,
        cwd=cwd,
        env={**os.environ, "WORDLE_BACKEND": "cpu"},
        timeout=300,
    )


def test_python_m_help():
    assert run_module("--version").returncode == 0
    proc = run_module("--help")
    assert proc.returncode == 0
    out = proc.stdout.decode()
    assert "score" in out and "prune" in out
    assert proc.stderr == b""


@pytest.mark.parametrize("group", [[], ["absurdle"], ["fibble"], ["tree"]])
def test_a_bare_group_prints_its_whole_help_as_a_usage_error(group):
    """Issue 49, item 7: bare `wordle` cut its help's line "unless --game or $WORDLE_GAME names another game"
    as if it were a long value. The help is --help's, uncut, on stderr, exit 2 (click's rule for a bare group)."""
    asked = run_module(*group, "--help")
    bare = run_module(*group)
    assert (bare.returncode, bare.stdout) == (2, b"")
    assert bare.stderr.decode() == asked.stdout.decode()
    assert "characters)" not in bare.stderr.decode()


def test_python_m_pipeline(shipped, tmp_path):
    """`prune - -` in a real pipe, then a data error, as a shell script sees them."""
    data = Path(shipped["answers"]).read_bytes()
    proc = run_module("prune", "reais", "ACAAC", "-", "-", stdin=data)
    assert proc.returncode == 0, proc.stderr
    kept = proc.stdout.decode().splitlines()
    assert len(kept) == 67
    assert kept == naive.prune("strict", "reais", (0, 1, 0, 0, 1), data.decode().split())
    assert proc.stderr.decode().strip() == "kept 67 of 2315 potential answers"

    # a reader that stops early (`| head -1`) is no error and prints no traceback
    reader = subprocess.Popen(
        [sys.executable, "-m", "wordle_cli", "score", "-q", "--backend", "cpu", shipped["allowed"], shipped["answers"], "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout.readline().decode().rstrip("\n") == naive.HEADER
    reader.stdout.close()
    stderr = reader.stderr.read()
    assert reader.wait(timeout=300) == 0
    assert stderr == b""

    proc = run_module("score", "-q", "missing.txt", shipped["answers"], "out.csv", cwd=tmp_path)
    assert proc.returncode == 1
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and "missing.txt" in lines[0]
    assert os.listdir(tmp_path) == []
