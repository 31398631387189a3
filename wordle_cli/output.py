"""Atomic output: a failed or interrupted run never leaves a partial file.

Writes go to a temporary file in the target's directory, renamed over the
target only on success; so OUTPUT may even be one of the inputs (in-place
`prune`). `-` writes to standard output.
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import TextIO

from wordle_cli.errors import WordleError

STDOUT = "-"


class AtomicOutput:
    """Context manager yielding a text stream; commits on clean exit only."""

    def __init__(self, path: str):
        self.path = path
        self._tmp: str | None = None
        self._stream: TextIO | None = None

    def __enter__(self) -> TextIO:
        if self.path == STDOUT:
            return sys.stdout
        if os.path.isdir(self.path):
            raise WordleError(f"{self.path}: is a directory; OUTPUT must be a file path")
        directory = os.path.dirname(os.path.abspath(self.path))
        try:
            fd, self._tmp = tempfile.mkstemp(
                dir=directory, prefix=f".{os.path.basename(self.path)}.", suffix=".tmp"
            )
        except FileNotFoundError:
            raise WordleError(f"{self.path}: cannot write: directory {directory} does not exist") from None
        except OSError as exc:
            raise WordleError(f"{self.path}: cannot write ({exc.strerror or exc})") from None
        self._stream = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        return self._stream

    def __exit__(self, exc_type, exc, tb) -> None:
        if self.path == STDOUT:
            if exc_type is None:
                sys.stdout.flush()
            return
        assert self._stream is not None and self._tmp is not None
        try:
            self._stream.close()
            if exc_type is None:
                os.chmod(self._tmp, _mode_for(self.path))
                os.replace(self._tmp, self.path)
                self._tmp = None
        except OSError as err:
            if exc_type is None:
                raise WordleError(f"{self.path}: cannot write ({err.strerror or err})") from None
        finally:
            if self._tmp is not None:
                try:
                    os.unlink(self._tmp)
                except OSError:
                    pass


def _mode_for(path: str) -> int:
    """Keep an existing file's permissions; new files get 0666 less the umask."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
