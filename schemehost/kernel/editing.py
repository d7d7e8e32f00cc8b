"""What a front end asks while the user types: completion, inspection, is_complete.

Plain functions of an Interpreter and the text being edited, so they are
tested without a kernel; kernel.py wraps their answers in Jupyter replies.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from ..errors import ReadError
from ..reader import is_complete as reader_is_complete
from ..reader import read_all, read_prefix
from ..runtime import Closure, Primitive, Procedure
from .rich import write_bounded

# R7RS identifier characters (letters, digits and the extended characters).
_IDENT = re.compile(r"[A-Za-z0-9!$%&*/:<=>?^_~+\-.@\u0080-\U0010FFFF]")
_DEFINED = re.compile(
    r"\(\s*define(?:-syntax|-record-type|-values)?\s+\(*\s*([^\s()\[\]\"';`|,]+)"
)

# One line for the built-ins people look up most; the rest say their arity.
BUILTIN_DOCS = {
    "car": "the first element of a pair",
    "cdr": "the rest of a pair (everything after its car)",
    "cons": "a new pair of obj1 and obj2",
    "list": "a new list of the arguments",
    "length": "the number of elements of a proper list",
    "append": "a list of the elements of the lists, in order (the last one shared)",
    "reverse": "a new list of the elements in reverse order",
    "map": "a list of proc applied to the elements of the lists",
    "for-each": "apply proc to the elements of the lists, in order, for effect",
    "apply": "call proc with the arguments, the last one a list spread out",
    "assoc": "the first pair of an association list whose car is equal? to the key, or #f",
    "member": "the first sublist whose car is equal? to obj, or #f",
    "list-ref": "the kth element of a list (from 0)",
    "vector-ref": "the kth element of a vector (from 0)",
    "vector-set!": "store obj as the kth element of a vector",
    "make-vector": "a new vector of k elements, each fill",
    "string-ref": "the kth character of a string (from 0)",
    "string-length": "the number of characters of a string",
    "substring": "a new string of the characters from start up to end",
    "string-append": "a new string of the strings' characters in order",
    "number->string": "the digits of a number as a string",
    "string->number": "the number a string denotes, or #f",
    "char-downcase": "the lower-case form of a character",
    "display": "write obj for people (strings without quotes) to a port",
    "write": "write obj as Scheme data (strings quoted, cycles labelled) to a port",
    "newline": "write an end of line to a port",
    "read": "read one datum from a port (the user's input in a notebook)",
    "read-line": "read one line of text from a port, without its newline",
    "error": "raise an error object with a message and irritants",
    "load": "evaluate the forms of a Scheme source file",
    "random": "a random number from 0 below n (exact n: an exact integer)",
    "exact->inexact": "the inexact (floating-point) number nearest z",
    "sqrt": "the square root of z",
    "expt": "z1 raised to the power z2",
    "log": "the natural logarithm of z (or the logarithm to base z2)",
    "exp": "e raised to the power z",
    "current-jiffy": "the jiffies elapsed since an arbitrary start (for timing)",
    "jiffies-per-second": "how many jiffies make a second",
    "show-plot": "draw (label xs ys [style]) series and show the plot inline",
    "display-image": "show PNG bytes inline in the notebook",
    "display-markdown": "show a Markdown string inline in the notebook",
}


def token_before(code: str, cursor: int) -> tuple[int, str]:
    """Return (start, text) of the identifier that ends at `cursor`."""
    start = cursor
    while start > 0 and _IDENT.match(code[start - 1]):
        start -= 1
    return start, code[start:cursor]


def token_at(code: str, cursor: int) -> str:
    """Return the identifier around `cursor` (the one just before it at its end)."""
    start, _ = token_before(code, cursor)
    end = cursor
    while end < len(code) and _IDENT.match(code[end]):
        end += 1
    return code[start:end]


def defined_in(code: str) -> set[str]:
    """Return the names that top-level-looking definitions in `code` bind."""
    return set(_DEFINED.findall(code))


def complete(interp, code: str, cursor: int) -> tuple[int, int, list[str]]:
    """Return (start, end, matches): bound names and the cell's own definitions."""
    start, prefix = token_before(code, cursor)
    if not prefix:
        return cursor, cursor, []
    names = set(interp.bound_names()) | defined_in(code)
    return start, cursor, sorted(n for n in names if n.startswith(prefix) and n != prefix) or (
        [prefix] if prefix in names else []
    )


