"""wordle-cli: exact, fast analysis of Wordle-like games."""

__version__ = "0.1.0"
