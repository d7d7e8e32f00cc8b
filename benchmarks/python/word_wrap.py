"""word-wrap: filling and justifying paragraphs (benchmarks/scheme/word-wrap.scm).

The same filling and justification as the Scheme, in Python's own way:
str.split() for the words, lines gathered in lists, divmod for the
spaces of each gap, " ".join and "".join; the shared generator (from 137)
drawn in the same order.
"""

from .lcg import Random

VOCABULARY = ["the", "a", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and",
              "runs", "far", "away", "from", "hunters", "who", "never", "rest", "in",
              "winter", "extraordinarily", "small", "towns", "by", "river"]
SEPARATORS = {0: "\n", 1: "   ", 2: "  "}


def make_paragraph(rng):
    parts = []
    for _ in range(20 + rng.next() % 40):
        parts.append(VOCABULARY[rng.next() % len(VOCABULARY)])
        parts.append(SEPARATORS.get(rng.next() % 8, " "))
    return "".join(parts)


def fill(words, width):
    lines, line, length = [], [], 0
    for word in words:
        if line and length + 1 + len(word) <= width:
            line.append(word)
            length += 1 + len(word)
        else:
            if line:
                lines.append(line)
            line, length = [word], len(word)
    if line:
        lines.append(line)
    return lines


def justify(line, width, added):
    if len(line) == 1:
        return line[0]
    gaps = len(line) - 1
    room = width - sum(len(w) for w in line)
    added[0] += room - gaps
    each, extra = divmod(room, gaps)
    out = [line[0]]
    for i, word in enumerate(line[1:]):
        out.append(" " * (each + 1 if i < extra else each))
        out.append(word)
    return "".join(out)


def set_paragraph(words, width, added):
    lines = fill(words, width)
    return [justify(line, width, added) for line in lines[:-1]] + [" ".join(lines[-1])]


def run(n):
    rng = Random(137)
    added = [0]
    words_read = lines = justified = checksum = 0
    first = []
    for i in range(n):
        words = make_paragraph(rng).split()
        sets = [set_paragraph(words, w, added) for w in (16, 28, 40)]
        words_read += len(words)
        for s in sets:
            lines += len(s)
            justified += len(s) - 1
            for line in s:
                for ch in line:
                    checksum = (checksum * 31 + ord(ch)) % 1000003
        if i == 0:
            first = sets[0]
    return [n, words_read, lines, justified, added[0], checksum, first]
