"""seven-segment: the bank OCR exercise (benchmarks/scheme/seven-segment.scm).

The same drawing, reading and mending as the Scheme, in Python's own way:
a dict from glyph strings to digits, rows built by joins of slices, a
glyph changed as a list of characters, the mendings collected in a list
with `in`; the shared generator (from 131) drawn in the same order.
"""

from .lcg import Random

GLYPHS = [" _ | ||_|", "     |  |", " _  _||_ ", " _  _| _|", "   |_|  |",
          " _ |_  _|", " _ |_ |_|", " _   |  |", " _ |_||_|", " _ |_| _|"]
DIGIT_OF = {g: d for d, g in enumerate(GLYPHS)}
STROKES = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


def toggled(chars, i, column):
    chars[i] = (" " if chars[i] != " " else ("_" if column == 1 else "|"))


def draw(digits):
    return ["".join(GLYPHS[d][3 * r:3 * r + 3] for d in digits) for r in range(3)]


def glyph_at(rows, p):
    return "".join(row[3 * p:3 * p + 3] for row in rows)


def read_number(rows):
    return [DIGIT_OF.get(glyph_at(rows, p)) for p in range(9)]


def valid(digits):
    if None in digits:
        return False
    return sum(w * d for w, d in enumerate(reversed(digits), start=1)) % 11 == 0


def text_of(digits):
    return "".join("?" if d is None else str(d) for d in digits)


def mendings(rows, digits):
    found = []
    for p in range(9):
        for r, c in STROKES:
            chars = list(glyph_at(rows, p))
            toggled(chars, 3 * r + c, c)
            d = DIGIT_OF.get("".join(chars))
            if d is not None:
                changed = digits[:p] + [d] + digits[p + 1:]
                if valid(changed):
                    text = text_of(changed)
                    if text not in found:
                        found.append(text)
    return found


def random_account(rng):
    digits = [rng.next() % 10 for _ in range(9)]
    if rng.next() % 2 == 0:
        others = digits[:8] + [0]
        total = sum(w * d for w, d in enumerate(reversed(others), start=1))
        last = (11 - total % 11) % 11
        if last < 10:
            digits[8] = last
    return digits


def run(n):
    rng = Random(131)
    ok = err = ill = mended = amb = unmended = checksum = 0
    first_rows = None
    lines = []
    for k in range(n):
        digits = random_account(rng)
        rows = draw(digits)
        if rng.next() % 3 == 0:
            p = rng.next() % 9
            r, c = STROKES[rng.next() % 7]
            chars = list(rows[r])
            toggled(chars, 3 * p + c, c)
            rows[r] = "".join(chars)
        if first_rows is None:
            first_rows = rows
        read = read_number(rows)
        text = text_of(read)
        legible = None not in read
        if legible and valid(read):
            ok += 1
            line = text
        else:
            if legible:
                err += 1
            else:
                ill += 1
            found = mendings(rows, read)
            if not found:
                unmended += 1
                line = text + (" ERR" if legible else " ILL")
            elif len(found) == 1:
                mended += 1
                line = found[0]
            else:
                amb += 1
                line = text + " AMB"
        for ch in line:
            checksum = (checksum * 37 + ord(ch)) % 1000003
        if k < 3:
            lines.append(line)
    return [n, ok, err, ill, mended, amb, unmended, checksum, first_rows, lines]
