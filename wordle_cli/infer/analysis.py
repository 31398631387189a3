"""`wordle infer`'s core: from the posts' grids and a game to a ranking of the candidate answers and a verdict."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordle_cli.errors import WordleError
from wordle_cli.infer.model import Inference, Model, Tables, count_tables, infer
from wordle_cli.infer.posts import Reading


@dataclass
class Analysis:
    """What `wordle infer` reports: the reading of the posts, the candidates and the inference."""

    reading: Reading
    words: list[str]  # the candidates, in list order
    inference: Inference
    prior_label: str = "uniform"  # the candidates' prior (`model.weights.AnswerWeights.label`), named in the outputs

    @property
    def consistent(self) -> int:
        """Candidates (the prior allows) that fit every grid."""
        return len(self.inference.fitting_all())

    def ruled_out_by(self, candidate: int) -> list[int]:
        """Line numbers of the grids that rule `candidate` out."""
        misfits = np.flatnonzero(~self.inference.fits[candidate])
        return [self.reading.grids[j].line for j in misfits]

    def verdict(self) -> Verdict:
        result = self.inference
        best = int(result.order[0])
        p = float(result.posterior[best])
        if self.consistent == 0:
            return Verdict(self.words[best], p, False, result.best_fit)
        fitting = result.fitting_all()
        scores = result.score[fitting]
        tied = len(fitting) > 1 and bool(np.all(np.abs(scores - scores[0]) <= 1e-9 * max(1.0, abs(float(scores[0])))))
        return Verdict(self.words[best], p, self.consistent == 1, result.n_grids, tied)


@dataclass
class Verdict:
    answer: str
    p: float
    certain: bool  # the only candidate (the prior allows) that fits every grid
    fits: int  # grids the answer fits
    tied: bool = False  # every consistent candidate scores the same: the grids favour none

    def line(self, n_grids: int, consistent: int) -> str:
        if self.certain:
            return f"answer: {self.answer} (certain: the only consistent candidate)"
        p = format_p(self.p)
        p = f"p{p}" if p[0] in "<>" else f"p≈{p}"
        if self.tied:
            return f"no verdict: nothing in the grids distinguishes the {consistent} consistent candidates ({p} each)"
        if consistent == 0:
            return f"most likely: {self.answer}, {p}, but no candidate fits every grid (it fits {self.fits} of {n_grids})"
        return f"most likely: {self.answer}, {p} ({consistent} consistent candidates)"


def format_p(p: float) -> str:
    """A probability in two decimals, saying '<0.01' and '>0.99' rather than rounding to 0 or 1."""
    if p == 0.0 or p == 1.0:
        return f"{p:.0f}"
    if p < 0.005:
        return "<0.01"
    if p >= 0.995:
        return ">0.99"
    return f"{p:.2f}"


def candidate_tables(game, candidates: list[str], backend) -> Tables:
    """The model's counts for `candidates` (words of the game's length) in `game`.

    The allowed guesses are the game's guess candidates (allowed list, then
    the answers not in it) and any candidate not among them; the likely
    words are the game's answers.
    """
    extra = [w for w in candidates if w not in game.candidate_index]
    guesses = game.candidate_codes
    if extra:
        guesses = np.vstack([guesses, np.array([game.encode_word(w) for w in extra], dtype=np.uint8)])
    index = {**game.candidate_index, **{w: len(game.candidates) + i for i, w in enumerate(extra)}}
    chosen = guesses[np.array([index[w] for w in candidates], dtype=np.int64)]
    return count_tables(chosen, guesses, game.cand_of_answer, backend)


def analyse(
    reading: Reading, words: list[str], tables: Tables, weights=None, model: Model | None = None, prior_label: str = "uniform"
) -> Analysis:
    """Rank `words` (the candidates `tables` were counted for) by the grids of `reading`, under the prior `weights`
    (one per candidate, >= 0; 0 rules a candidate out; None: uniform) that `prior_label` names."""
    if not reading.grids:
        raise WordleError("no result grids to read")
    log_prior = None
    if weights is not None:
        with np.errstate(divide="ignore"):
            log_prior = np.log(np.asarray(weights, dtype=np.float64))
    return Analysis(reading, words, infer(reading.grids, tables, log_prior, model or Model()), prior_label)
