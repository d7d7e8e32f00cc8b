"""string-ports: rows formatted into a string buffer (benchmarks/scheme/string-ports.scm)."""

import io


def format_row(i):
    out = io.StringIO()
    out.write("row ")
    out.write(str(i))
    out.write(":")
    for j in range(5):
        out.write(" ")
        out.write(str(i * j))
    out.write(" | ")
    out.write(f"(id {i})")
    return out.getvalue()


def run(n: int = 5_000) -> int:
    return sum(len(format_row(i)) for i in range(n))
