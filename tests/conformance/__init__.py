"""R7RS-small conformance tables, one module per chapter of the report.

Every row states a program and what the report says it yields: either the
written form (`write`) of its last value, or `Raises(ErrorClass, "message")`,
the error it must signal, with the message as the user sees it without the
file position (`describe()`).  Each row runs in a fresh interpreter.

Where the report leaves a result open (the value of `(if #f #f)`, whether
`(quote a)` is written `'a`), the rows test the datum with `equal?` instead
of its written form.  A row the interpreter gets wrong today, whose fix
lies outside the primitive modules (or would change a pinned answer in
another test file), is marked with `bug(...)`: a strict xfail whose reason
names the defect, so that fixing it makes the row fail until the mark goes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from conftest import Session


@dataclass(frozen=True)
class Raises:
    """The error a row expects: exception class and exact message text."""

    error: type
    message: str


def check(program: str, expected, **session_kwargs) -> None:
    """Run `program` in a fresh interpreter and compare with `expected`."""
    session = Session(**session_kwargs)
    if isinstance(expected, Raises):
        with pytest.raises(expected.error) as info:
            session.eval(program)
        assert type(info.value) is expected.error, f"raised {type(info.value).__name__}: {info.value.describe()}"
        assert info.value.describe() == expected.message
    else:
        assert session.show(program) == expected


def bug(program: str, expected, reason: str):
    """A row the interpreter gets wrong today (strict: passing makes it fail)."""
    return pytest.param(program, expected, marks=pytest.mark.xfail(reason=reason, strict=True))


def output_of(program: str, port: str = "p") -> str:
    """Wrap `program` (which writes to port `p`) so its value is the text written."""
    return f"(let (({port} (open-output-string))) {program} (get-output-string {port}))"


def text(s: str) -> str:
    """Return the written form of a Scheme string holding `s` (the escapes rows use)."""
    escaped = s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'
