"""astar: A* search on a grid (benchmarks/scheme/astar.scm).

The same algorithm as the Scheme: walls in a list of rows of booleans;
the open list a list of (f, g, row, col) kept sorted by f, each new entry
inserted after those of no greater f; best costs and parents in two more
grids; a popped entry costlier than its cell's best is passed over;
neighbours tried up, down, left, right; Manhattan distance as the
estimate.  Walls and queries from x -> 16807x mod (2^31 - 1) from x = 1.
"""

MOVES = ((-1, 0), (1, 0), (0, -1), (0, 1))


def next_random(x):
    return 16807 * x % 2147483647


def insert_entry(entry, open_list):
    f = entry[0]
    i = 0
    while i < len(open_list) and open_list[i][0] <= f:
        i += 1
    open_list.insert(i, entry)


def steps_back(parent, row, col):
    cell = parent[row][col]
    steps = 0
    while cell is not None:
        cell = parent[cell[0]][cell[1]]
        steps += 1
    return steps


def search(walls, n, start_row, start_col, goal_row, goal_col):
    best = [[None] * n for _ in range(n)]
    parent = [[None] * n for _ in range(n)]

    def estimate(row, col):
        return abs(row - goal_row) + abs(col - goal_col)

    best[start_row][start_col] = 0
    open_list = [(estimate(start_row, start_col), 0, start_row, start_col)]
    expanded = 0
    while open_list:
        _, g, row, col = open_list.pop(0)
        if g > best[row][col]:
            continue
        if row == goal_row and col == goal_col:
            return [g, expanded + 1, g == steps_back(parent, row, col)]
        for dr, dc in MOVES:
            r = row + dr
            c = col + dc
            g2 = g + 1
            if 0 <= r < n and 0 <= c < n and not walls[r][c] and (best[r][c] is None or g2 < best[r][c]):
                best[r][c] = g2
                parent[r][c] = (row, col)
                insert_entry((g2 + estimate(r, c), g2, r, c), open_list)
        expanded += 1
    return [False, expanded, True]  # no path: nothing to walk back


def run(n: int = 100) -> list:
    walls = [[False] * n for _ in range(n)]
    x = 1
    count = 0
    for k in range(n * n):
        x = next_random(x)
        row, col = divmod(k, n)
        corner = (row == 0 and col == 0) or (row == n - 1 and col == n - 1)
        wall = not corner and x % 100 < 28
        walls[row][col] = wall
        if wall:
            count += 1

    def draw_open(x):
        while True:
            x1 = next_random(x)
            x2 = next_random(x1)
            row = x1 % n
            col = x2 % n
            if not walls[row][col]:
                return row, col, x2
            x = x2

    results = [search(walls, n, 0, 0, n - 1, n - 1)]
    for _ in range(n):
        start_row, start_col, x = draw_open(x)
        goal_row, goal_col, x = draw_open(x)
        results.append(search(walls, n, start_row, start_col, goal_row, goal_col))
    paths = costs = expanded = 0
    agree = True
    for cost, cells, walked in results:
        if cost is not False:
            paths += 1
            costs += cost
        expanded += cells
        agree = agree and walked
    return [[[cost, cells] for cost, cells, _ in results[:4]], paths, costs, expanded, count, agree]
