"""The package's layers, read from its imports.

Every module of schemehost belongs to one layer of `LAYERS`, lowest first.
A module may import only from its own layer or a lower one, the imports form
no cycle (not even inside a layer), and no module imports a `_private` name
from another.  Imports are read with `ast`, function-local ones included, so
an import moved into a function to dodge a cycle still counts.

To add a module, give it a layer in `LAYER_OF` (a package name there covers
every module under it unless a longer name says otherwise).

`KNOWN_HIGH_CYCLE` lists the imports of the compiler cluster (compiler,
pyfunc, expander, forms, libraries, primitives.control) that still break
these rules while that cluster is being taken apart.  It may only shrink:
the test fails when an entry is no longer needed, so delete it then.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE_DIR = Path(__file__).resolve().parent.parent / "schemehost"

# Lowest first.  A module may import from its own layer and the ones before it.
LAYERS = [
    "values",  # datatypes, errors; runtime: the procedure classes and the step budget
    "text",  # number text and identifiers: what reader, printer and analysis share
    "reader and printer",
    "control",  # continuations, dynamic-wind
    "ports",
    "primitives",
    "analysis",  # scopes, macros, libraries, special forms
    "code generation",  # closures compiler, Python-source compiler, codegen, inline
    "interpreter",
    "host",  # Python <-> Scheme, and the package's public face
    "applications",  # labs, kernel, service
    "cli",
]

LAYER_OF = {
    "schemehost.datatypes": "values",
    "schemehost.errors": "values",
    "schemehost.runtime": "values",
    "schemehost.numtext": "text",
    "schemehost.identifiers": "text",
    "schemehost.reader": "reader and printer",
    "schemehost.printer": "reader and printer",
    "schemehost.continuations": "control",
    "schemehost.calls": "control",
    "schemehost.ports": "ports",
    "schemehost.primitives": "primitives",
    "schemehost.expander": "analysis",
    "schemehost.forms": "code generation",
    "schemehost.libraries": "analysis",
    "schemehost.analysis": "analysis",
    "schemehost.compiler": "code generation",
    "schemehost.backend": "code generation",
    "schemehost.pyfunc": "code generation",
    "schemehost.fused": "code generation",
    "schemehost.ir": "code generation",
    "schemehost.closures": "code generation",
    "schemehost.firstcalls": "code generation",
    "schemehost.codegen": "code generation",
    "schemehost.inline": "code generation",
    "schemehost.typespec": "code generation",
    "schemehost.restlists": "code generation",
    "schemehost.interpreter": "interpreter",
    "schemehost.host": "host",
    "schemehost": "host",
    "schemehost.labs": "applications",
    "schemehost.kernel": "applications",
    "schemehost.service": "applications",
    "schemehost.cli": "cli",
    "schemehost.__main__": "cli",
}

# (importer, imported) pairs of the compiler cluster that may still import
# upward, close a cycle or take a _private name.  Shrink only.
KNOWN_HIGH_CYCLE: set[tuple[str, str]] = set()


def module_files() -> dict[str, Path]:
    """Map each module's dotted name to its file."""
    modules = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


MODULES = module_files()


