"""How well the NYT prior predicts the answer (issue 33): log-loss day by day, and a calibration plot.

Rolling origin, as forecasts are judged: each of the last `--days` days of
the shipped history is predicted from the days before it only, and scored
by -ln P(the day's answer), in nats (lower is better; the uniform pool of
today's 3158 answers costs ln 3158 = 8.058 a day). Three priors:

- uniform: every answer of today's list alike;
- two-factor: original list or not x answered before or not, rates from the
  previous 180 days (`benchmarks/prior_baseline.py`);
- nyt: the model (`prior.nyt`, docs/prior.md).

`--validation` also scores the `--days` days before those (the days the
model was chosen on). A day whose answer is not in today's list (#1490
loris, #1516 kefir: none in the last 180) would cost infinity under every
prior: it is left out and counted. Then the time of one call of
`nyt_probabilities`, in a fresh process (wordfreq's import and lookups
included) and repeated in one process (medians), and the calibration plot:
every (day, word) pair of the scored days, binned by predicted probability,
against how often the words of the bin were the answer.

    python benchmarks/bench_prior.py [--days 180] [--validation] [--plot docs/images/prior-calibration.png]
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import prior_baseline as baseline  # noqa: E402  (beside this script)

from wordle_cli import history, shipped  # noqa: E402
from wordle_cli.prior import nyt  # noqa: E402
from wordle_cli.wordlist import read_text  # noqa: E402

#: Calibration bins: edges of the predicted probability, log-spaced.
BIN_EDGES = np.logspace(-7, -1, 13)


def score(days: list[history.Day], pool: list[str], lo: int, hi: int) -> dict:
    """Per prior: the day-by-day losses over puzzles lo..hi, and each day's (probabilities, answer index)."""
    index = {word: i for i, word in enumerate(pool)}
    rows = {"uniform": [], "two-factor": [], "nyt": []}
    pairs = {"two-factor": [], "nyt": []}
    skipped = []
    repeats = []
    seen: set[str] = set()
    by_number = {}
    for day in days:
        by_number.setdefault(day.number, day)
    for day in days:
        if day.number >= lo:
            break
        seen.add(day.answer)
    for number in range(lo, hi + 1):
        day = by_number[number]
        if day.answer not in index:
            skipped.append(day)
            seen.add(day.answer)
            continue
        answer = index[day.answer]
        rows["uniform"].append(math.log(len(pool)))
        for name, model in (("two-factor", baseline.two_factor_probabilities), ("nyt", nyt.nyt_probabilities)):
            probabilities = model(day.date, pool, days)
            rows[name].append(-math.log(probabilities[answer]))
            pairs[name].append((probabilities, answer))
        repeats.append(day.answer in seen)
        seen.add(day.answer)
    return {"losses": {k: np.array(v) for k, v in rows.items()}, "pairs": pairs, "skipped": skipped, "repeats": np.array(repeats)}


def table(title: str, result: dict) -> str:
    losses, repeats = result["losses"], result["repeats"]
    lines = [
        f"{title}: {len(repeats)} days ({int(repeats.sum())} repeats)"
        + (f", left out: {', '.join(f'#{d.number} {d.answer}' for d in result['skipped'])}" if result["skipped"] else ""),
        "",
        "| prior | nats/day | new-word days | repeat days | answer x likelier than uniform |",
        "|---|---:|---:|---:|---:|",
    ]
    uniform = losses["uniform"].mean()
    for name, values in losses.items():
        new = values[~repeats].mean() if (~repeats).any() else float("nan")
        again = values[repeats].mean() if repeats.any() else float("nan")
        lines.append(f"| {name} | {values.mean():.3f} | {new:.3f} | {again:.3f} | {math.exp(uniform - values.mean()):.2f} |")
    return "\n".join(lines)


