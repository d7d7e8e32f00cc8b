"""sandpile: the abelian sandpile model (benchmarks/scheme/sandpile.scm).

The same algorithm as the Scheme: n grains on the centre of a square
grid (a list of lists) of side 2 (s // 2) + 3 for s = isqrt(n); sweeps
row by row topple every cell of four or more grains at once (v % 4 kept,
v // 4 to each neighbour, grains past the edge lost) until a sweep finds
none.
"""

import math


def run(n: int = 8_000) -> list:
    s = math.isqrt(n)
    side = 2 * (s // 2) + 3
    centre = side // 2
    grid = [[0] * side for _ in range(side)]
    sweeps = topplings = lost = 0

    def give(i, j, grains):
        nonlocal lost
        if 0 <= i < side and 0 <= j < side:
            grid[i][j] += grains
        else:
            lost += grains

    grid[centre][centre] = n
    unstable = True
    while unstable:
        unstable = False
        sweeps += 1
        for i in range(side):
            row = grid[i]
            for j in range(side):
                v = row[j]
                if v >= 4:
                    t = v // 4
                    unstable = True
                    topplings += t
                    row[j] = v % 4
                    give(i - 1, j, t)
                    give(i + 1, j, t)
                    give(i, j - 1, t)
                    give(i, j + 1, t)
    counts = [0, 0, 0, 0]
    symmetric = True
    for i in range(side):
        for j in range(side):
            v = grid[i][j]
            counts[v] += 1
            if not (v == grid[j][i] and v == grid[side - 1 - i][j]):
                symmetric = False
    row = "".join(str(v) for v in grid[centre])
    return [side, sweeps, topplings, lost] + counts + [symmetric, row]
