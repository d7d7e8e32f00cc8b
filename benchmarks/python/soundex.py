"""soundex: American Soundex codes for made-up surnames (benchmarks/scheme/soundex.scm).

The same algorithm as the Scheme, in Python's own way: a dict of
letters to digits, the code built in a list and joined, names grouped in
a dict of codes to lists, the groups put in order by sorted() with a key
of two parts; the shared generator (from 97) drawn in the same order.
"""

from .lcg import Random

CONSONANTS = "bcdfghjklmnprstvwz"
VOWELS = "aeiouy"

DIGITS = {}
for letters, digit in (("bfpv", 1), ("cgjkqsxz", 2), ("dt", 3), ("l", 4), ("mn", 5), ("r", 6)):
    for letter in letters:
        DIGITS[letter] = digit


def code_of(ch):
    ch = ch.lower()
    if ch in "hw":
        return None
    return DIGITS.get(ch, 0)


def soundex(name):
    out = [name[0].upper()]
    last = code_of(name[0])
    for ch in name[1:]:
        if len(out) == 4:
            break
        code = code_of(ch)
        if code is None:
            continue
        if code == 0:
            last = 0
        elif code != last:
            out.append(str(code))
            last = code
    while len(out) < 4:
        out.append("0")
    return "".join(out)


def make_name(rng):
    parts = []
    syllables = 2 + rng.next() % 2
    for i in range(syllables):
        c = CONSONANTS[rng.next() % len(CONSONANTS)]
        v = VOWELS[rng.next() % len(VOWELS)]
        extra = rng.next() % 4
        parts.append(c.upper() if i == 0 else c)
        parts.append(v)
        if extra == 0:
            parts.append(CONSONANTS[rng.next() % len(CONSONANTS)])
    return "".join(parts)


def run(n):
    rng = Random(97)
    groups = {}
    checksum = 0
    first = []
    for i in range(n):
        name = make_name(rng)
        code = soundex(name)
        names = groups.setdefault(code, [])
        if name not in names:
            names.append(name)
        for ch in code:
            checksum = (checksum * 31 + ord(ch)) % 1000003
        if i < 3:
            first.append([name, code])
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    shared = sum(len(names) for code, names in ordered if len(names) > 1)
    top = [[code, len(names)] for code, names in ordered[:5]]
    return [n, len(ordered), top, shared, checksum, first]
