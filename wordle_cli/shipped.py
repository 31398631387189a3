"""Paths of the word lists shipped with the package (top-level `wordlists/`).

A wheel installs them as the data package `wordle_cli.wordlists`; an editable
install (`pip install -e .`) reads them from the checkout's `wordlists/`.
"""

from __future__ import annotations

from pathlib import Path

NYT_ANSWERS = "nyt-answers.txt"
NYT_ALLOWED = "nyt-allowed.txt"
WORDLE_ANSWERS = "wordle-answers.txt"
WORDLE_ALLOWED = "wordle-allowed.txt"


def shipped_list(name: str) -> str:
    """Filesystem path of a shipped list, e.g. shipped_list(WORDLE_ANSWERS)."""
    here = Path(__file__).resolve().parent
    for folder in (here / "wordlists", here.parent / "wordlists"):
        if (folder / name).is_file():
            return str(folder / name)
    raise FileNotFoundError(f"shipped word list {name} is missing from the installation")
