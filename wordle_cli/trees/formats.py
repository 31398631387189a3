"""Tree files: `selby` and `json`, read and written (pictures of trees: `wordle_cli.pictures`).

selby, the format the best-known Wordle trees are published in: one line
per answer, its path as `guess FEEDBACKk` tokens (FEEDBACK one B/Y/G per
letter, k the turn), ending with the answer and its all-G feedback; the
tokens a line shares with the line above are blanked with spaces:

    salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4
                                    BGYYB3 pygmy GGGGG4

Lines are in tree order: a node's branches by their feedback, compared
letter by letter with B < G < Y (as the published files order them). The
reader takes the blanked and the full-path form, and any feedback spelling
the rest of the tool reads.

json: `{"guess": "salet", "map": {"BBBBB": {...}, "GGGGG": null}}`, nested,
feedback in B/Y/G; the root object also carries the summary (see
`json_summary`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TextIO

from wordle_cli.config import MAX_WORD_LENGTH
from wordle_cli.errors import MAX_DIGITS, WordleError, quote, whole_number
from wordle_cli.model import feedback
from wordle_cli.trees.model import Node, Tree
from wordle_cli.wordlist import is_text, lines_of, normalise

READABLE = ("selby", "json")

#: Most turns a path of a tree file may take: far beyond any real tree (the
#: builder's --max-guesses stops at 100), and shallow enough that walking the
#: tree recursively never reaches Python's recursion limit.
MAX_TURNS = 256

#: Most answers (leaves) a tree file may reach when no game says how many it has.
#: Reading costs about 1.3 kB a leaf, so this keeps any tree file within ~150 MB;
#: the largest shipped game has 12972 words.
MAX_LEAVES = 100_000

#: Most JSON values (objects, arrays, strings, numbers...) a tree file may hold
#: per leaf it may reach: a tree needs about four (a node, its guess, its map,
#: an entry), so a file of millions of empty lists is refused before parsing.
JSON_VALUES_PER_LEAF = 8

#: Branch order in selby files: per tile, B (absent) < G (exact) < Y (contained).
_TILE_RANK = {feedback.ABSENT: 0, feedback.EXACT: 1, feedback.CONTAINED: 2}


class TreeFileError(WordleError):
    """A tree file that cannot be read; the message names the line (or path) and why."""


@dataclass
class Leaf:
    """One answer's path as the file gives it: [(guess, tiles)], the last tiles all exact."""

    steps: list[tuple[str, tuple[int, ...]]]
    where: str  # "line 12" or the path in a JSON file

    @property
    def answer(self) -> str:
        return self.steps[-1][0]


@dataclass
class TreeFile:
    tree: Tree
    leaves: list[Leaf]
    format: str
    summary: dict = field(default_factory=dict)  # a json root's other fields (`json_summary`), as stored


# ---------------------------------------------------------------- writing


def byg(code: int, length: int) -> str:
    return feedback.show(feedback.decode(code, length), "byg")


def branch_order(codes, length: int) -> list[int]:
    """Feedback codes in the published files' order (B < G < Y, letter by letter)."""
    return sorted(codes, key=lambda code: [_TILE_RANK[t] for t in feedback.decode(code, length)])


def paths(tree: Tree) -> Iterator[list[tuple[str, int]]]:
    """Every answer's path [(guess, code)], in tree order."""

    def walk(node: Node, prefix: list[tuple[str, int]]):
        for code in branch_order(node.children, tree.length):
            step = prefix + [(node.guess, code)]
            child = node.children[code]
            if code == tree.win or child is None:
                yield step
            else:
                yield from walk(child, step)

    yield from walk(tree.root, [])


def write_selby(tree: Tree, out: TextIO) -> None:
    previous: list[str] = []
    for path in paths(tree):
        tokens = []
        for turn, (guess, code) in enumerate(path, start=1):
            tokens += [guess, f"{byg(code, tree.length)}{turn}"]
        shared = 0
        while shared < min(len(tokens), len(previous)) - 1 and tokens[shared] == previous[shared]:
            shared += 1
        blank = len(" ".join(tokens[:shared])) + 1 if shared else 0
        out.write(" " * blank + " ".join(tokens[shared:]) + "\n")
        previous = tokens


