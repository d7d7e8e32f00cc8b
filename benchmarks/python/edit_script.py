"""edit-script: the edit distance of two strings with its backtrace (benchmarks/scheme/edit-script.scm).

The same dynamic programme as the Scheme, in Python's own way: the table
a list of lists filled by nested for loops, the backtrace a while loop
appending (kind, letter) tuples and reversing them, the edits applied
and drawn as lists of characters joined into strings, the compact
script a list of pieces joined by spaces; the shared generator (from
271) drawn in the same order.
"""

from .lcg import Random

LETTERS = "acgt"


def random_strand(rng):
    length = 30 + rng.next() % 30
    return "".join(LETTERS[rng.next() % 4] for _ in range(length))


def mutate(rng, s):
    kind = rng.next() % 3
    if kind == 0:
        i = rng.next() % len(s)
        chars = list(s)
        chars[i] = LETTERS[rng.next() % 4]
        return "".join(chars)
    if kind == 1:
        i = rng.next() % (len(s) + 1)
        return s[:i] + LETTERS[rng.next() % 4] + s[i:]
    i = rng.next() % len(s)
    return s[:i] + s[i + 1:]


def distance_table(a, b):
    m, n = len(a), len(b)
    table = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m + 1):
        table[i][0] = i
    for j in range(n + 1):
        table[0][j] = j
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            table[i][j] = min(table[i - 1][j - 1] + cost, table[i - 1][j] + 1, table[i][j - 1] + 1)
    return table


def backtrace(table, a, b):
    i, j = len(a), len(b)
    edits = []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and table[i][j] == table[i - 1][j - 1] + (0 if a[i - 1] == b[j - 1] else 1):
            if a[i - 1] == b[j - 1]:
                edits.append(("keep", a[i - 1]))
            else:
                edits.append(("change", b[j - 1]))
            i -= 1
            j -= 1
        elif i > 0 and table[i][j] == table[i - 1][j] + 1:
            edits.append(("delete", a[i - 1]))
            i -= 1
        else:
            edits.append(("insert", b[j - 1]))
            j -= 1
    edits.reverse()
    return edits


def apply_edits(edits, a):
    out = []
    i = 0
    for kind, c in edits:
        if kind == "keep":
            out.append(a[i])
            i += 1
        elif kind == "change":
            out.append(c)
            i += 1
        elif kind == "insert":
            out.append(c)
        elif kind == "delete":
            i += 1
        else:
            raise ValueError(f"edit-script: no such edit {kind}")
    return "".join(out)


def alignment(edits, a):
    top, middle, bottom = [], [], []
    i = 0
    for kind, c in edits:
        if kind == "keep":
            top.append(c)
            middle.append("|")
            bottom.append(c)
            i += 1
        elif kind == "change":
            top.append(a[i])
            middle.append(".")
            bottom.append(c)
            i += 1
        elif kind == "insert":
            top.append("-")
            middle.append(" ")
            bottom.append(c)
        else:
            top.append(c)
            middle.append(" ")
            bottom.append("-")
            i += 1
    return ["".join(top), "".join(middle), "".join(bottom)]


def compact_script(edits):
    pieces = []
    kept = 0
    for kind, c in edits:
        if kind == "keep":
            kept += 1
            continue
        if kept > 0:
            pieces.append(f"={kept}")
            kept = 0
        sign = {"change": "~", "insert": "+"}.get(kind, "-")
        pieces.append(sign + c)
    if kept > 0:
        pieces.append(f"={kept}")
    return " ".join(pieces)


def count_kind(kind, edits):
    count = 0
    for k, _ in edits:
        if k == kind:
            count += 1
    return count


def checksum_strings(strings, total):
    for s in strings:
        for ch in s:
            total = (total * 31 + ord(ch)) % 1000003
    return total


def run(n):
    rng = Random(271)
    distances = mutations = closer = rebuilt = 0
    keeps = changes = inserts = deletes = total = 0
    first = []
    for k in range(n):
        a = random_strand(rng)
        times = 1 + rng.next() % 12
        b = a
        for _ in range(times):
            b = mutate(rng, b)
        table = distance_table(a, b)
        d = table[len(a)][len(b)]
        edits = backtrace(table, a, b)
        lines = alignment(edits, a)
        distances += d
        mutations += times
        if d < times:
            closer += 1
        if apply_edits(edits, a) == b:
            rebuilt += 1
        keeps += count_kind("keep", edits)
        changes += count_kind("change", edits)
        inserts += count_kind("insert", edits)
        deletes += count_kind("delete", edits)
        total = checksum_strings(lines, total)
        if k == 0:
            first = [a, b] + lines + [compact_script(edits)]
    return [n, distances, mutations, closer, rebuilt, keeps, changes, inserts, deletes, total, first]
