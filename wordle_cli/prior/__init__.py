"""Priors over a day's answer: how likely each word is to be the NYT's pick.

`nyt_probabilities(date, words)` is the model of the NYT's picks for the
puzzle of `date`, fitted on the history before that date only (what a
player would have known that morning; `nyt.py`, docs/prior.md). The game
model turns it into integer weights for exact proofs (`model.weights`).
`benchmarks/prior_baseline.py` holds the simpler model it is measured
against (`make bench-prior`).
"""

from wordle_cli.prior.nyt import nyt_probabilities

__all__ = ["nyt_probabilities"]
