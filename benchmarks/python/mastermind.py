"""mastermind: Mastermind by always guessing a consistent code (benchmarks/scheme/mastermind.scm).

The same algorithm as the Scheme: the 1296 codes as tuples of colour
names in the Scheme's order; a score (black, white) by counting matches
over zip and each colour's occurrences in each code; a game starting from
(red, red, green, green) and keeping, by a loop, the codes that give the
same answer to the same guess, the first one kept guessed next; the first
guess's answers tallied in a dict and listed by black and white; secrets
drawn with the shared generator (from 2), the last peg drawn first.
"""

from .lcg import Random

COLOURS = ["red", "green", "blue", "yellow", "orange", "purple"]
FIRST_GUESS = ("red", "red", "green", "green")


def all_codes(pegs):
    if pegs == 0:
        return [()]
    shorter = all_codes(pegs - 1)
    return [(colour,) + rest for colour in COLOURS for rest in shorter]


def count_of(colour, code):
    return sum(1 for c in code if c == colour)


def score(secret, guess):
    black = sum(1 for s, g in zip(secret, guess) if s == g)
    common = sum(min(count_of(colour, secret), count_of(colour, guess)) for colour in COLOURS)
    return black, common - black


def play(secret, codes):
    guess = FIRST_GUESS
    candidates = codes
    made = []
    while True:
        made.append(guess)
        answer = score(secret, guess)
        if answer == (4, 0):
            return made
        left = []
        for code in candidates:
            if score(code, guess) == answer:
                left.append(code)
        guess = left[0]
        candidates = left


def written(code):
    return "".join(colour[0].upper() for colour in code)


def run(n: int = 60) -> list:
    rng = Random(2)
    codes = all_codes(4)
    table = {}
    for code in codes:
        answer = score(code, FIRST_GUESS)
        table[answer] = table.get(answer, 0) + 1
    histogram = [0] * 8
    total = most = 0
    first = False
    for _ in range(n):
        secret = [COLOURS[rng.next() % 6] for _ in range(4)][::-1]
        guesses = play(secret, codes)
        k = len(guesses)
        histogram[k - 1] += 1
        total += k
        most = max(most, k)
        if first is False:
            first = [written(secret)] + [written(guess) for guess in guesses]
    return [len(codes), [[black, white, table[black, white]] for black, white in sorted(table)],
            total, most, histogram, first]
