"""The package's public face: `schemehost.__all__` and the README's Python example."""

from __future__ import annotations

import re
from pathlib import Path

import schemehost
from schemehost import host

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_python_example() -> str:
    """The first ```python block under "## Using it from Python"."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Using it from Python", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL)[1]


def test_package_all_is_pinned():
    assert sorted(schemehost.__all__) == sorted([
        "Interpreter", "format_error", "run_deep",
        "SchemehostError", "ReadError", "SchemeError", "ResourceLimit", "StepLimitExceeded",
        "RecursionLimitExceeded", "MemoryLimitExceeded", "InputExhausted", "SandboxViolation", "SchemeExit",
    ])
    assert all(hasattr(schemehost, name) for name in schemehost.__all__)


def test_package_host_all_is_pinned():
    assert sorted(host.__all__) == ["SchemeProcedure", "procedure", "to_python", "to_scheme"]


def test_package_readme_example_imports_only_public_names():
    code = readme_python_example()
    imports = re.findall(r"^from (\S+) import (.+)$", code, re.MULTILINE)
    assert imports, code
    for module, names in imports:
        public = {"schemehost": schemehost.__all__, "schemehost.host": host.__all__}[module]
        for name in names.split(","):
            assert name.strip() in public, f"README imports {name.strip()} from {module}, not in its __all__"


def test_package_readme_example_runs():
    code = readme_python_example()
    namespace: dict = {}
    exec(compile(code, str(README), "exec"), namespace)
    assert namespace["square"](7) == 49
