"""sudoku: backtracking over a list of 81 cells (benchmarks/scheme/sudoku.scm).

The same algorithm as the Scheme: the first empty cell found by a scan, each
digit that fits tried in turn and the cell emptied again when the search
below fails; a solution's first row read as a number digit by digit.
"""


def fits(grid, pos, d):
    row, col = divmod(pos, 9)
    box_row, box_col = 3 * (row // 3), 3 * (col // 3)
    for k in range(9):
        if (grid[row * 9 + k] == d or grid[k * 9 + col] == d
                or grid[(box_row + k // 3) * 9 + box_col + k % 3] == d):
            return False
    return True


def first_empty(grid):
    for pos in range(81):
        if grid[pos] == 0:
            return pos
    return None


class Solver:
    def __init__(self):
        self.placed = 0

    def solve(self, grid):
        pos = first_empty(grid)
        if pos is None:
            return True
        for d in range(1, 10):
            if fits(grid, pos, d):
                self.placed += 1
                grid[pos] = d
                if self.solve(grid):
                    return True
                grid[pos] = 0
        return False


def make_puzzle(k):
    m = k + 1 if k % 3 == 0 else k
    grid = [((3 * r + r // 3 + c) % 9 * m + 5 * k) % 9 + 1 for r in range(9) for c in range(9)]
    seed = k + 1
    for _ in range(min(60, 2 * k + 4)):
        seed = (seed * 1103 + 12345) % 65536
        grid[seed % 81] = 0
    return grid


def row_to_number(grid, row):
    number = 0
    for col in range(9):
        number = number * 10 + grid[row * 9 + col]
    return number


def run(n: int = 40) -> list:
    solver = Solver()
    solved = 0
    total = 0
    last = []
    for k in range(n):
        grid = make_puzzle(k)
        if solver.solve(grid):
            solved += 1
            total += row_to_number(grid, 0)
            last = grid[36:45]
    return [solved, solver.placed, total, last]
