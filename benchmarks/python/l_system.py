"""l-system: Lindenmayer systems grown and drawn by a turtle (benchmarks/scheme/l-system.scm).

The same algorithm as the Scheme, in Python's own way: rules as dicts,
a generation by a join over rules.get(c, c), the turtle a for loop over
the characters with an if chain, the stack a list of tuples, the points
reached a set of (x, y) tuples and a list in the order first reached;
the Scheme's buckets, for their longest, counted by a Counter over the
same hash.
"""

from collections import Counter

SYSTEMS = [
    ("dragon", "FX", {"X": "X+YF+", "Y": "-FX-Y"}),
    ("hilbert", "A", {"A": "+BF-AFA-FB+", "B": "-AF+BFB+FA-"}),
    ("koch", "F", {"F": "F+F-F-F+F"}),
    ("plant", "X", {"X": "F[+X]F[-X]+X", "F": "FF"}),
]

STEPS = [(1, 0), (0, 1), (-1, 0), (0, -1)]  # east, north, west, south


def grow(axiom, rules, n):
    text = axiom
    generations = 0
    while len(text) < n:
        text = "".join(rules.get(c, c) for c in text)
        generations += 1
    return text, generations


def draw(text, n):
    x = y = heading = depth = deepest = forward = again = 0
    min_x = max_x = min_y = max_y = 0
    stack = []
    seen = {(0, 0)}
    order = [(0, 0)]
    for c in text[:n]:
        if c == "F":
            dx, dy = STEPS[heading]
            x += dx
            y += dy
            forward += 1
            if (x, y) in seen:
                again += 1
            else:
                seen.add((x, y))
                order.append((x, y))
                min_x, max_x = min(min_x, x), max(max_x, x)
                min_y, max_y = min(min_y, y), max(max_y, y)
        elif c == "+":
            heading = (heading + 1) % 4
        elif c == "-":
            heading = (heading + 3) % 4
        elif c == "[":
            stack.append((x, y, heading))
            depth += 1
            deepest = max(deepest, depth)
        elif c == "]":
            x, y, heading = stack.pop()
            depth -= 1
    size = 1 + n // 4
    longest = max(Counter((px * 7919 + py) % size for px, py in seen).values())
    figures = [forward, len(seen), again, [min_x, max_x, min_y, max_y], deepest, [x, y, heading], longest]
    return figures, order


def run(n):
    results = []
    checksum = None
    for name, axiom, rules in SYSTEMS:
        text, generations = grow(axiom, rules, n)
        figures, order = draw(text, n)
        results.append([name, generations, len(text)] + figures)
        if checksum is None:
            checksum = 0
            for px, py in order:
                checksum = (checksum * 31 + 7 * px + py) % 1000003
    return [n] + results + [checksum]