def layer_of(module: str) -> str | None:
    """The layer of `module`: its own entry, else its nearest package's."""
    name = module
    while name:
        if name in LAYER_OF:
            return LAYER_OF[name]
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str) -> list[tuple[str, int, list[str]]]:
    """Return (imported module, line, names) for every schemehost import in `module`."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES and alias.name != module:
                    found.append((alias.name, node.lineno, []))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target != "schemehost" and not target.startswith("schemehost."):
                continue
            plain = []
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                if submodule in MODULES:
                    found.append((submodule, node.lineno, []))
                else:
                    plain.append(alias.name)
            if plain and target != module:
                found.append((target, node.lineno, plain))
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def edges() -> dict[tuple[str, str], list[tuple[int, list[str]]]]:
    """Every import between two modules: (importer, imported) -> [(line, names)]."""
    found: dict = {}
    for module in MODULES:
        for target, line, names in imports_of(module):
            found.setdefault((module, target), []).append((line, names))
    return found


EDGES = edges()


def rank(module: str) -> int:
    return LAYERS.index(layer_of(module))


def where(pair) -> str:
    importer, imported = pair
    lines = ", ".join(str(line) for line in sorted({line for line, _ in EDGES[pair]}))
    return f"{importer} (line {lines}) imports {imported}"


def strongly_connected(pairs) -> list[set[str]]:
    """The cycles of the graph `pairs`: components with more than one module."""
    graph: dict[str, list[str]] = {m: [] for m in MODULES}
    for a, b in pairs:
        graph[a].append(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)
    return components


def violations(pair) -> list[str]:
    """What is wrong with the import `pair`, apart from cycles."""
    importer, imported = pair
    wrong = []
    if rank(importer) < rank(imported):
        wrong.append(f"upward: layer {layer_of(importer)!r} below {layer_of(imported)!r}")
    private = sorted({n for _, names in EDGES[pair] for n in names if is_private(n)})
    if private:
        wrong.append(f"private names {', '.join(private)}")
    return wrong


def test_layers_every_module_has_a_layer():
    missing = [m for m in MODULES if layer_of(m) is None]
    assert not missing, f"give these modules a layer in LAYER_OF: {missing}"
    assert set(LAYER_OF.values()) <= set(LAYERS)


def test_layers_imports_go_downward_and_take_no_private_names():
    bad = [
        f"{where(pair)}: {'; '.join(violations(pair))}"
        for pair in sorted(EDGES)
        if pair not in KNOWN_HIGH_CYCLE and violations(pair)
    ]
    assert not bad, "imports that break the layers:\n" + "\n".join(bad)


def test_layers_imports_form_no_cycle():
    cycles = strongly_connected(pair for pair in EDGES if pair not in KNOWN_HIGH_CYCLE)
    shown = []
    for component in cycles:
        inside = sorted(p for p in EDGES if p[0] in component and p[1] in component)
        shown.append("cycle among " + ", ".join(sorted(component)) + ":\n  " + "\n  ".join(map(where, inside)))
    assert not cycles, "\n".join(shown)


def test_layers_known_high_cycle_only_shrinks():
    """Each allowance must still be an import that breaks a rule: an upward
    import, a private name, or an edge without which a cycle would remain."""
    full_cycles = strongly_connected(EDGES)
    unneeded = []
    for pair in sorted(KNOWN_HIGH_CYCLE):
        if pair not in EDGES:
            unneeded.append(f"{pair}: no such import any more")
            continue
        if violations(pair):
            continue
        if not any(pair[0] in c and pair[1] in c for c in full_cycles):
            unneeded.append(f"{pair}: breaks no rule now")
            continue
        rest = [p for p in EDGES if p not in KNOWN_HIGH_CYCLE or p == pair]
        if not any(pair[0] in c and pair[1] in c for c in strongly_connected(rest)):
            unneeded.append(f"{pair}: the other allowances already break its cycle")
    assert not unneeded, "delete these from KNOWN_HIGH_CYCLE:\n" + "\n".join(unneeded)


def test_layers_known_high_cycle_stays_in_the_compiler_cluster():
    cluster = {
        "schemehost.compiler",
        "schemehost.pyfunc",
        "schemehost.expander",
        "schemehost.forms",
        "schemehost.libraries",
        "schemehost.primitives.control",
    }
    assert all(a in cluster and b in cluster for a, b in KNOWN_HIGH_CYCLE)


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from .printer import write_string\n", [("schemehost.printer", 1, ["write_string"])]),
        ("def f():\n    from . import ports\n", [("schemehost.ports", 2, [])]),
        ("import schemehost.reader\n", [("schemehost.reader", 1, [])]),
        ("from .primitives.registry import _x\n", [("schemehost.primitives.registry", 1, ["_x"])]),
        ("import json\nfrom lark import Lark\n", []),
    ],
)
def test_layers_imports_of_reads_local_and_relative_imports(tmp_path, monkeypatch, source, expected):
    fake = tmp_path / "fake.py"
    fake.write_text(source)
    monkeypatch.setitem(MODULES, "schemehost.fake", fake)
    assert imports_of("schemehost.fake") == expected
