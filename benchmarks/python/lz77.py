"""lz77: Lempel-Ziv 77 compression of a text of n words (benchmarks/scheme/lz77.scm).

The same algorithm as the Scheme: the text drawn with the shared
generator (from 3); at each position every start in the window tried,
the match counted character by character and only a longer one taken;
the tokens (offset, length, char) written as Scheme writes the list and
read back by a regular expression; decoded into a list of characters
by slice assignment where the copy does not overlap, one by one where
it does; a bad offset raised as an exception, caught by the caller.
"""

import re

from .checksum import of_numbers
from .lcg import Random

WORDS = ["the", "cat", "sat", "on", "mat", "a", "hat", "that", "cats", "as"]

TOKEN = re.compile(r"\((\d+) (\d+) #\\(space|.)\)")


class BadOffset(Exception):
    def __init__(self, offset, position):
        super().__init__(offset, position)
        self.offset = offset
        self.position = position


def random_text(rng, n):
    return " ".join(WORDS[rng.next() % len(WORDS)] for _ in range(n))


def longest_match(text, i, window, limit):
    best_offset = best_length = 0
    for j in range(max(0, i - window), i):
        length = 0
        while length < limit and text[j + length] == text[i + length]:
            length += 1
        if length > best_length:
            best_offset, best_length = i - j, length
    return best_offset, best_length


def encode(text, window, longest):
    n = len(text)
    tokens = []
    i = 0
    while i < n:
        offset, length = longest_match(text, i, window, min(longest, n - i - 1))
        tokens.append((offset, length, text[i + length]))
        i += length + 1
    return tokens


def decode(tokens):
    out = [""] * sum(length + 1 for _, length, _ in tokens)
    position = 0
    for offset, length, char in tokens:
        if offset > position:
            raise BadOffset(offset, position)
        start = position - offset
        if offset >= length:
            out[position:position + length] = out[start:start + length]
        else:
            for k in range(length):
                out[position + k] = out[start + k]
        out[position + length] = char
        position += length + 1
    return "".join(out)


def written(tokens):
    def char(c):
        return "#\\space" if c == " " else "#\\" + c
    return "(" + " ".join(f"({offset} {length} {char(c)})" for offset, length, c in tokens) + ")"


def read_back(text):
    return [(int(offset), int(length), " " if c == "space" else c) for offset, length, c in TOKEN.findall(text)]


def corrupted(tokens):
    copy = list(tokens)
    for i, (offset, length, char) in enumerate(copy):
        if length > 0:
            copy[i] = (offset + 1000, length, char)
            break
    return copy


def run(n: int = 400) -> list:
    rng = Random(3)
    text = random_text(rng, n)
    small = encode(text, 16, 32)
    middle = encode(text, 64, 32)
    large = encode(text, 256, 32)
    text_of_middle = written(middle)
    again = read_back(text_of_middle)
    try:
        decode(corrupted(large))
        raised = False
    except BadOffset as e:
        raised = [e.offset, e.position]
    return [len(text), [len(small), len(middle), len(large)], len(text_of_middle), again == middle,
            [decode(tokens) == text for tokens in (small, again, large)],
            of_numbers(x for offset, length, _ in large for x in (offset, length)), raised]