def _json_node(node: Node, length: int) -> dict:
    win = 3**length - 1
    children = {}
    for code in branch_order(node.children, length):
        child = node.children[code]
        children[byg(code, length)] = None if code == win or child is None else _json_node(child, length)
    return {"guess": node.guess, "map": children}


def write_json(tree: Tree, out: TextIO, summary: dict | None = None) -> None:
    data = _json_node(tree.root, tree.length)
    if summary:
        data = {**data, **summary}
    json.dump(data, out, ensure_ascii=False, indent=1)
    out.write("\n")


def json_summary(tree: Tree, **facts) -> dict:
    """Summary fields for a JSON root: answers, total, average, worst, histogram, and `facts` (hard, proven, ...)."""
    stats = tree.stats()
    return {
        "answers": stats.answers,
        "total": stats.total,
        "average": float(stats.average_text),
        "worst": stats.worst,
        "histogram": {str(k): v for k, v in stats.histogram.items()},
        **facts,
    }


def write(tree: Tree, out: TextIO, fmt: str, *, summary: dict | None = None) -> None:
    if fmt == "selby":
        write_selby(tree, out)
    elif fmt == "json":
        write_json(tree, out, summary)
    else:
        raise ValueError(f"unknown tree format {quote(fmt)}")


# ---------------------------------------------------------------- reading


def read(text: str, name: str, answers: int | None = None) -> TreeFile:
    """A tree from a file's text, its format told by its first character ({ for json).

    `answers`: how many answers the game has, so how many leaves the tree may
    reach (MAX_LEAVES when no game is given); reading stops at the first one more.
    """
    if not is_text(text):  # bytes kept as surrogates by a lenient decoder
        raise TreeFileError(f"{name}: not valid UTF-8 text")
    start = _LEADING.match(text).end()  # where the content starts (no copy of a 16 MiB text)
    if start == len(text):
        raise TreeFileError(f"{name}: the tree file is empty")
    builder = _Builder(name, answers)
    if text.startswith("{", start):
        return _read_json(text, start, name, builder)
    if text.startswith("digraph", start):
        raise TreeFileError(f"{name}: a dot file is for drawing only; read a selby or json tree")
    end = text.find("\n", start)
    first_line = text[start : end if end >= 0 else len(text)]  # no copy of the whole text
    if "," in first_line and not first_line.lstrip().startswith("#"):  # selby lines hold words and feedback, never commas
        raise TreeFileError(f"{name}: looks like a CSV file (its first line has commas), not a tree (selby or json)")
    return _read_selby(text, name, builder)


_LEADING = re.compile("[\ufeff \t\r\n]*")


def _read_selby(text: str, name: str, builder: _Builder) -> TreeFile:
    leaves: list[Leaf] = []
    previous = ""
    for number, raw in enumerate(lines_of(text), start=1):
        line = raw.rstrip()
        if number == 1:
            line = line.lstrip("\ufeff")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"line {number}"
        indent = len(line) - len(line.lstrip(" "))
        if indent:
            if indent > len(previous) or previous[indent - 1] != " " or (indent < len(previous) and previous[indent] == " "):
                raise TreeFileError(f"{name} {where}: its indentation does not end between tokens of the line above")
            line = previous[:indent] + line[indent:]
        tokens = line.split(maxsplit=2 * MAX_TURNS)  # no more: a line of a million tokens would be a list of them
        if len(tokens) > 2 * MAX_TURNS:
            raise TreeFileError(f"{name} {where}: more than {MAX_TURNS} turns, so not a tree")
        if len(tokens) % 2:
            raise TreeFileError(f"{name} {where}: expected pairs of 'guess FEEDBACKk', got {len(tokens)} tokens")
        steps = []
        for turn in range(1, len(tokens) // 2 + 1):
            guess, mark = normalise(tokens[2 * turn - 2]), tokens[2 * turn - 1]
            steps.append((guess, _feedback_token(mark, len(guess), turn, name, where)))
        leaf = Leaf(steps, where)
        builder.add(leaf)
        leaves.append(leaf)
        previous = line
    return TreeFile(builder.tree(), leaves, "selby")


def _feedback_token(mark: str, length: int, turn: int, name: str, where: str) -> tuple[int, ...]:
    tiles_text, digits = mark[:length], mark[length:]
    try:
        tiles = feedback.parse(tiles_text, length)
    except ValueError:
        raise TreeFileError(f"{name} {where}: {quote(mark)} is not {length} feedback letters and a turn number") from None
    if whole_number(digits) != turn:
        raise TreeFileError(f"{name} {where}: {quote(mark)} should end with its turn, {turn}")
    return tiles


#: JSON's white space.
_JSON_SPACE = re.compile(r"[ \t\n\r]*")

#: A JSON string (skipped whole), one bracket or a comma: what `_check_json_shape` counts.
_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[{,]|[\]}]')


