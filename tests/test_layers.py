"""The package's layers, checked from the source: imports run one way down, in no loop.

Every import counts, the lazy ones inside functions included, since a lazy
import from a lower layer to a higher one still ties them together. Layers,
top to bottom (a module may import its own layer's package and lower layers):

    cli           the click commands, __main__, the package's lazy facade
    api           the public functions
    capabilities  scoring, solver, trees, games, infer, reviewer, pictures
    model         the game and its lists, feedback rule, pruning rules, hard mode; the prior
                  (model.weights) and the nyt model it is made from (prior: the history only)
    backends      cpu and cuda kernels
    base          encoding, wordlist, output, stats, errors, config, ...

Within the capabilities, one package may use another's work (games plays
with the solver's strategies) but never in a circle, and the solver never
imports trees: it is handed the exact search.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "wordle_cli"

LAYERS = {
    "cli": 5,
    "__main__": 5,
    "": 5,  # wordle_cli/__init__.py: the lazy facade over the API
    "api": 4,
    "setup": 4,  # the setup made once, below the API (which uses it) and above the capabilities
    "scoring": 3,
    "solver": 3,
    "trees": 3,
    "games": 3,
    "infer": 3,
    "reviewer": 3,
    "pictures": 3,
    "prior": 2,  # the nyt model of the NYT's picks, below `model.weights`, which makes the prior of a spec from it
    "model": 2,
    "lists": 2,
    "colour": 2,
    "backends": 1,
}
BASE = 0  # every other top-level module: encoding, wordlist, output, stats, errors, config, ...


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports anywhere in its source (relative names resolved)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
                if module != "wordle_cli" and not module.startswith("wordle_cli."):
                    continue
                module = module.removeprefix("wordle_cli").lstrip(".")
            for alias in node.names:  # `from wordle_cli import config` imports the module config
                sub = f"{module}.{alias.name}" if module else alias.name
                targets.append(sub if sub in modules else module)
        for target in targets:
            if target.startswith("wordle_cli"):
                target = target.removeprefix("wordle_cli").lstrip(".")
                while target and target not in modules:
                    target = target.rpartition(".")[0]
            if target in modules and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def layer(name: str) -> int:
    return LAYERS.get(name.split(".")[0], BASE)


def top(name: str) -> str:
    return name.split(".")[0]


def test_the_graph_is_read():
    edges = graph()
    assert "model.feedback" in edges["model.rules"]
    assert "solver.strategy" in edges["solver.tree"]
    assert "trees.optimal" in edges["setup"]  # a lazy import inside a function counts too


def test_nothing_imports_a_higher_layer():
    upward = [
        f"{name} -> {target}"
        for name, targets in graph().items()
        for target in targets
        if layer(target) > layer(name) and not (name == "" and target)  # the facade re-exports lazily
    ]
    assert upward == []


def test_no_module_imports_the_api_or_the_cli_but_the_cli():
    users = sorted(
        name for name, targets in graph().items() if any(top(t) in ("api", "cli") for t in targets) and layer(name) < 5
    )
    assert users == []


def test_no_import_loop():
    edges = graph()
    state: dict[str, int] = {}  # 1 on the path, 2 done
    loops = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges[name]):
            if state.get(target) == 1:
                loops.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert loops == []


def test_capability_packages_use_each_other_in_one_direction():
    edges = graph()
    between = {(top(a), top(b)) for a, targets in edges.items() for b in targets if layer(a) == layer(b) == 3 and top(a) != top(b)}
    assert ("solver", "trees") not in between
    assert [pair for pair in between if pair[::-1] in between] == []


def test_no_module_rewrites_its_own_class():
    offenders = [str(p) for p in PACKAGE.rglob("*.py") if "__class__ =" in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_every_package_is_installed():
    """pyproject.toml lists packages by hand: a new package left out would be missing from a wheel."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {"wordle_cli" + (f".{p}" if p else "") for p, path in module_names().items() if path.name == "__init__.py"}
    assert found - listed == set()
