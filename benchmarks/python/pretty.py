"""pretty: nested lists printed with indentation to io.StringIO (benchmarks/scheme/pretty.scm).

The same algorithm as the Scheme: the depth is a contextvars.ContextVar set
and reset around the children, as parameterize binds it, and indent writes
two spaces once per level; a try/finally stands for dynamic-wind; the lines
are counted by a walk over the text.
"""

import contextvars
import io

depth = contextvars.ContextVar("depth", default=0)
entries = 0


def written(x):
    if isinstance(x, str) and x.startswith("'"):
        return x[1:]
    if isinstance(x, str):
        return '"' + x + '"'
    return str(x)


def indent(port):
    for _ in range(depth.get()):
        port.write("  ")


def show(tree, port):
    global entries
    entries += 1  # dynamic-wind's before thunk
    try:
        if isinstance(tree, list):
            indent(port)
            port.write("(")
            port.write("\n")
            token = depth.set(depth.get() + 1)
            try:
                for t in tree:
                    show(t, port)
            finally:
                depth.reset(token)
            indent(port)
            port.write(")")
            port.write("\n")
        else:
            indent(port)
            port.write(written(tree))
            port.write("\n")
    finally:
        pass  # dynamic-wind's after thunk does nothing


def tree(k):
    # 'leaf and 'x are symbols: written without quotes
    return [k, [k * 2, ["'leaf", k + 1], "s"], [k - 1, "'x"]]


def count_lines(s):
    n = 0
    for c in s:
        if c == "\n":
            n += 1
    return n


def run(n: int = 1_000) -> list[int]:
    global entries
    entries = 0
    port = io.StringIO()
    for k in range(n):
        show(tree(k), port)
    s = port.getvalue()
    return [len(s), count_lines(s), entries]
