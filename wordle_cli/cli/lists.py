"""`wordle lists`: where the shipped word lists are installed, their sizes and digests."""

from __future__ import annotations

import click


@click.command("lists")
def lists_command():
    """Print each shipped word list: words, SHA-256, installed path.

    \b
    Useful to pass the lists to score and prune from any install, e.g.
      wordle score "$(wordle lists | awk '/wordle-allowed/ {print $4}')" ...
    (though `wordle score` alone already ranks the Wordle lists).
    """
    from wordle_cli.lists import shipped_lists

    found = shipped_lists()
    width = max(len(item.name) for item in found)
    for item in found:
        click.echo(f"{item.name:<{width}}  {item.words:>5}  {item.sha256}  {item.path}")
