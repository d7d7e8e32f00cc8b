"""state-machine: a scanner whose states call each other (benchmarks/scheme/state-machine.scm).

The states are functions returning the next state's call, as the Scheme
procedures call each other in tail position; Python has no tail calls, so
the twin loops over the state it is in.
"""

SENTENCE = "The 12 quick brown foxes, 3 lazy dogs and 450 cats ran 7 miles; then 1 more!"


def scan(s: str) -> list[int]:
    n = len(s)
    i = words = numbers = others = 0
    state = "start"
    while True:
        if state == "start":
            if i == n:
                return [words, numbers, others]
            c = s[i]
            if c.isalpha():
                i, words, state = i + 1, words + 1, "word"
            elif c.isdigit():
                i, numbers, state = i + 1, numbers + 1, "number"
            else:
                state = "other"
        elif state == "word":
            if i < n and s[i].isalpha():
                i += 1
            else:
                state = "start"
        elif state == "number":
            if i < n and s[i].isdigit():
                i += 1
            else:
                state = "start"
        else:  # other
            c = s[i]
            if c == " ":
                i += 1
            else:
                i, others = i + 1, others + 1
            state = "start"


def run(n: int = 10_000) -> list[int]:
    words = numbers = others = 0
    for _ in range(n):
        w, d, o = scan(SENTENCE)
        words += w
        numbers += d
        others += o
    return [words, numbers, others]
