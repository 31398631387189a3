"""Conditional logit by penalised maximum likelihood: a softmax over the words on offer each day.

Word w's score is `features[w] @ beta` (plus `offset`); day d's pick is word
`picks[d]`, drawn from the words on offer that day. Newton's method on the
weighted log-likelihood minus `penalty / 2 * |beta|^2` (concave) converges
in a handful of steps for the few parameters here.

Two shapes of offer:

- `fit_shrinking`: static features, and word w on offer on day d while
  `until[w] >= day[d]` (a new word stays new until it is an answer). The
  sets are nested, so each day's sums are one suffix of cumulative sums over
  the words sorted by `until`: no days x words matrix at all;
- `fit`: features per day (days x words x k) and any 0/1 offer (the few
  days that repeated a word, with their time since).
"""

from __future__ import annotations

import numpy as np

#: Newton stops when no parameter moves by more than this.
TOLERANCE = 1e-9

#: Newton steps at most (it converges in well under this).
MAX_STEPS = 100

#: The largest move of one parameter in one step: far from the optimum a full Newton step can overshoot.
MAX_MOVE = 4.0


def _newton(moments, target: np.ndarray, penalty: float, k: int) -> np.ndarray:
    """Maximise by Newton: `moments(beta)` gives (weights @ mean features, weighted second moments about 0, weights @ mean outer)."""
    beta = np.zeros(k)
    for _ in range(MAX_STEPS):
        mean, second, outer = moments(beta)
        gradient = target - mean - penalty * beta
        hessian = second - outer + penalty * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        step *= min(1.0, MAX_MOVE / max(np.abs(step).max(), MAX_MOVE))
        beta = beta + step
        if np.abs(step).max() < TOLERANCE:
            break
    return beta


def fit_shrinking(
    features: np.ndarray, until: np.ndarray, day: np.ndarray, picks: np.ndarray, weights: np.ndarray, penalty: float
) -> np.ndarray:
    """beta for static `features` (words x k), word w on offer on day d iff until[w] >= day[d]."""
    k = features.shape[1]
    if len(picks) == 0 or k == 0:
        return np.zeros(k)
    order = np.argsort(-until, kind="stable")
    ranked = features[order]
    keys = -until[order]  # ascending
    offered = np.searchsorted(keys, -day, side="right")  # how many words are on offer on each day
    outer_rows = (ranked[:, :, None] * ranked[:, None, :]).reshape(len(ranked), k * k)
    target = weights @ features[picks]

    def moments(beta):
        scores = ranked @ beta
        exp = np.exp(scores - scores.max())
        total = np.cumsum(exp)[offered - 1]
        first = np.cumsum(exp[:, None] * ranked, axis=0)[offered - 1] / total[:, None]
        second = (np.cumsum(exp[:, None] * outer_rows, axis=0)[offered - 1] / total[:, None]).reshape(-1, k, k)
        mean = weights @ first
        return mean, np.tensordot(weights, second, axes=1), (first.T * weights) @ first

    return _newton(moments, target, penalty, k)


def fit(features: np.ndarray, offered: np.ndarray, picks: np.ndarray, weights: np.ndarray, penalty: float, offset: np.ndarray) -> np.ndarray:
    """beta for per-day `features` (days x words x k), `offered` (days x words, 0/1), scores plus `offset` (words)."""
    days, _, k = features.shape
    if days == 0 or k == 0:
        return np.zeros(k)
    target = weights @ features[np.arange(days), picks]

    def moments(beta):
        scores = np.where(offered, features @ beta + offset, -np.inf)
        exp = np.exp(scores - scores.max(axis=1, keepdims=True))
        probability = exp / exp.sum(axis=1, keepdims=True)
        mean = np.einsum("dw,dwk->dk", probability, features)
        second = np.einsum("d,dw,dwk,dwl->kl", weights, probability, features, features)
        return weights @ mean, second, (mean.T * weights) @ mean

    return _newton(moments, target, penalty, k)
