"""playfair: the Playfair cipher and a rail fence (benchmarks/scheme/playfair.scm).

The same ciphers as the Scheme, in Python's own way: the key square a
string with a dict from letters to places, divmod for rows and columns,
the message's letters by a comprehension over str.upper(), the fence's
rails lists of characters joined; the shared generator (from 167) drawn
in the same order.
"""

from .lcg import Random

KEYWORDS = ["playfair", "monarchy", "keyword", "jukebox", "zephyr", "cipher", "wheatstone", "example"]
VOCABULARY = ["attack", "at", "dawn", "hello", "balloon", "jazz", "meet", "the",
              "queen", "by", "moss", "bridge", "xerxes", "coffee", "jolly", "six"]
ALPHABET = "ABCDEFGHIKLMNOPQRSTUVWXYZ"


def make_square(keyword):
    square = []
    for c in keyword.upper().replace("J", "I") + ALPHABET:
        if c not in square:
            square.append(c)
    return "".join(square)


def make_pairs(letters):
    pairs = []
    fillers = 0
    i = 0
    while i < len(letters):
        a = letters[i]
        filler = "Q" if a == "X" else "X"
        if i + 1 == len(letters) or letters[i + 1] == a:
            pairs.append(a + filler)
            fillers += 1
            i += 1
        else:
            pairs.append(a + letters[i + 1])
            i += 2
    return "".join(pairs), fillers


def code_text(square, places, text, shift):
    out = []
    for i in range(0, len(text), 2):
        ri, ci = divmod(places[text[i]], 5)
        rj, cj = divmod(places[text[i + 1]], 5)
        if ri == rj:
            out.append(square[ri * 5 + (ci + shift) % 5] + square[rj * 5 + (cj + shift) % 5])
        elif ci == cj:
            out.append(square[(ri + shift) % 5 * 5 + ci] + square[(rj + shift) % 5 * 5 + cj])
        else:
            out.append(square[ri * 5 + cj] + square[rj * 5 + ci])
    return "".join(out)


def rail_pattern(length, rails):
    pattern = []
    rail, step = 0, 1
    for _ in range(length):
        pattern.append(rail)
        if rails > 1:
            if rail + step < 0 or rail + step >= rails:
                step = -step
            rail += step
    return pattern


def fence(text, rails):
    rows = [[] for _ in range(rails)]
    for c, r in zip(text, rail_pattern(len(text), rails)):
        rows[r].append(c)
    return "".join("".join(row) for row in rows)


def unfence(text, rails):
    pattern = rail_pattern(len(text), rails)
    starts = [0] * rails
    for r in range(1, rails):
        starts[r] = starts[r - 1] + pattern.count(r - 1)
    out = []
    for r in pattern:
        out.append(text[starts[r]])
        starts[r] += 1
    return "".join(out)


def random_message(rng):
    count = 3 + rng.next() % 8
    parts = []
    for i in range(count):
        if i > 0:
            parts.append(", " if rng.next() % 4 == 0 else " ")
        parts.append(VOCABULARY[rng.next() % 16])
    return "".join(parts)


def run(n):
    rng = Random(167)
    letters = fillers = plain_ok = fence_ok = total = 0
    first_square = first_text = ""
    for k in range(n):
        square = make_square(KEYWORDS[rng.next() % 8])
        places = {c: i for i, c in enumerate(square)}
        message = random_message(rng)
        rails = 2 + rng.next() % 4
        plain, added = make_pairs("".join(c for c in message.upper() if c.isalpha()).replace("J", "I"))
        fillers += added
        secret = code_text(square, places, plain, 1)
        fenced = fence(secret, rails)
        letters += len(plain)
        if code_text(square, places, secret, 4) == plain:
            plain_ok += 1
        if unfence(fenced, rails) == secret:
            fence_ok += 1
        for c in fenced:
            total = (total * 31 + ord(c)) % 1000003
        if k == 0:
            first_square, first_text = square, fenced
    return [n, letters, fillers, plain_ok, fence_ok, total, first_square, first_text]
