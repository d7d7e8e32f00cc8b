"""life: the game of life on a 32-by-32 torus of lists of 0s and 1s (benchmarks/scheme/life.scm)."""

SIZE = 32
GLIDER = [(1, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
R_PENTOMINO = [(15, 17), (15, 18), (16, 16), (16, 17), (17, 17)]
AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def step(grid):
    def neighbours(row, col):
        return sum(grid[(row + dr) % SIZE][(col + dc) % SIZE] for dr, dc in AROUND)

    return [[1 if (n := neighbours(row, col)) == 3 or (n == 2 and grid[row][col]) else 0
             for col in range(SIZE)]
            for row in range(SIZE)]


def run(n: int = 30) -> list[int]:
    grid = [[0] * SIZE for _ in range(SIZE)]
    for row, col in GLIDER + R_PENTOMINO:
        grid[row][col] = 1
    for _ in range(n):
        grid = step(grid)
    live = [(row, col) for row in range(SIZE) for col in range(SIZE) if grid[row][col]]
    return [len(live), sum(row * SIZE + col for row, col in live)]
