"""line-diff: a line diff by a table of common subsequences (benchmarks/scheme/line-diff.scm).

The same algorithm as the Scheme: the texts made with the shared
generator (from 23) and split into lines, the table of the longest
common subsequences of suffixes filled from the last row up, the edit
script read off it from the top left into hunks (keep, else delete when
that keeps as long a subsequence, else insert), the hunks written in
diff's normal format to a StringIO and applied to the first text.
"""

import io

from .checksum import of_text as checksum
from .lcg import Random

WORDS = ["the", "diff", "of", "two", "files", "line", "by", "line", "hunk", "patch",
         "common", "longest", "table", "edit", "script", "keep", "add", "change"]


def random_line(rng):
    count = 1 + rng.below(4)
    return " ".join(WORDS[rng.below(len(WORDS))] for _ in range(count))


def make_texts(n, rng):
    old, new = io.StringIO(), io.StringIO()
    for _ in range(n):
        line = random_line(rng)
        old.write(line + "\n")
        choice = rng.below(10)
        if choice == 1:
            new.write(random_line(rng) + "\n")
        elif choice == 2:
            new.write(random_line(rng) + "\n")
            new.write(line + "\n")
        elif choice != 0:
            new.write(line + "\n")
    return old.getvalue(), new.getvalue()


def common_table(a, b):
    m, n = len(a), len(b)
    table = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m - 1, -1, -1):
        row, below = table[i], table[i + 1]
        for j in range(n - 1, -1, -1):
            if a[i] == b[j]:
                row[j] = 1 + below[j + 1]
            else:
                row[j] = max(below[j], row[j + 1])
    return table


def find_hunks(a, b, table):
    """The hunks, first to last: (start_a, end_a, start_b, end_b), ends excluded."""
    m, n = len(a), len(b)
    i = j = 0
    opened = None
    found = []
    while True:
        if i == m and j == n:
            if opened:
                found.append((opened[0], i, opened[1], j))
            return found
        if i < m and j < n and a[i] == b[j]:
            if opened:
                found.append((opened[0], i, opened[1], j))
                opened = None
            i += 1
            j += 1
        elif i < m and (j == n or table[i + 1][j] >= table[i][j + 1]):
            opened = opened or (i, j)
            i += 1
        else:
            opened = opened or (i, j)
            j += 1


def span(start, end):
    return str(end) if end - start == 1 else f"{start + 1},{end}"


def write_hunk(hunk, a, b, out):
    start_a, end_a, start_b, end_b = hunk
    gone, added = end_a - start_a, end_b - start_b
    if added == 0:
        out.write(f"{span(start_a, end_a)}d{start_b}\n")
    elif gone == 0:
        out.write(f"{start_a}a{span(start_b, end_b)}\n")
    else:
        out.write(f"{span(start_a, end_a)}c{span(start_b, end_b)}\n")
    for line in a[start_a:end_a]:
        out.write("< " + line + "\n")
    if gone and added:
        out.write("---\n")
    for line in b[start_b:end_b]:
        out.write("> " + line + "\n")


def patch(a, b, hunks):
    result = []
    i = 0
    for start_a, end_a, start_b, end_b in hunks:
        result.extend(a[i:start_a])
        result.extend(b[start_b:end_b])
        i = end_a
    result.extend(a[i:])
    return result


def kind(hunk):
    start_a, end_a, start_b, end_b = hunk
    if start_a == end_a:
        return "add"
    if start_b == end_b:
        return "delete"
    return "change"



def run(n: int = 300) -> list:
    rng = Random(23)
    old, new = make_texts(n, rng)
    a, b = old.split("\n")[:-1], new.split("\n")[:-1]
    table = common_table(a, b)
    hunks = find_hunks(a, b, table)
    out = io.StringIO()
    for hunk in hunks:
        write_hunk(hunk, a, b, out)
    diff = out.getvalue()
    kinds = [kind(h) for h in hunks]
    return [len(a), len(b), table[0][0], len(hunks), kinds.count("delete"), kinds.count("add"),
            kinds.count("change"), len(diff), diff.split("\n")[:3], checksum(diff), patch(a, b, hunks) == b]