def calibration(pairs: list[tuple[np.ndarray, int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per bin of predicted probability: the mean prediction, the observed frequency, the number of answers in it."""
    bins = len(BIN_EDGES) + 1
    predicted, hits, counts = np.zeros(bins), np.zeros(bins), np.zeros(bins)
    for probabilities, answer in pairs:
        which = np.digitize(probabilities, BIN_EDGES)
        predicted += np.bincount(which, weights=probabilities, minlength=bins)
        counts += np.bincount(which, minlength=bins)
        hits[which[answer]] += 1
    keep = counts > 0
    return predicted[keep] / counts[keep], hits[keep] / counts[keep], hits[keep]


def plot(result: dict, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 5.2))
    low = BIN_EDGES[0] / 10
    axes.plot([low, 1], [low, 1], color="0.6", linewidth=1, label="perfect calibration")
    for name, colour, marker in (("two-factor", "tab:orange", "s"), ("nyt", "tab:blue", "o")):
        predicted, observed, hits = calibration(result["pairs"][name])
        shown = observed > 0
        axes.plot(predicted[shown], observed[shown], marker=marker, color=colour, label=f"{name} prior")
        for x, y, n in zip(predicted[shown], observed[shown], hits[shown]):
            axes.annotate(f"{n:.0f}", (x, y), textcoords="offset points", xytext=(6 if name == "nyt" else -14, -12), fontsize=7, color=colour)
        for x in predicted[~shown]:
            axes.plot([x], [low * 2], marker="v", color=colour, alpha=0.6)  # a bin never hit: observed 0
    days = len(result["repeats"])
    axes.axhline(1 / 3158, color="0.8", linestyle=":", label="uniform (1/3158)")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlim(low, 0.1)
    axes.set_ylim(low, 0.1)
    axes.set_xlabel("predicted probability of a word (bin mean)")
    axes.set_ylabel("observed frequency of the answer in the bin")
    axes.set_title(f"Calibration over the last {days} days (rolling origin)\nnumbers: answers in the bin; ▼ at the bottom: a bin with none")
    axes.legend(loc="upper left")
    figure.tight_layout()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=110)
    print(f"calibration plot: {path}")


def timings(date: str, repeats: int = 7) -> str:
    """Seconds for one nyt_probabilities call: in a fresh process (imports and wordfreq included), and repeated."""
    code = (
        "import time, datetime as dt; t = time.perf_counter();"
        "from wordle_cli import history, shipped; from wordle_cli.prior import nyt_probabilities;"
        "from wordle_cli.wordlist import read_text;"
        "words = read_text(shipped.shipped_list(shipped.NYT_ANSWERS), 'list').split();"
        f"nyt_probabilities(dt.date.fromisoformat('{date}'), words); print(time.perf_counter() - t)"
    )
    cold = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout) for _ in range(3)]
    pool = read_text(shipped.shipped_list(shipped.NYT_ANSWERS), "list").split()
    days = history.shipped_days()
    warm = []
    for k in range(repeats):
        nyt.fitted.cache_clear()
        start = time.perf_counter()
        nyt.nyt_probabilities(history.LAUNCH + dt.timedelta(days=days[-1].number - k), pool, days)
        warm.append(time.perf_counter() - start)
    return (
        f"one call of nyt_probabilities for {date}: {statistics.median(cold):.2f} s in a fresh process "
        f"(imports, wordfreq and the fit; median of 3), {statistics.median(warm) * 1000:.0f} ms repeated in one process (median of {repeats})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=180, help="score the last N days of the history")
    parser.add_argument("--validation", action="store_true", help="also score the N days before them")
    parser.add_argument("--plot", default=str(ROOT / "docs" / "images" / "prior-calibration.png"), help="calibration plot (PNG); '' for none")
    args = parser.parse_args()
    days = history.shipped_days()
    pool = read_text(shipped.shipped_list(shipped.NYT_ANSWERS), "list").split()
    last = days[-1].number
    if args.validation:
        lo = last - 2 * args.days + 1
        print(table(f"Validation, #{lo}-#{lo + args.days - 1}", score(days, pool, lo, lo + args.days - 1)), end="\n\n", flush=True)
    lo = last - args.days + 1
    result = score(days, pool, lo, last)
    print(table(f"Test, #{lo}-#{last}", result), end="\n\n", flush=True)
    print(timings(days[-1].date.isoformat()))
    if args.plot:
        plot(result, args.plot)


if __name__ == "__main__":
    main()