def _check_json_shape(text: str, start: int, name: str, builder: _Builder) -> None:
    """Refuse, before parsing, JSON nested deeper than a tree can be, or with more values than its leaves need.

    How deep `json.loads` can go before a RecursionError differs between
    Python versions (3.12 goes far deeper); this makes the limit the format's,
    the same everywhere, and keeps the parser off pathological input. Parsed,
    each value costs 30 to 70 bytes: 14 MiB of `[],` would take 400 MB.
    """
    values = JSON_VALUES_PER_LEAF * builder.most + 1000  # and some room for a summary and notes
    limit = 4 * MAX_TURNS  # a turn is two levels (a node, its map): twice the room, so deep trees get walk's exact message
    depth = 0
    count = 1
    for token in _JSON_TOKENS.finditer(text, start):
        mark = token.group()
        if mark == ",":
            count += 1
        elif mark in "[{":
            depth += 1
            count += 1
            if depth > limit:
                raise TreeFileError(f"{name}: nested too deeply to be a tree (at most {MAX_TURNS} turns)")
        elif mark in "]}":
            depth -= 1
        if count > values:
            raise TreeFileError(
                f"{name}: more than {values} JSON values, more than a tree reaching at most {builder.most} answers "
                f"({builder.why}) can hold"
            )


def _json_int(digits: str, name: str) -> int:
    """A JSON integer (in a field a tree may carry, a summary's total): at most MAX_DIGITS digits.

    Python refuses to read an integer of more than 4300 digits with a
    ValueError, which `json.loads` would pass on; no count in a tree file is
    anywhere near that long.
    """
    number = whole_number(digits.lstrip("-"))
    if number is None:
        raise TreeFileError(f"{name}: the number {quote(digits)} is longer than {MAX_DIGITS} digits, so not from a tree")
    return -number if digits.startswith("-") else number


