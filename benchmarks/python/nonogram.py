"""nonogram: nonograms solved line by line (benchmarks/scheme/nonogram.scm).

The same solver as the Scheme, in Python's own way: the grid a flat
list of strings, a line a list sliced or gathered out of it, the
layouts found by two methods calling each other over a list of marks,
a contradiction an exception of its own caught around the solve, the
sweeps a while loop; the shared generator (from 317) drawn in the same
order.
"""

from .lcg import Random

UNKNOWN, FILLED, EMPTY = "unknown", "filled", "empty"


class Contradiction(Exception):
    pass


def clues_of(line):
    clues = []
    run = 0
    for cell in line:
        if cell:
            run += 1
        elif run:
            clues.append(run)
            run = 0
    if run:
        clues.append(run)
    return clues


class LineSolver:
    def __init__(self):
        self.layouts = 0

    def free_of(self, what, start, stop):
        return what not in self.line[start:stop]

    def tally(self):
        self.found += 1
        self.layouts += 1
        for i, m in enumerate(self.marked):
            if m:
                self.can_fill[i] = True
            else:
                self.can_empty[i] = True

    def lay_block(self, clues, start):
        length = clues[0]
        size = len(self.line)
        at = start
        while at + length <= size and self.free_of(FILLED, start, at):
            if self.free_of(EMPTY, at, at + length) and (at + length == size or self.line[at + length] != FILLED):
                for i in range(at, at + length):
                    self.marked[i] = True
                self.gap_after(clues[1:], at + length)
                for i in range(at, at + length):
                    self.marked[i] = False
            at += 1

    def gap_after(self, clues, start):
        if not clues:
            if self.free_of(FILLED, start, len(self.line)):
                self.tally()
        else:
            self.lay_block(clues, start + 1)

    def solve(self, cells, clues):
        size = len(cells)
        self.line = cells
        self.marked = [False] * size
        self.can_fill = [False] * size
        self.can_empty = [False] * size
        self.found = 0
        if clues:
            self.lay_block(clues, 0)
        else:
            self.gap_after([], 0)
        if self.found == 0:
            raise Contradiction(clues)
        changed = 0
        for i in range(size):
            if cells[i] == UNKNOWN:
                if not self.can_empty[i]:
                    cells[i] = FILLED
                    changed += 1
                elif not self.can_fill[i]:
                    cells[i] = EMPTY
                    changed += 1
        return changed


class Puzzle:
    def __init__(self, rows, columns, clues, solver):
        self.rows = rows
        self.columns = columns
        self.clues = clues
        self.solver = solver
        self.grid = [UNKNOWN] * (rows * columns)

    def line(self, k):
        if k < self.rows:
            return self.grid[k * self.columns:(k + 1) * self.columns]
        return self.grid[k - self.rows::self.columns]

    def put_line(self, k, cells):
        if k < self.rows:
            self.grid[k * self.columns:(k + 1) * self.columns] = cells
        else:
            self.grid[k - self.rows::self.columns] = cells

    def solve(self, counts):
        while True:
            counts["sweeps"] += 1
            changed = 0
            for k in range(self.rows + self.columns):
                cells = self.line(k)
                if UNKNOWN in cells:
                    n = self.solver.solve(cells, self.clues[k])
                    counts["lines"] += 1
                    if n:
                        self.put_line(k, cells)
                        changed += n
            if UNKNOWN not in self.grid:
                for k in range(self.rows + self.columns):
                    if clues_of([cell == FILLED for cell in self.line(k)]) != self.clues[k]:
                        raise Contradiction(self.clues[k])
                return True
            if not changed:
                return False

    def strings(self):
        marks = {FILLED: "#", EMPTY: ".", UNKNOWN: "?"}
        return ["".join(marks[cell] for cell in self.line(r)) for r in range(self.rows)]


def run(n):
    rng = Random(317)
    solver = LineSolver()
    counts = {"sweeps": 0, "lines": 0}
    solved = as_drawn = contradictions = left = check = 0
    first = None
    for k in range(n):
        rows = 7 + rng.next() % 7
        columns = 7 + rng.next() % 7
        picture = [rng.next() % 100 < 58 for _ in range(rows * columns)]
        clues = [clues_of(picture[r * columns:(r + 1) * columns]) for r in range(rows)]
        clues += [clues_of(picture[c::columns]) for c in range(columns)]
        if k % 4 == 3:
            r = rng.next() % rows
            clues[r] = [clues[r][0] + 1] + clues[r][1:] if clues[r] else [1]
        puzzle = Puzzle(rows, columns, clues, solver)
        try:
            outcome = "solved" if puzzle.solve(counts) else "stalled"
        except Contradiction:
            outcome = "contradiction"
        for cell in puzzle.grid:
            check = (check * 3 + {FILLED: 1, EMPTY: 2, UNKNOWN: 0}[cell]) % 1000003
        if outcome == "solved":
            solved += 1
            if all((cell == FILLED) == drawn for cell, drawn in zip(puzzle.grid, picture)):
                as_drawn += 1
        if outcome == "contradiction":
            contradictions += 1
        else:
            left += puzzle.grid.count(UNKNOWN)
        if first is None:
            first = puzzle.strings()
    return [n, solved, as_drawn, contradictions, left, counts["sweeps"], counts["lines"], solver.layouts, check, first]
