"""read-chars: a text read a character at a time from io.StringIO (benchmarks/scheme/read-chars.scm)."""

import io

TEXT = "The quick brown fox\njumps over the lazy dog.\nPack my box with\nfive dozen good liquor jugs!\n"


def scan(port):
    words = lines = longest = current = 0
    while True:
        c = port.read(1)
        if not c:
            return [words + 1 if current else words, lines, max(longest, current)]
        if c.isalpha():
            current += 1
        else:
            if current:
                words += 1
            if c == "\n":
                lines += 1
            longest = max(longest, current)
            current = 0


def count_doubles(port):
    n = 0
    while True:
        c = port.read(1)
        if not c:
            return n
        here = port.tell()
        nxt = port.read(1)
        port.seek(here)
        if nxt and c == nxt:
            n += 1


def run(n: int = 300) -> list[int]:
    s = TEXT * n
    return scan(io.StringIO(s)) + [count_doubles(io.StringIO(s))]
