"""The labs' layout (issue 12, point 5): packages without import cycles, no
`_private` name taken from another module, strategies apart from the
interpreter, and each package's `__all__` real."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LABS = ROOT / "schemehost" / "labs"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """Return (absolute module, imported names) for every import in the file, function-local ones too."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = node.module or ""
            if node.level:
                target = f"{base}.{target}" if target else base
            names = [alias.name for alias in node.names]
            out.append((target, names))
            if not node.module:  # from . import x: x is a module of the package
                out += [(f"{target}.{n}", []) for n in names]
    return out


def lab_files() -> list[Path]:
    return sorted(LABS.rglob("*.py"))


def test_labs_import_no_private_name_from_another_module():
    taken = [(module_name(p), target, n) for p in lab_files() for target, names in imports(p)
             for n in names if n.startswith("_") and target != "__future__"]
    assert taken == []


def test_labs_modules_import_each_other_without_cycles():
    known = {module_name(p) for p in lab_files()}
    graph = {module_name(p): {t for t, _ in imports(p) if t in known and t != module_name(p)} for p in lab_files()}
    def cycle_from(start, path, seen):
        for nxt in sorted(graph[path[-1]]):
            if nxt == start:
                return path + [nxt]
            if nxt not in seen:
                seen.add(nxt)
                found = cycle_from(start, path + [nxt], seen)
                if found:
                    return found
        return None

    cycles = [c for c in (cycle_from(m, [m], {m}) for m in sorted(graph)) if c]
    assert cycles == []


def test_pig_cli_and_tournament_share_options_and_do_not_import_each_other():
    cli = {t for t, _ in imports(LABS / "pig" / "cli.py")}
    tournament = {t for t, _ in imports(LABS / "pig" / "tournament.py")}
    assert "schemehost.labs.pig.cli" not in tournament
    assert "schemehost.labs.pig.options" in cli and "schemehost.labs.pig.options" in tournament


def test_strategies_import_nothing_from_schemehost():
    found = [(module_name(p), t) for p in sorted((ROOT / "strategies").rglob("*.py"))
             for t, _ in imports(p) if t.split(".")[0] == "schemehost"]
    assert found == []


def test_no_flat_lab_modules_are_left_at_the_old_paths():
    assert sorted(p.name for p in LABS.glob("*.py")) == ["__init__.py", "compare_cli.py", "progress.py"]


@pytest.mark.parametrize("package, expected", [
    ("schemehost.labs.pig", [
        "Comparison", "Dice", "Difference", "Limits", "MatchGame", "MatchReport", "MatchResult",
        "PlayerFault", "Rejected", "SchemePlayer", "compare_pig", "format_comparison", "format_replay",
        "format_report", "match_sources", "play", "play_game", "play_match", "register_commands", "report_json",
        "same_every_game", "sandboxed_match",
    ]),
    ("schemehost.labs.pennies", ["register_commands", "register_compare"]),
    ("schemehost.labs.etaoin", ["register_commands", "register_compare"]),
])
def test_lab_package_all_is_pinned_and_every_name_exists(package, expected):
    module = importlib.import_module(package)
    assert sorted(module.__all__) == expected
    assert all(hasattr(module, name) for name in module.__all__)
