"""`wordle infer`: name a day's answer from the result grids players share.

`posts` reads pasted posts into grids, `model` decides which candidate
answers fit them and how likely each is, `report` formats the result.
"""
