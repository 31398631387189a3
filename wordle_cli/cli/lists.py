"""`wordle lists`: where the shipped word lists are installed, their sizes and digests."""

from __future__ import annotations

import click


@click.command("lists")
@click.argument("name", required=False, metavar="[NAME]")
def lists_command(name):
    """Print each shipped word list: words, SHA-256, installed path.

    With NAME (e.g. nyt-allowed.txt), print only that list's installed
    path, to pass it to score and prune from any install:

    \b
      wordle prune -q roate ACAAA > left.txt      # today's answers that fit
      wordle score -q "$(wordle lists nyt-allowed.txt)" left.txt - | head -3

    (`wordle score` and `wordle prune` alone already use the game's lists:
    nyt, today's, unless --game or $WORDLE_GAME says otherwise.)
    """
    from wordle_cli.errors import UsageProblem, quote
    from wordle_cli.lists import SHIPPED, shipped_lists

    if name is not None:
        if name not in SHIPPED:
            raise UsageProblem(f"no shipped list is named {quote(name)}; the lists: {', '.join(SHIPPED)}")
        from wordle_cli.shipped import shipped_list

        click.echo(shipped_list(name))
        return
    found = shipped_lists()
    width = max(len(item.name) for item in found)
    for item in found:
        click.echo(f"{item.name:<{width}}  {item.words:>5}  {item.sha256}  {item.path}")
