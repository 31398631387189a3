"""The table of subcommands, read by the click group to import each one only when it runs."""

#: Subcommand name -> "module:attribute", imported only when that command runs,
#: so `wordle prune` does not pay for importing the solver's modules.
COMMANDS = {
    "score": "wordle_cli.cli.score:score",
    "prune": "wordle_cli.cli.prune:prune",
    "feedback": "wordle_cli.cli.tiles:feedback_command",
    "solve": "wordle_cli.cli.solve:solve",
    "simulate": "wordle_cli.cli.simulate:simulate",
    "play": "wordle_cli.cli.play:play",
    "tree": "wordle_cli.cli.tree:tree_group",
    "review": "wordle_cli.cli.review:review",
    "partition": "wordle_cli.cli.partition:partition",
    "absurdle": "wordle_cli.cli.absurdle:absurdle_group",
    "fibble": "wordle_cli.cli.fibble:fibble_group",
    "infer": "wordle_cli.cli.infer:infer",
    "history": "wordle_cli.cli.history:history_group",
    "backends": "wordle_cli.cli.info:backends_command",
    "kernels": "wordle_cli.cli.kernels:kernels_group",
    "lists": "wordle_cli.cli.lists:lists_command",
    "completion": "wordle_cli.cli.completion:completion_command",
}
