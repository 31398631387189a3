"""Conditional logit by penalised maximum likelihood: a softmax over the words on offer each day.

Day d offers the words `offered[d]` (a 0/1 row over all words); word w's
score is `features[w] @ beta (+ offset[d, w])`; the day's pick is word
`picks[d]`. Newton's method on the weighted log-likelihood minus
`penalty / 2 * |beta|^2` converges in a handful of steps for the few
parameters here, and every step is a few matrix products over days x words.
"""

from __future__ import annotations

import numpy as np

#: Newton stops when no parameter moves by more than this.
TOLERANCE = 1e-9

#: Newton steps at most (the penalised likelihood is concave; it converges in well under this).
MAX_STEPS = 100

#: The largest move of one parameter in one step: far from the optimum a full Newton step can overshoot.
MAX_MOVE = 4.0


def fit(
    features: np.ndarray,
    offered: np.ndarray,
    picks: np.ndarray,
    weights: np.ndarray,
    penalty: float,
    offset: np.ndarray | None = None,
) -> np.ndarray:
    """The beta that maximises sum_d weights[d] * log P_d(picks[d]) - penalty/2 |beta|^2.

    `features` (words x k) are static, or (days x words x k) per day;
    `offered` (days x words, bool) must offer each day's pick.
    """
    days = len(picks)
    k = features.shape[-1]
    beta = np.zeros(k)
    if days == 0 or k == 0:
        return beta
    per_day = features.ndim == 3
    chosen = features[np.arange(days), picks] if per_day else features[picks]
    target = weights @ chosen
    mask = offered.astype(float)
    for _ in range(MAX_STEPS):
        scores = features @ beta
        if offset is not None:
            scores = scores + offset
        scores = np.where(offered, scores, -np.inf) if per_day or offset is not None else scores
        top = scores.max(axis=-1, keepdims=True)
        exp = np.exp(scores - top)
        if per_day or offset is not None:
            probability = exp / exp.sum(axis=1, keepdims=True)
            if per_day:
                mean = np.einsum("dw,dwk->dk", probability, features)
                second = np.einsum("d,dw,dwk,dwl->kl", weights, probability, features, features)
            else:
                mean = probability @ features
                second = (features.T * (weights @ probability)) @ features
        else:
            totals = mask @ exp
            probability_scale = weights / totals
            mean = (mask @ (exp[:, None] * features)) / totals[:, None]
            second = (features.T * ((probability_scale @ mask) * exp)) @ features
        gradient = target - weights @ mean - penalty * beta
        hessian = second - (mean.T * weights) @ mean + penalty * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        step *= min(1.0, MAX_MOVE / max(np.abs(step).max(), MAX_MOVE))
        beta = beta + step
        if np.abs(step).max() < TOLERANCE:
            break
    return beta
