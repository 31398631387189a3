"""The game model: what every capability (solver, trees, games, infer, review) stands on.

`game` (a game's word lists and its feedback table), `feedback` (Wordle's rule
and the spellings people type it in), `rules` (which words stay possible after
a feedback, strict or loose), `hardmode` (what hard mode allows next), `lies`
(Fibble's rule: every row lies in N tiles; the liars) and `lie_split` (its
arrays and kernels: how a guess spreads a pool over the rows shown). Nothing
here imports a capability, the API or the CLI.
"""
