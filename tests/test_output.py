"""The output layer: the one CSV writer and AtomicOutput's temporary file (issue 8)."""

from __future__ import annotations

import csv
import io
import os
import re
import stat

import naive
import pytest
from clitools import write
from hypothesis import given
from hypothesis import strategies as st

from wordle_cli import output
from wordle_cli.cli import main
from wordle_cli.errors import WordleError
from wordle_cli.output import AtomicOutput, csv_row

# ---------------------------------------------------------------- csv_row


@pytest.mark.parametrize(
    "fields, line",
    [
        (("cigar", 3, "roate carrs cigar"), "cigar,3,roate carrs cigar"),
        (("a,b", True, 'x"y', False), '"a,b",true,"x""y",false'),
        (("line\nbreak", "cr\rhere", "plain"), '"line\nbreak","cr\rhere",plain'),
        ((" lead", "trail ", "in side"), '" lead","trail ",in side'),
        (("", "x", 2.5), ",x,2.5"),
        (("",), '""'),  # a lone empty field is not an empty line
        (("σοφος", "🟩🟨⬛"), "σοφος,🟩🟨⬛"),
    ],
)
def test_csv_row_hand_checked(fields, line):
    assert csv_row(fields) == line


fields = st.lists(st.text().filter(lambda t: "\x00" not in t), min_size=1, max_size=6)


@given(fields)
def test_csv_row_reads_back_with_the_csv_module(values):
    line = csv_row(values)
    rows = list(csv.reader(io.StringIO(line + "\r\n", newline="")))
    assert rows == [values]
    assert line == ",".join(naive.csv_field(v) for v in values) or values == [""]


def test_simulate_output_quotes_what_must_be_quoted(tmp_path):
    """`simulate --output` goes through csv_row: words holding , " and spaces read back intact."""
    from click.testing import CliRunner

    answers = ["a,b", 'c"d', "e f", "ghi", "jkl"]
    lists = ["--answers", write(tmp_path / "a.txt", answers), "--allowed", write(tmp_path / "g.txt", answers)]
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(main, ["simulate", "-q", "--backend", "cpu", *lists, "-o", str(out)])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"), newline="")))
    assert rows[0] == ["target", "guesses", "path"]
    assert [row[0] for row in rows[1:]] == answers
    for target, guesses, path in rows[1:]:
        words = [path[i : i + 3] for i in range(0, len(path), 4)]  # each guess has the target's length
        assert len(words) == int(guesses) and words[-1] == target
        assert all(w in answers for w in words)


# ---------------------------------------------------------------- AtomicOutput's temporary file

TEMP_NAME = re.compile(r"\.wordle-[0-9a-f]{8}\.tmp")


def test_unnamed_temporary_file_where_supported(tmp_path):
    if not output._O_TMPFILE:
        pytest.skip("no O_TMPFILE on this platform")
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with AtomicOutput(str(target)) as out:
        out.write("x" * 100_000)
        out.flush()
        assert os.listdir(tmp_path) == ["out.txt"]  # nothing named exists while writing
        assert target.read_text() == "old\n"
    assert target.read_text() == "x" * 100_000
    assert os.listdir(tmp_path) == ["out.txt"]


@pytest.fixture
def named_temporary(monkeypatch):
    """AtomicOutput as on a file system without O_TMPFILE."""
    monkeypatch.setattr(output, "_O_TMPFILE", 0)


def test_named_temporary_file_appears_only_when_output_is_written(tmp_path, named_temporary):
    target = tmp_path / "out.txt"
    with AtomicOutput(str(target)) as out:
        assert os.listdir(tmp_path) == []  # not created before the command has output: SIGKILL leaves nothing
        out.write("y" * 100_000)  # beyond the buffer: the file is made now
        names = os.listdir(tmp_path)
        assert len(names) == 1 and TEMP_NAME.fullmatch(names[0]), names
    assert os.listdir(tmp_path) == ["out.txt"]
    assert target.read_text() == "y" * 100_000


def test_named_temporary_file_is_removed_on_failure(tmp_path, named_temporary):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), AtomicOutput(str(target)) as out:
        out.write("z" * 100_000)
        raise RuntimeError("the command failed")
    assert os.listdir(tmp_path) == ["out.txt"]
    assert target.read_text() == "old\n"


def test_empty_output_is_still_written(tmp_path, named_temporary):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with AtomicOutput(str(target)):
        pass
    assert target.read_text() == ""
    assert os.listdir(tmp_path) == ["out.txt"]


def test_temporary_name_is_short_whatever_the_output_name(tmp_path, named_temporary):
    name = "n" * 251 + ".txt"  # 255 bytes: the longest name most file systems take
    with AtomicOutput(str(tmp_path / name)) as out:
        out.write("w" * 100_000)
        assert all(n == name or TEMP_NAME.fullmatch(n) for n in os.listdir(tmp_path))
    assert os.listdir(tmp_path) == [name]


def test_descriptor_path_writes_to_that_descriptor(tmp_path):
    read_end, write_end = os.pipe()
    try:
        with AtomicOutput(f"/dev/fd/{write_end}") as out:
            out.write("through the pipe\n")
        assert os.read(read_end, 100) == b"through the pipe\n"
    finally:
        os.close(read_end)
        os.close(write_end)


def test_unencodable_text_is_one_line_and_leaves_output(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(WordleError, match="cannot write"), AtomicOutput(str(target)) as out:
        out.write("bad \udcff byte\n")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["out.txt"]


# ---------------------------------------------------------------- what AtomicOutput replaces, and what never


def test_replaces_file_only_for_regular_files_and_new_names(tmp_path):
    (tmp_path / "regular").write_text("x")
    os.symlink("regular", tmp_path / "link")
    os.symlink("new", tmp_path / "dangling")
    os.mkfifo(tmp_path / "fifo")
    os.symlink("/dev/null", tmp_path / "to-null")
    for name in ("regular", "link", "dangling", "absent"):
        assert output.replaces_file(str(tmp_path / name)), name
    for path in ("-", "/dev/fd/1", "/dev/stdout", "/dev/null", str(tmp_path / "fifo"), str(tmp_path / "to-null")):
        assert not output.replaces_file(path), path
    with pytest.raises(WordleError, match="is a directory"):
        output.replaces_file(str(tmp_path))


@pytest.mark.parametrize("becomes", ["fifo", "directory", "symlink"])
def test_output_that_stops_being_a_regular_file_is_not_replaced(tmp_path, becomes):
    """OUTPUT was a regular file when the run began; something else took its name meanwhile: it stays."""
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(WordleError, match="no longer a regular file"), AtomicOutput(str(target)) as out:
        out.write("new\n")
        target.unlink()
        if becomes == "fifo":
            os.mkfifo(target)
        elif becomes == "directory":
            target.mkdir()
        else:
            os.symlink("elsewhere", target)
    assert os.listdir(tmp_path) == ["out.txt"]
    mode = os.lstat(target).st_mode
    assert {"fifo": stat.S_ISFIFO, "directory": stat.S_ISDIR, "symlink": stat.S_ISLNK}[becomes](mode)
