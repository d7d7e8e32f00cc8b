"""look-and-say: Conway's look-and-say sequence over lists of characters (benchmarks/scheme/look-and-say.scm).

The same algorithm as the Scheme: a term is a list of digit characters,
the next one made by a loop over its runs, each said as the characters of
its length and its digit; each new term read back two characters at a
time into the term before it and compared; the digits of the last term
counted in a list of ten.
"""


def say_runs(term):
    said = []
    i = 0
    while i < len(term):
        digit = term[i]
        n = 1
        while i + n < len(term) and term[i + n] == digit:
            n += 1
        said.extend(str(n))
        said.append(digit)
        i += n
    return said


def read_back(term):
    said = []
    for i in range(0, len(term), 2):
        said.extend([term[i + 1]] * (ord(term[i]) - ord("0")))
    return said


def digit_counts(term):
    counts = [0] * 10
    for c in term:
        counts[ord(c) - ord("0")] += 1
    return counts


def run(n: int = 40) -> list:
    term = ["1"]
    total = 0
    read_ok = 0
    for _ in range(n - 1):
        following = say_runs(term)
        total += len(term)
        if read_back(following) == term:
            read_ok += 1
        term = following
    counts = digit_counts(term)
    return [len(term), total + len(term), read_ok, counts[1], counts[2], counts[3], "".join(term[:12])]