def _read_json(text: str, start: int, name: str, builder: _Builder) -> TreeFile:
    _check_json_shape(text, start, name, builder)
    decoder = json.JSONDecoder(parse_int=lambda digits: _json_int(digits, name))
    try:
        data, end = decoder.raw_decode(text, start)
        end = _JSON_SPACE.match(text, end).end()
        if end != len(text):  # as json.loads: nothing but white space after the value
            raise json.JSONDecodeError("Extra data", text, end)
    except json.JSONDecodeError as exc:
        raise TreeFileError(f"{name} line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise TreeFileError(f"{name}: nested too deeply to be a tree (at most {MAX_TURNS} turns)") from None
    leaves: list[Leaf] = []

    def walk(obj, steps: list[tuple[str, tuple[int, ...]]]) -> None:
        shown = " ".join(f"{g} {feedback.show(t, 'byg')}" for g, t in steps[-4:])
        where = "at " + (("... " if len(steps) > 4 else "") + shown if steps else "the root")
        if not isinstance(obj, dict) or not isinstance(obj.get("guess"), str) or not isinstance(obj.get("map"), dict):
            raise TreeFileError(f'{name} {where}: expected {{"guess": WORD, "map": {{FEEDBACK: ...}}}}')
        if not is_text(obj["guess"]) or not 1 <= len(obj["guess"]) <= MAX_WORD_LENGTH:
            raise TreeFileError(f"{name} {where}: {quote(obj['guess'])} is not a word of 1 to {MAX_WORD_LENGTH} symbols")
        guess = normalise(obj["guess"])
        if not obj["map"]:
            raise TreeFileError(f"{name} {where}: {quote(guess)} has no branches")
        for key, child in obj["map"].items():
            try:
                tiles = feedback.parse(key, len(guess))
            except ValueError:
                raise TreeFileError(f"{name} {where}: {quote(key)} is not a feedback for {quote(guess)}") from None
            path = steps + [(guess, tiles)]
            if child is None:
                if any(t != feedback.EXACT for t in tiles):
                    raise TreeFileError(f"{name} {where}: branch {key} of {quote(guess)} ends without finding the answer")
                leaf = Leaf(path, where)
                builder.add(leaf)
                leaves.append(leaf)
            elif len(path) >= MAX_TURNS:
                raise TreeFileError(f"{name} {where}: deeper than {MAX_TURNS} turns, so not a tree")
            else:
                walk(child, path)

    walk(data, [])
    summary = {key: value for key, value in data.items() if key not in ("guess", "map")}
    return TreeFile(builder.tree(), leaves, "json", summary)


class _Builder:
    """Assembles leaves' paths into nodes, checking that they agree where they meet."""

    def __init__(self, name: str, answers: int | None = None):
        self.name = name
        self.root: Node | None = None
        self.length: int | None = None
        self.most = MAX_LEAVES if answers is None else answers  # leaves it may reach
        self.why = "the most a tree file may hold" if answers is None else "the game's answers"
        self.added = 0

    def add(self, leaf: Leaf) -> None:
        self.added += 1
        if self.added > self.most:
            raise TreeFileError(f"{self.name} {leaf.where}: reaches more than {self.most} answers ({self.why})")
        if len(leaf.steps) > MAX_TURNS:
            raise TreeFileError(f"{self.name} {leaf.where}: {len(leaf.steps)} turns; a tree has at most {MAX_TURNS}")
        last_guess, last_tiles = leaf.steps[-1]
        if any(t != feedback.EXACT for t in last_tiles):
            raise TreeFileError(f"{self.name} {leaf.where}: the last feedback must be all exact, got {feedback.show(last_tiles, 'byg')}")
        for guess, _ in leaf.steps:
            if self.length is None:
                self.length = len(guess)
            if len(guess) != self.length:
                raise TreeFileError(f"{self.name} {leaf.where}: {quote(guess)} has length {len(guess)}, expected {self.length}")
        if self.root is None:
            self.root = Node(leaf.steps[0][0])
        node = self.root
        for turn, (guess, tiles) in enumerate(leaf.steps, start=1):
            if node.guess != guess:
                raise TreeFileError(
                    f"{self.name} {leaf.where}: turn {turn} guesses {quote(guess)}, but an earlier answer's path guesses {quote(node.guess)} there"
                )
            code = feedback.encode(tiles)
            final = turn == len(leaf.steps)
            if final:
                if code in node.children:
                    raise TreeFileError(f"{self.name} {leaf.where}: answer {quote(guess)} appears twice")
                node.children[code] = None
            else:
                if all(t == feedback.EXACT for t in tiles):
                    raise TreeFileError(f"{self.name} {leaf.where}: turn {turn} is all exact, but the path goes on")
                child = node.children.get(code)
                if child is None:
                    child = node.children[code] = Node(leaf.steps[turn][0])
                node = child

    def tree(self) -> Tree:
        if self.root is None:
            raise TreeFileError(f"{self.name}: the tree file has no answers")
        return Tree(self.root, self.length)
