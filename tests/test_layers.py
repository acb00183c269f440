"""The package's layers (issue 30 item 4; docs/architecture.md "Layers"): every import in
wyrm_ai/ -- at the top of a module or inside a function, they all count -- goes down the table
below or stays in its own layer, and no module imports itself back through others (no cycle).
The modules are read with ast, never imported, so a cycle is found even where Python's import
order would let it pass.

A module's layer is the first part of its name under wyrm_ai (LAYER_OF); `from P import n` is an
import of the module P.n when there is one, else of P; importing a module is not counted as
importing its parent packages' __init__ (Python runs them, but they import down too)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "wyrm_ai"

# layer of each part of the package: the first name under wyrm_ai, "" for wyrm_ai/__init__.py
LAYER_OF = {
    "_core": "core",            # the compiled Cython core (ext/wyrm_ai/_core.pyx)
    "model": "model",           # the game model: Game, notation, positions, views, words, the text board
    "ai": "ai",                 # players, the planner, player specs, calibration, the learned evaluation
    "rootlog": "rootlog",       # Rootlog records of the model's games: read, written, replayed
    "lab": "lab",               # arena, match, SPRT, tune, executor, the evaluation's data and fit
    "": "package",              # wyrm_ai/__init__.py: Game, State and the version at wyrm_ai.*
    "seat_options": "options",  # the command line's seat table and drivers (cli.py, terminal/command.py)
    "terminal": "terminal",     # wyrm play, wyrm watch
    "protocol": "protocol",     # wyrm engine
    "web": "web",               # wyrm serve: a protocol session per game
    "cli": "cli",               # wires every command
}
DOWN = {"core"}
# what each layer may import besides itself
MAY_IMPORT = {
    "core": set(),
    "model": DOWN,
    "ai": DOWN | {"model"},
    "rootlog": DOWN | {"model"},
    "lab": DOWN | {"model", "ai", "rootlog"},
    "package": DOWN | {"model", "ai"},
    "options": DOWN | {"model", "ai"},
    "terminal": DOWN | {"model", "ai", "rootlog", "options"},
    "protocol": DOWN | {"model", "ai", "rootlog", "package"},
    "web": DOWN | {"model", "ai", "protocol"},
    "cli": set(LAYER_OF.values()),
}


def modules(package: Path) -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name: its file and whether it is a package's __init__."""
    out = {"wyrm_ai._core": (None, False)}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_init = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_init else parts)] = (path, is_init)
    return out


def imports(name: str, path: Path, is_init: bool, known) -> set[str]:
    """The package's modules that module `name` imports anywhere in its file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                mod = alias.name
                while mod and mod not in known:      # import a.b.c: the longest known module
                    mod = mod.rpartition(".")[0]
                if mod:
                    found.add(mod)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_init else name.split(".")[:-1]
                here = here[:len(here) - (node.level - 1)]
                base = ".".join(here + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    found.add(sub)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    known = modules(package)
    return {name: (imports(name, path, is_init, known) if path else set())
            for name, (path, is_init) in known.items()}


def layer(name: str) -> str | None:
    parts = name.split(".")
    return LAYER_OF.get(parts[1] if len(parts) > 1 else "")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Each import of a module in another layer that its layer may not import (a module of no
    layer is test_every_module_has_a_layer's to report)."""
    bad = []
    for name, targets in sorted(edges.items()):
        for t in sorted(targets):
            if None in (layer(name), layer(t)):
                continue
            if layer(t) != layer(name) and layer(t) not in MAY_IMPORT[layer(name)]:
                bad.append(f"{name} ({layer(name)}) imports {t} ({layer(t)})")
    return bad


def test_every_module_has_a_layer():
    loose = [name for name in graph() if layer(name) is None]
    assert loose == [], "modules in no layer (give them one in LAYER_OF): " + ", ".join(loose)


def test_imports_only_go_down():
    bad = upward(graph())
    assert bad == [], "imports that go up:\n" + "\n".join(bad)


def test_no_import_cycle():
    edges = graph()
    found = cycles(edges)
    assert found == [], "\n".join(
        "a cycle: " + "; ".join(f"{a} -> {b}" for a in comp for b in sorted(edges[a]) if b in comp)
        for comp in found)


def test_the_checks_see_a_cycle_and_an_upward_import():
    # the checks themselves: a circle like the ones issue 30 item 4 broke, and an upward import
    edges = {"wyrm_ai.ai.planner": {"wyrm_ai.ai.players"}, "wyrm_ai.ai.players": {"wyrm_ai.ai.planner"},
             "wyrm_ai.model.game": {"wyrm_ai.terminal.session"}, "wyrm_ai.terminal.session": set()}
    assert cycles(edges) == [["wyrm_ai.ai.planner", "wyrm_ai.ai.players"]]
    assert upward(edges) == ["wyrm_ai.model.game (model) imports wyrm_ai.terminal.session (terminal)"]
