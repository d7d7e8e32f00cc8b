"""state-machine: a scanner whose states call each other (benchmarks/scheme/state-machine.scm).

The same states and transitions as the Scheme: start, in-word, in-number,
other and punctuation, each making the same tests.  The Scheme's states
are procedures calling each other in tail position, which is a loop that
does not grow the stack; Python has no tail calls, so the twin is that
loop: a variable names the state it is in, and each pass runs that state
and moves to the next.
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
            if s[i].isalpha():
                i, words, state = i + 1, words + 1, "word"
            elif s[i].isdigit():
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
        elif state == "other":
            c = s[i]
            if c == " ":
                i, state = i + 1, "start"
            elif c in (",", ";", "!", "."):
                state = "punctuation"
            else:
                i, others, state = i + 1, others + 1, "start"
        else:  # punctuation
            if i < n:
                i, others, state = i + 1, others + 1, "start"
            else:
                return None


def run(n: int = 10_000) -> list[int]:
    words = numbers = others = 0
    for _ in range(n):
        w, d, o = scan(SENTENCE)
        words += w
        numbers += d
        others += o
    return [words, numbers, others]
