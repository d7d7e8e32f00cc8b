"""pretty: nested lists printed with indentation to io.StringIO (benchmarks/scheme/pretty.scm).

The depth is a contextvars.ContextVar set and reset around the children, as
parameterize binds it; a try/finally stands for dynamic-wind.
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


def show(tree, port):
    global entries
    entries += 1
    try:
        pad = "  " * depth.get()
        if isinstance(tree, list):
            port.write(pad + "(\n")
            token = depth.set(depth.get() + 1)
            try:
                for t in tree:
                    show(t, port)
            finally:
                depth.reset(token)
            port.write(pad + ")\n")
        else:
            port.write(pad + written(tree) + "\n")
    finally:
        pass


def tree(k):
    # 'leaf and 'x are symbols: written without quotes
    return [k, [k * 2, ["'leaf", k + 1], "s"], [k - 1, "'x"]]


def run(n: int = 1_000) -> list[int]:
    global entries
    entries = 0
    port = io.StringIO()
    for k in range(n):
        show(tree(k), port)
    s = port.getvalue()
    return [len(s), s.count("\n"), entries]
