"""The service is a front door: it reaches the grader only through its public entry points."""

from __future__ import annotations

import ast
from pathlib import Path

import schemehost.service as service

PACKAGE = Path(service.__file__).parent
# What the service may import from the rest of schemehost: the grader's and the tournament's entry points.
ALLOWED = {
    ("labs.pig", "Limits"), ("labs.pig", "match_sources"),
    ("labs.pig.tournament", "leaderboard"),
}


def test_service_exports_only_settings_and_build_app():
    assert service.__all__ == ["Settings", "build_app"]


def test_service_imports_only_the_graders_public_entry_points():
    seen = set()
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                seen |= {(node.module, alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("schemehost"):
                raise AssertionError(f"{path.name} imports {node.module} absolutely")
    assert seen == ALLOWED


def test_serve_binds_loopback_unless_told_otherwise():
    from schemehost.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.dask) == ("127.0.0.1", 8000, "grader.sqlite", None)
