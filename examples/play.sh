#!/usr/bin/env bash
# Play one game of Wordle against TARGET by chaining score, feedback and prune:
#   examples/play.sh sheen
set -euo pipefail
target=${1:?usage: examples/play.sh TARGET}
lists=$(dirname "$0")/../wordlists
pool=$(mktemp) && trap 'rm -f "$pool"' EXIT
cp "$lists/nyt-answers.txt" "$pool"
for turn in 1 2 3 4 5 6; do
  # Row 2 of the CSV is the best guess (row 1 is the header).
  guess=$(wordle score -q "$lists/nyt-allowed.txt" "$pool" - | sed -n '2s/,.*//p')
  result=$(wordle feedback "$guess" "$target")
  left=$(wc -l < "$pool")
  echo "turn $turn: $guess $result ($left possible answer$([ "$left" -eq 1 ] || echo s))"
  [ "$result" = EEEEE ] && exit 0
  wordle prune -q "$guess" "$result" "$pool" "$pool"
done
echo "not solved in 6 turns" >&2 && exit 1
