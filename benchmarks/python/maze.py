"""maze: a maze carved and solved on a grid of characters (benchmarks/scheme/maze.scm).

The same algorithm as the Scheme: the grid is a list of 2n + 1 rows, each
a list of 2n + 1 characters (the Scheme's mutable strings), all "#" at
first; carved depth first from cell (0, 0) with a list as the stack of
(row, column) cells, the neighbour taken by the LCG's next value mod the
number of uncarved neighbours (listed north, east, south, west); solved
breadth first with a list of cell numbers as the queue and a head and a
tail index, the distances a list, -1 where not reached.
"""


def next_random(x):
    return (75 * x + 74) % 65537


def make_grid(n):
    return [["#"] * (2 * n + 1) for _ in range(2 * n + 1)]


def carved(grid, r, c):
    return grid[2 * r + 1][2 * c + 1] == " "


def uncarved_neighbours(grid, n, r, c):
    """The uncarved neighbours of (r, c), north, east, south, west."""
    found = []
    if r > 0 and not carved(grid, r - 1, c):
        found.append((r - 1, c))
    if c + 1 < n and not carved(grid, r, c + 1):
        found.append((r, c + 1))
    if r + 1 < n and not carved(grid, r + 1, c):
        found.append((r + 1, c))
    if c > 0 and not carved(grid, r, c - 1):
        found.append((r, c - 1))
    return found


def carve(grid, n):
    x = 1
    grid[1][1] = " "
    stack = [(0, 0)]
    while stack:
        r, c = stack[-1]
        choices = uncarved_neighbours(grid, n, r, c)
        if not choices:
            stack.pop()
        else:
            x = next_random(x)
            nr, nc = choices[x % len(choices)]
            grid[r + nr + 1][c + nc + 1] = " "
            grid[2 * nr + 1][2 * nc + 1] = " "
            stack.append((nr, nc))


def is_open(grid, r, c, dr, dc):
    return grid[2 * r + 1 + dr][2 * c + 1 + dc] == " "


def ways_out(grid, r, c):
    return ((1 if is_open(grid, r, c, -1, 0) else 0)
            + (1 if is_open(grid, r, c, 0, 1) else 0)
            + (1 if is_open(grid, r, c, 1, 0) else 0)
            + (1 if is_open(grid, r, c, 0, -1) else 0))


def solve(grid, n):
    queue = [0] * (n * n)
    distance = [-1] * (n * n)
    head = 0
    tail = 0

    def visit(r, c, d):
        nonlocal tail
        k = r * n + c
        if distance[k] == -1:
            distance[k] = d
            queue[tail] = k
            tail += 1

    visit(0, 0, 0)
    while head < tail:
        k = queue[head]
        r = k // n
        c = k % n
        d = distance[k] + 1
        head += 1
        if is_open(grid, r, c, -1, 0):
            visit(r - 1, c, d)
        if is_open(grid, r, c, 0, 1):
            visit(r, c + 1, d)
        if is_open(grid, r, c, 1, 0):
            visit(r + 1, c, d)
        if is_open(grid, r, c, 0, -1):
            visit(r, c - 1, d)
    return distance


def run(n: int = 250) -> list:
    grid = make_grid(n)
    carve(grid, n)
    distance = solve(grid, n)
    greatest = 0
    for k in range(n * n):
        greatest = max(greatest, distance[k])
    dead_ends = 0
    for k in range(n * n):
        if ways_out(grid, k // n, k % n) == 1:
            dead_ends += 1
    return [distance[n * n - 1], greatest, dead_ends, "".join(grid[1])]
