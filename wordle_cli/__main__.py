"""`python -m wordle_cli` runs the same program as the `wordle` command."""

from wordle_cli.cli import entry_point

if __name__ == "__main__":
    entry_point()
