"""life: the game of life on a 32-by-32 torus (benchmarks/scheme/life.scm).

The same algorithm as the Scheme: the grid a list of row lists of 0s and 1s,
read through cell, which wraps both coordinates with modulo; neighbours
counted by two nested loops over -1..1 skipping the cell itself; each
generation made in a fresh grid whose live cells are set one by one; the
census a walk over every cell.
"""

SIZE = 32

GLIDER = [(1, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
R_PENTOMINO = [(15, 17), (15, 18), (16, 16), (16, 17), (17, 17)]


def make_grid():
    grid = [None] * SIZE
    for row in range(SIZE):
        grid[row] = [0] * SIZE
    return grid


def cell(grid, row, col):
    return grid[row % SIZE][col % SIZE]


def set_cell(grid, row, col, value):
    grid[row][col] = value


def neighbours(grid, row, col):
    count = 0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            if not (dr == 0 and dc == 0):
                count += cell(grid, row + dr, col + dc)
    return count


def next_generation(grid):
    new = make_grid()
    for row in range(SIZE):
        for col in range(SIZE):
            n = neighbours(grid, row, col)
            alive = cell(grid, row, col) == 1
            if n == 3 or (alive and n == 2):
                set_cell(new, row, col, 1)
    return new


def seed_grid():
    grid = make_grid()
    for row, col in GLIDER + R_PENTOMINO:
        set_cell(grid, row, col, 1)
    return grid


def census(grid):
    population = total = 0
    for row in range(SIZE):
        for col in range(SIZE):
            if cell(grid, row, col) == 1:
                population += 1
                total += row * SIZE + col
    return [population, total]


def run(n: int = 25) -> list[int]:
    grid = seed_grid()
    for _ in range(n):
        grid = next_generation(grid)
    return census(grid)
