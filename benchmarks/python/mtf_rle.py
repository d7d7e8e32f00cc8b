"""mtf-rle: move-to-front then run-length coding, and back (benchmarks/scheme/mtf-rle.scm).

The same coder as the Scheme, in Python's own way: the move-to-front
table a list searched by list.index and changed by pop and insert, the
codes built as lists of characters joined at the end, the decoder
reading its string by an index, the texts joined from a list of parts;
the shared generator (from 313) drawn in the same order.
"""

from .lcg import Random

VOCABULARY = ("the", "a", "bookkeeper", "mississippi", "sells", "seashells", "by", "shore",
              "aardvark", "committee", "balloon", "coffee", "and", "zzz", "little", "moon",
              "of", "to", "in", "tattoo", "success", "assessment", "llama", "eel")
RULES = "-=* "
LONGEST_RUN = 800


def make_text(rng):
    parts = []
    for _ in range(20 + rng.next() % 60):
        parts.append(VOCABULARY[rng.next() % len(VOCABULARY)])
        gap = rng.next() % 8
        if gap == 0:
            ch = RULES[rng.next() % 4]
            parts.append(ch * (2 + rng.next() % 12))
        elif gap == 1:
            parts.append("\n")
        else:
            parts.append(" ")
    return "".join(parts)


def mtf_encode(text):
    table = list(range(128))
    out = []
    for ch in text:
        code = ord(ch)
        k = table.index(code)
        out.append(k)
        table.pop(k)
        table.insert(0, code)
    return out


def mtf_decode(places):
    table = list(range(128))
    out = []
    for k in places:
        code = table.pop(k)
        out.append(chr(code))
        table.insert(0, code)
    return "".join(out)


def write_number(k, out):
    if k < 32:
        out.append(chr(64 + k))
    else:
        out.append(chr(96 + k // 32))
        out.append(chr(64 + k % 32))


def rle_encode(numbers):
    out = []
    i = 0
    while i < len(numbers):
        v = numbers[i]
        j = i + 1
        while j < len(numbers) and numbers[j] == v and j - i < LONGEST_RUN:
            j += 1
        length = j - i
        for _ in range(min(length, 4)):
            write_number(v, out)
        if length >= 4:
            write_number(length - 4, out)
        i = j
    return "".join(out)


def rle_decode(code):
    out = []
    previous = None
    seen = 0
    i = 0
    while i < len(code):
        c = ord(code[i])
        i += 1
        if c >= 96:
            k = 32 * (c - 96) + ord(code[i]) - 64
            i += 1
        else:
            k = c - 64
        if seen == 4:
            out.extend([previous] * k)
            previous, seen = None, 0
        elif previous is not None and k == previous:
            seen += 1
            out.append(k)
        else:
            previous, seen = k, 1
            out.append(k)
    return out


def run(n):
    rng = Random(313)
    coded = zeros = code_chars = raw_chars = shorter = same = check = 0
    first_code = None
    for _ in range(n):
        text = make_text(rng)
        places = mtf_encode(text)
        code = rle_encode(places)
        codes = [ord(ch) for ch in text]
        raw = rle_encode(codes)
        back = mtf_decode(rle_decode(code))
        coded += len(text)
        zeros += places.count(0)
        code_chars += len(code)
        raw_chars += len(raw)
        if len(code) < len(raw):
            shorter += 1
        if back == text and rle_decode(raw) == codes:
            same += 1
        for ch in code:
            check = (check * 37 + ord(ch)) % 1000003
        if first_code is None:
            first_code = rle_encode(mtf_encode(text[:40]))
    return [n, coded, zeros, code_chars, raw_chars, shorter, same, check, first_code]
