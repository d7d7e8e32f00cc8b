"""char-class: classify the characters of a line (benchmarks/scheme/char-class.scm)."""

LINE = "Call me Ishmael. Some years ago - never mind how long precisely - having 7 or 8 coins...\tand nothing!"


def classify(s: str, counts: list[int]) -> list[int]:
    for c in s:
        if c.isupper():
            counts[0] += 1
        elif c.islower():
            counts[1] += 1
        elif c.isdigit():
            counts[2] += 1
        elif c.isspace():
            counts[3] += 1
        else:
            counts[4] += 1
        if c.isalpha() and c.lower() in "aeiou":
            counts[5] += 1
    return counts


def run(n: int = 5_000) -> list[int]:
    counts = [0] * 6
    for _ in range(n):
        classify(LINE, counts)
    return counts