def is_complete(code: str) -> tuple[str, str]:
    """Return ("complete" | "incomplete" | "invalid", indent for the next line)."""
    try:
        read_all(code, "<input>")
        return "complete", ""
    except ReadError:
        pass
    if reader_is_complete(code if code.endswith("\n") else code + "\n"):
        return "invalid", ""
    return "incomplete", "  " * max(1, _open_depth(code))


def _open_depth(code: str) -> int:
    """Count the parentheses still open at the end of `code` (strings and comments skipped)."""
    depth = 0
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == ";":
            while i < n and code[i] != "\n":
                i += 1
        elif c == '"':
            i += 1
            while i < n and code[i] != '"':
                i += 2 if code[i] == "\\" else 1
        elif c == "#" and code.startswith("#\\", i):
            i += 2
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        i += 1
    return depth


def describe(interp, name: str, sources: dict[str, str]) -> str | None:
    """Return the inspection text for global `name`, or None when it is not bound.

    `sources` maps a cell's file name (`cell[3]`) to its text, so that a
    procedure defined in a cell shows its parameter list.
    """
    if not name or not interp.is_defined(name):
        if name in interp.bound_names():
            return f"{name}: syntax (a special form or macro)"
        return None
    value = interp.lookup(name)
    if isinstance(value, Primitive):
        return _describe_builtin(name, value)
    if isinstance(value, Closure):
        return _describe_closure(name, value, sources)
    if isinstance(value, Procedure):
        return f"{name}: {type(value).__name__.lower()}"
    return f"{name} = {write_bounded(value, 2000)}"


def _describe_builtin(name: str, proc) -> str:
    arity = proc.arity_text()
    lines = [f"{name}: built-in procedure, takes {arity} argument{'' if arity == '1' else 's'}"]
    usage = _usage_comment(proc.fn, name)
    if usage:
        lines.append(usage)
    doc = BUILTIN_DOCS.get(name) or _first_doc_line(proc.fn)
    if doc:
        lines.append(doc)
    return "\n".join(lines)


def _usage_comment(fn, name: str) -> str | None:
    """Return the `(name arg ...)` comment the primitive's module puts above it, if any."""
    try:
        comments = inspect.getcomments(fn) or ""
    except (OSError, TypeError):
        return None
    for line in comments.splitlines():
        text = line.lstrip("# ").strip()
        if text.startswith(f"({name} ") or text == f"({name})":
            return text
    return None


def _first_doc_line(fn) -> str | None:
    doc = inspect.getdoc(fn)
    return doc.splitlines()[0] if doc else None


def _describe_closure(name: str, proc, sources: dict[str, str]) -> str:
    span = proc.span
    params = _parameters(span, sources) if span is not None else None
    head = f"({name}{' ' + params if params else ''})" if params is not None else f"{name}"
    arity = proc.arity_text()
    lines = [f"{head}: procedure, takes {arity} argument{'' if arity == '1' else 's'}"]
    if span is not None:
        lines.append(f"defined at {span}")
    return "\n".join(lines)


def _parameters(span, sources: dict[str, str]) -> str | None:
    """Return the parameter list of the lambda or define at `span`, as written."""
    text = sources.get(span.file)
    if text is None:
        try:
            text = Path(span.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
    lines = text.splitlines(keepends=True)
    if span.line > len(lines):
        return None
    offset = sum(len(line) for line in lines[: span.line - 1]) + span.column - 1
    try:
        found = read_prefix(text, offset, span.file, span.line, span.column, at_eof=True)
    except ReadError:
        return None
    if found is None:
        return None
    form = found[0]
    from ..datatypes import NIL, Pair, Symbol
    from ..printer import write_string

    if type(form) is not Pair or type(form.car) is not Symbol or type(form.cdr) is not Pair:
        return None
    head, second = form.car.name, form.cdr.car
    if head == "define" and type(second) is Pair:
        params = second.cdr
    elif head in ("lambda", "named-lambda"):
        params = second
    else:
        return None
    if params is NIL:
        return ""
    written = write_string(params)
    if type(params) is Pair:
        return written[1:-1]
    return f". {written}"
