"""Writing OUTPUT, and the one CSV writer.

`AtomicOutput(path)` yields a text stream and decides how to write by what
`path` names:

- a regular file, or a name that does not exist yet: a temporary file in the
  same directory, renamed over the target only when the command succeeds, so
  a failed or interrupted run leaves OUTPUT as it was and OUTPUT may be one
  of the inputs (in-place `prune`). A symbolic link is followed: its target
  is replaced and the link stays (a dangling link's target is created). The
  temporary file is unnamed (Linux's O_TMPFILE, linked in only to be renamed)
  where the file system allows, else it is made at the first write, after
  the computing: a run killed by SIGKILL leaves nothing behind either way.
- anything else (a terminal, a pipe or FIFO, /dev/null, /dev/full, a
  socket): written directly, as every Unix tool does; never replaced.
- `-`, /dev/stdout, /dev/fd/N: that descriptor itself (`-` is standard output).

Every stream's bottom layer is a `Sink`: an OS error while writing becomes a
one-line `WordleError` naming OUTPUT ("cannot write out.csv: No space left on
device"), and a reader that went away (EPIPE, as in `| head`) raises
`ReaderGone`, which the program treats as a quiet success. A command with
several outputs writes each one inside `reader_may_go()`, so that a reader
of stdout gone early (`| head -3`) skips no later output (a --plot chart).
`check_distinct` refuses two outputs of one command naming the same file.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import stat
import sys
from collections.abc import Iterable
from typing import Protocol, TextIO

from wordle_cli import interrupts
from wordle_cli.errors import UsageProblem, WordleError, one_line, quote

STDOUT = "-"


# ---------------------------------------------------------------- CSV


_NEEDS_QUOTES = re.compile(r'[,"\r\n]|^\s|\s$')


def csv_field(text: str) -> str:
    """One CSV field (RFC 4180): quoted, inner quotes doubled, only when it must be.

    A field holding a comma, a double quote or a line break must be; one with
    white space at either end is too, since many readers trim it otherwise.
    """
    if _NEEDS_QUOTES.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_row(fields: Iterable[object]) -> str:
    """One CSV line, without its newline, from already formatted fields.

    Strings are written as they are (quoted if they must be), booleans as
    `true`/`false`, anything else as `str()` gives it. A row of one empty
    field is `""`, so that it is not read back as an empty line (no row).
    """
    texts = [csv_field(_csv_text(field)) for field in fields]
    return '""' if texts == [""] else ",".join(texts)


def quoting_needed(texts: Iterable[str]) -> bool:
    """Whether any of `texts` needs quoting as a field: lets a big table skip the check per row."""
    return any(_NEEDS_QUOTES.search(text) for text in texts)


def _csv_text(field: object) -> str:
    if isinstance(field, bool):
        return "true" if field else "false"
    return field if isinstance(field, str) else str(field)


# ---------------------------------------------------------------- the bottom of every output stream


class ReaderGone(BaseException):
    """The reader of a pipe we write to has gone (e.g. `| head -1`): stop, quietly.

    A BaseException so that no `except Exception` on the way turns it into an error.
    """


class Sink(io.RawIOBase):
    """A file descriptor to write to, whose OS errors become one-line messages.

    `name` is how messages call the output. With `silent` (standard error)
    errors are dropped: there is nowhere left to report them. After the first
    error every later write is dropped too, so the same buffered bytes cannot
    fail again when the stream is flushed at close or at exit.
    """

    def __init__(self, name: str, fd: int | None = None, *, owned: bool = False, closed: str | None = None, silent: bool = False):
        super().__init__()
        self.name = name
        self._fd = fd
        self._owned = owned  # close the descriptor with the stream
        self._closed_reason = closed  # the descriptor was closed when the program started
        self._silent = silent
        self.failed = False

    def abandon(self) -> None:
        """Drop whatever is still buffered: the command failed, its output is not wanted."""
        self.failed = True

    def close(self) -> None:
        if self._owned and self._fd is not None and not self.closed:
            try:
                os.close(self._fd)
            except OSError:
                pass
        super().close()

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        if self._fd is None:
            raise io.UnsupportedOperation(f"{self.name} has no file descriptor")
        return self._fd

    def isatty(self) -> bool:
        return self._fd is not None and os.isatty(self._fd)

    def descriptor(self) -> int:
        """The descriptor to write to (subclasses may create it on first use)."""
        if self._fd is None:
            raise OSError(errno.EBADF, self._closed_reason or "not open")
        return self._fd

    def write(self, data) -> int:
        if self.failed:
            return len(data)
        try:
            return self._write(data)
        except OSError as exc:
            self.failed = True
            if self._silent:
                return len(data)
            if exc.errno == errno.EPIPE:
                raise ReaderGone(self.name) from None
            raise WordleError(f"cannot write {self.name}: {exc.strerror or one_line(exc)}") from None

    def _write(self, data) -> int:
        fd = self.descriptor()
        while True:
            try:
                return os.write(fd, data)
            except BlockingIOError:  # a non-blocking pipe inherited from the parent: wait for room
                import select

                select.select([], [fd], [])


@contextlib.contextmanager
def reader_may_go():
    """One of a command's outputs: if its reader goes away (`| head`), stop writing it and go on.

    The command's later outputs (a --plot chart after the text on stdout) are
    still written, and the run ends as one whose reader went away does: quietly,
    exit status 0. Whatever the command writes to that stream afterwards is
    dropped (its sink has failed).
    """
    try:
        yield
    except ReaderGone:
        pass


def text_stream(sink: Sink, *, errors: str = "strict", line_buffering: bool = False) -> TextIO:
    """A UTF-8 text stream over `sink` (whatever the locale or PYTHONIOENCODING say)."""
    return io.TextIOWrapper(
        io.BufferedWriter(sink), encoding="utf-8", errors=errors, newline="\n", line_buffering=line_buffering
    )


# ---------------------------------------------------------------- AtomicOutput


class AtomicOutput:
    """Context manager yielding a text stream for OUTPUT; a file is replaced on clean exit only.

    `links=False` is for files the program keeps for itself (the review
    cache), never for OUTPUT: `path` itself is replaced, only if it is a
    regular file or does not exist; a symbolic link there is not followed
    and, like any other special file, is refused (WordleError) and left as
    it is.
    """

    def __init__(self, path: str, *, links: bool = True):
        self.path = path
        self.links = links
        self._stream: TextIO | None = None  # None: standard output, which is not ours to close
        self._sink: Sink | None = None
        self._temp: _TempFile | None = None
        self._target = ""

    def __enter__(self) -> TextIO:
        if not self.links:
            self._target = _own_file(self.path)
            self._temp = _TempFile(self.path, self._target)
            self._sink = self._temp
            self._stream = text_stream(self._temp)
            return self._stream
        fd = STDOUT_FD if self.path == STDOUT else _own_descriptor(self.path)
        if fd == STDOUT_FD:
            return sys.stdout
        if fd is not None:
            sink = Sink(self.path, _opened(self.path, lambda: os.dup(fd)), owned=True)
        else:
            self._target = _target_of(self.path)
            if _is_special(self.path, self._target):
                flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | _CLOEXEC
                sink = Sink(self.path, _opened(self.path, lambda: os.open(self._target, flags)), owned=True)
            else:
                sink = self._temp = _TempFile(self.path, self._target)
        self._sink = sink
        self._stream = text_stream(sink)
        return self._stream

    def __exit__(self, exc_type, exc, tb) -> None:
        if self._stream is None:
            if exc_type is None:
                sys.stdout.flush()
            return
        succeeded = exc_type is None
        try:
            if succeeded:
                self._stream.flush()
                if self._temp is not None:
                    interrupts.check()  # a signal a library swallowed (issue 44, item 19): the file is not made
                    with interrupts.deferred():
                        self._temp.commit()
        except BaseException:
            succeeded = False
            raise
        finally:
            with interrupts.deferred():
                if not succeeded:
                    self._sink.abandon()  # its buffered output is not wanted, and must not fail again
                self._stream.close()
                if self._temp is not None:
                    self._temp.discard()
        if exc_type is not None and issubclass(exc_type, UnicodeEncodeError):
            raise WordleError(f"cannot write {self.path}: {one_line(exc)}") from None


def write_kept(folder, path, text: str) -> bool:
    """`text` as the file `path` in `folder` (made if missing), a file the program keeps for itself (a cache's
    entry): whole or not at all, even when the run is stopped, never through a link (`AtomicOutput(links=False)`).

    The one writer of the caches: False, and nothing written, where `path` is something other than a regular file
    (a link, a folder, a FIFO), which is left as it is; OSError where it cannot be written.
    """
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        return False
    with interrupts.deferred():
        os.makedirs(folder, exist_ok=True)
        with AtomicOutput(str(path), links=False) as out:
            out.write(text)
    return True


def check_distinct(outputs: dict[str, str | None]) -> None:
    """Refuse, as a usage error, two of a command's outputs that name one file: one would overwrite the other.

    `outputs` maps each option to its path (None: not given; `-`: standard
    output, the same only as another `-`). Paths are compared as files:
    os.path.samefile when both exist (links, `./x`, hard links), their
    resolved paths otherwise.
    """
    given = [(option, path) for option, path in outputs.items() if path is not None]
    for i, (first, path) in enumerate(given):
        for second, other in given[i + 1 :]:
            if _same_file(path, other):
                raise UsageProblem(f"{first} and {second} name the same file {quote(other)}: give each output its own")


def _same_file(a: str, b: str) -> bool:
    if STDOUT in (a, b):
        return a == b
    try:
        return os.path.samefile(a, b)
    except OSError:  # one does not exist (or cannot be looked at): compare the paths they resolve to
        return os.path.realpath(a) == os.path.realpath(b)


def replaces_file(path: str) -> bool:
    """Whether AtomicOutput(path) would replace a file (a regular one, or a new name), not write through.

    For files kept beside OUTPUT (a checkpoint): there is no "beside" for
    /dev/null, a FIFO or standard output. Errors are AtomicOutput's own.
    """
    if path == STDOUT or _own_descriptor(path) is not None:
        return False
    return not _is_special(path, _target_of(path))


STDOUT_FD = 1

# /dev/fd/N, /proc/self/fd/N, /proc/PID/fd/N: a descriptor of this process.
# At most 18 digits each: int() refuses more than 4300 (no descriptor or process number has 19).
_FD_PATH = re.compile(r"/(?:dev/fd|proc/self/fd|proc/([0-9]{1,18})/fd)/([0-9]{1,18})")


def _own_descriptor(path: str) -> int | None:
    """N when `path` (or a link it leads through, as /dev/stdout does) names our descriptor N."""
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        match = _FD_PATH.fullmatch(current)
        if match and (match[1] is None or int(match[1]) == os.getpid()):
            return int(match[2])
        try:
            link = os.readlink(current)
        except OSError:
            return None
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return None


def _target_of(path: str) -> str:
    """The file OUTPUT stands for: symbolic links followed (a dangling one's target included).

    A path that can only name a directory (`newname/`, `out.txt/.`) is refused,
    as `cp` refuses it, rather than silently writing `newname`.
    """
    names_a_directory = path.endswith(("/", os.sep)) or os.path.basename(path) in (".", "..")
    target = os.path.realpath(path)
    try:
        if stat.S_ISDIR(os.stat(target).st_mode):
            raise WordleError(f"{path}: is a directory; OUTPUT must be a file path")
    except FileNotFoundError:
        pass
    except OSError as exc:  # a loop of links, a path through a file
        raise WordleError(f"cannot write {path}: {exc.strerror or one_line(exc)}") from None
    if names_a_directory:
        raise WordleError(f"cannot write {path}: {os.strerror(errno.ENOTDIR)}; OUTPUT must be a file path")
    directory = os.path.dirname(target)
    if not os.path.isdir(directory):
        raise WordleError(f"cannot write {path}: directory {directory} does not exist")
    return target


def _own_file(path: str) -> str:
    """`path` made absolute, for `AtomicOutput(links=False)`: a regular file or nothing there, else WordleError."""
    target = os.path.abspath(path)
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise WordleError(f"cannot write {path}: {exc.strerror or one_line(exc)}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise WordleError(f"cannot write {path}: not a regular file; it was left as it is")
    if not os.path.isdir(os.path.dirname(target)):
        raise WordleError(f"cannot write {path}: directory {os.path.dirname(target)} does not exist")
    return target


def _is_special(path: str, target: str) -> bool:
    """True for an existing OUTPUT that is not a regular file: a device, FIFO, socket..."""
    try:
        return not stat.S_ISREG(os.stat(target).st_mode)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise WordleError(f"cannot write {path}: {exc.strerror or one_line(exc)}") from None


def _opened(path: str, opener) -> int:
    try:
        return opener()
    except OSError as exc:
        raise WordleError(f"cannot write {path}: {exc.strerror or one_line(exc)}") from None


# ---------------------------------------------------------------- the temporary file


_O_TMPFILE = getattr(os, "O_TMPFILE", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TEMP_PREFIX = ".wordle-"  # short: OUTPUT's own name may already be near the 255-byte limit


class _TempFile(Sink):
    """The new content of a regular OUTPUT, in the target's directory until `commit`.

    Unnamed where O_TMPFILE works (nothing to leave behind, whatever kills
    the process); otherwise a short-named file created at the first write.
    """

    def __init__(self, name: str, target: str):
        super().__init__(name)
        self.target = target
        self.directory = os.path.dirname(target)
        self.temp_name: str | None = None  # the temporary file's name, while it has one
        if _O_TMPFILE and os.path.isdir("/proc/self/fd"):
            try:
                self._fd = os.open(self.directory, _O_TMPFILE | os.O_WRONLY | _CLOEXEC, 0o600)
            except OSError as exc:
                if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                    raise WordleError(f"cannot write {name}: {exc.strerror or one_line(exc)}") from None
        if self._fd is None and not os.access(self.directory, os.W_OK | os.X_OK):
            raise WordleError(f"cannot write {name}: directory {self.directory} is not writable")

    def descriptor(self) -> int:
        if self._fd is None:
            self._fd, self.temp_name = _fresh_name(
                self.directory, lambda name: os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)
            )
        return self._fd

    def commit(self) -> None:
        """Give the file OUTPUT's permissions (and owner, as root), then rename it over OUTPUT."""
        try:
            fd = self.descriptor()
            _give_permissions(fd, self.target)
            if self.temp_name is None:
                _, self.temp_name = _fresh_name(self.directory, lambda name: _link_unnamed(fd, name))
            _check_still_replaceable(self.name, self.target)
            os.replace(self.temp_name, self.target)
            self.temp_name = None
        except OSError as exc:
            raise WordleError(f"cannot write {self.name}: {exc.strerror or one_line(exc)}") from None

    def discard(self) -> None:
        """Close the file; remove it unless it was renamed into place."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        if self.temp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temp_name)
            self.temp_name = None



def _check_still_replaceable(name: str, target: str) -> None:
    """Refuse to rename over a target that became something other than a regular file during the run.

    AtomicOutput chose to replace it because it was a regular file (or did
    not exist); a device, FIFO, socket, directory or link put there since must
    not be destroyed (the window left is the few microseconds up to the rename).
    """
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise WordleError(f"cannot write {name}: {target} is no longer a regular file; it was left as it is")


def _fresh_name(directory: str, create):
    """Call create(path) on a new short random name in `directory`; (its result, path)."""
    for _ in range(100):
        path = os.path.join(directory, f"{_TEMP_PREFIX}{os.urandom(4).hex()}.tmp")
        try:
            return create(path), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", directory)


def _link_unnamed(fd: int, path: str) -> None:
    """Give the O_TMPFILE file behind `fd` the name `path` (linkat with AT_SYMLINK_FOLLOW).

    os.link calls plain link(2), which would link /proc's magic link itself,
    unless a directory descriptor is given: then it calls linkat(2).
    """
    directory = os.open(os.path.dirname(path), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
    try:
        os.link(f"/proc/self/fd/{fd}", os.path.basename(path), dst_dir_fd=directory, follow_symlinks=True)
    finally:
        os.close(directory)


def _give_permissions(fd: int, target: str) -> None:
    """Keep an existing file's owner (as root) and permissions; new files get 0666 less the umask."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and (st.st_uid, st.st_gid) != (0, 0):
        try:
            os.fchown(fd, st.st_uid, st.st_gid)  # before fchmod, which chown would undo for set-id bits
        except OSError:
            pass
    os.fchmod(fd, st.st_mode & 0o7777)


# ---------------------------------------------------------------- where a command's messages go


class Report(Protocol):
    """Where a setup's informational lines and warnings go (the CLI's `Reporter`)."""

    def info(self, message: str) -> None: ...

    def warn(self, message: str) -> None: ...


class _Quiet:
    """The API's report: nothing printed (the API returns data; `AnswerWeights.unlisted` says what a prior left out)."""

    def info(self, message: str) -> None:
        pass

    def warn(self, message: str) -> None:
        pass


QUIET: Report = _Quiet()
