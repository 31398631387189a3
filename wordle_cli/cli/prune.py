"""`wordle prune`: keep the answers consistent with a guess's feedback.

Fast to start on purpose: the CPU path is pure Python (a linear filter does
not repay importing numba), so scripts can call it once per turn.
"""

from __future__ import annotations

import click

from wordle_cli import api, wordlist
from wordle_cli.cli.options import backend_option, count_option, game_option, quiet_option, rule_option
from wordle_cli.cli.report import Reporter
from wordle_cli.errors import quote
from wordle_cli.model import feedback
from wordle_cli.output import AtomicOutput


def _parse_result(ctx, param, value: str):
    try:
        return feedback.parse(value)
    except ValueError as exc:
        message = str(exc)
        guess = ctx.params.get("guess")
        if guess is not None and feedback.is_feedback(guess) and value.strip().isalnum():
            message += f"; GUESS and RESULT swapped? wordle prune {value.strip()} {guess.strip()}"
        raise click.BadParameter(message, ctx=ctx, param=param) from None



@click.command()
@click.argument("guess")
@click.argument("result", callback=_parse_result)
@click.argument("answers", metavar="[ANSWERS", required=False)
@click.argument("output", metavar="OUTPUT]", required=False)
@game_option(resolved=False, help="Without ANSWERS: prune this game's answers, to standard output.")
@rule_option
@count_option(
    "--lies",
    least=0,
    default=0,
    help="Fibble: RESULT lies in exactly N tiles (1 is Fibble): keep the words whose true feedback differs from it "
    "in exactly N tiles. An all-green RESULT is never a lie: it keeps GUESS alone.",
)
@backend_option
@quiet_option
def prune(guess, result, answers, output, game, rule, lies, backend, quiet):
    """Write the words of ANSWERS that are consistent with GUESS having got RESULT.

    \b
    RESULT is the feedback, one tile per letter, in any one spelling:
      ACAAC   A absent, C contained, E exact (the original tool's)
      byyby   B or X absent, Y contained, G exact
      01001   0 absent, 1 contained, 2 exact
      🟩🟨⬛⬛⬛  as pasted from the game (⬜ and 🟫 also mean absent)

    Kept words go to OUTPUT in their input order, one per line. OUTPUT may be
    ANSWERS itself (it is replaced atomically) or '-' for standard output;
    ANSWERS may be '-' for standard input. GUESS need not be in any list.
    Without ANSWERS and OUTPUT, the game's answers (--game) are pruned to
    standard output:

    \b
      wordle prune roate CACAA
    """
    report = Reporter(quiet)
    if answers is None:
        from wordle_cli.model.game import load_lists

        answer_list = load_lists(game)[0]  # None: $WORDLE_GAME, else nyt
    elif output is None:
        raise click.UsageError("Missing argument 'OUTPUT' (give ANSWERS and OUTPUT, or neither to prune the game's answers to stdout)")
    elif game is not None:
        raise click.UsageError("--game picks the answers only when ANSWERS is not given")
    else:
        answer_list = wordlist.read_word_list(answers, pool=True)
    output = "-" if answers is None else output
    guess = wordlist.normalise(guess.strip())
    if not answer_list.words:  # an earlier prune kept nothing: the empty pool prunes to empty
        if len(result) != len(guess):
            raise click.BadParameter(f"{len(result)} tiles given, expected {len(guess)}", param_hint="'RESULT'")
        with AtomicOutput(output) as out:
            out.write("")
        report.info(f"{answer_list.name} holds no potential answers (an earlier prune kept none): kept 0 of 0")
        return
    length = wordlist.run_length(answer_list)
    report.dropped_duplicates(answer_list)
    if len(guess) != length:
        raise click.BadParameter(
            f"{quote(guess)} has length {len(guess)}, but the words of {answer_list.name} have length {length}",
            param_hint="'GUESS'",
        )
    if len(result) != length:
        raise click.BadParameter(f"{len(result)} tiles given, expected {length}", param_hint="'RESULT'")
    wordlist.distinct_symbols([guess], answer_list.words)

    kept = api.prune(guess, result, answer_list.words, rule=rule, backend=backend, lies=lies)
    with AtomicOutput(output) as out:
        out.write("".join(word + "\n" for word in kept))
    report.info(f"kept {len(kept)} of {len(answer_list)} potential answers")
    if not kept:
        told = f" with {lies} lie{'s' if lies != 1 else ''}" if lies else ""
        report.warn(f"no word of {answer_list.name} gives {feedback.show(result)} for {quote(guess)}{told}")

