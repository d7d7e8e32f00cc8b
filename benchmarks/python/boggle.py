"""boggle: words found on boards of letters (benchmarks/scheme/boggle.scm).

The same algorithm as the Scheme: the word list (the Scheme's own,
taken from its source) read a character at a time from a string
stream; boards as lists of five strings of capitals drawn from the same
letter string; each word searched for from every square in turn by the
same recursion (the next character made capital and compared, the
square marked in a list of 25 flags, the eight neighbours tried in the
same order, the mark taken off), the search left by return at the first
start that spells it.  The draws come from the Scheme's
x -> (1103515245x + 12345) mod 2^31.
"""

import io
from pathlib import Path

from .lcg import Random

SIDE = 5
LETTERS = "EEEEEEEAAAAAIIIIIOOOOTTTTTNNNNSSSSRRRRHHLLLDDUUCCM"

SCHEME_SOURCE = Path(__file__).resolve().parent.parent / "scheme" / "boggle.scm"


def scheme_dictionary():
    """The Scheme's word list: the string defined as `dictionary` in its source."""
    text = SCHEME_SOURCE.read_text()
    start = text.index('"', text.index("(define dictionary")) + 1
    return text[start:text.index('"', start)]


DICTIONARY = scheme_dictionary()

OFFSETS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def read_words(text):
    stream = io.StringIO(text)
    words = []
    chars = []
    while True:
        c = stream.read(1)
        if c == "" or c.isspace():
            if chars:
                words.append("".join(chars))
                chars = []
            if c == "":
                return words
        else:
            chars.append(c)


def random_board(rng):
    return ["".join(LETTERS[rng.next() % len(LETTERS)] for _ in range(SIDE)) for _ in range(SIDE)]


def path_from(board, used, word, i, r, c):
    if r < 0 or r >= SIDE or c < 0 or c >= SIDE:
        return False
    if used[r * SIDE + c]:
        return False
    if word[i].upper() != board[r][c]:
        return False
    if i == len(word) - 1:
        return True
    used[r * SIDE + c] = True
    found = False
    for dr, dc in OFFSETS:
        if path_from(board, used, word, i + 1, r + dr, c + dc):
            found = True
            break
    used[r * SIDE + c] = False
    return found


def on_board(board, word):
    used = [False] * (SIDE * SIDE)
    for r in range(SIDE):
        for c in range(SIDE):
            if path_from(board, used, word, 0, r, c):
                return True
    return False


SCORES = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


def score(word):
    return SCORES.get(len(word), 11)


def vowels(board):
    return sum(1 for row in board for c in row if c in "AEIOU")


def run(n: int = 200) -> list:
    rng = Random(37)
    words = read_words(DICTIONARY)
    found = points = 0
    longest = ""
    first_board = None
    first_words = []
    for k in range(n):
        board = random_board(rng)
        on = [word for word in words if on_board(board, word)]
        found += len(on)
        points += sum(score(word) for word in on)
        for word in on:
            if len(word) > len(longest):
                longest = word
        if k == 0:
            first_board, first_words = board, on
    return [found, points, longest, first_board, first_words, vowels(first_board)]
