"""Reviewing a played game: each move against the best one, by the exact search or a greedy strategy.

`review.review_game` walks the turns; `exact.ExactValues` proves values with
the tree search (`wordle_cli.trees`), keeping them in the on-disk
`cache.ProvenCache` and reading the most played openers' values from the
opening book (`book`, its data/book.json made by `recompute_book`); `greedy.GreedyValues` follows a scored strategy of
`wordle_cli.solver` instead (fast, not proven). See docs/review.md.
"""
