"""minesweeper: games played by deduction and guesses (benchmarks/scheme/minesweeper.scm).

The same algorithm as the Scheme, in Python's own way: boards as lists of
lists, a generator of a cell's neighbours, the empty region shown by a
loop over a list used as a stack (the same cells as the Scheme's
recursion), a mine shown raising an exception the game catches, each row
rendered by a join; the shared generator (from 79) drawn in the same
order.
"""

from .lcg import Random

HIDDEN, SHOWN, FLAGGED = 0, 1, 2
BOARDS = [(9, 9, 10), (16, 16, 40), (16, 30, 99)]


class Boom(Exception):
    pass


def neighbours(rows, cols, r, c):
    for rr in range(r - 1, r + 2):
        for cc in range(c - 1, c + 2):
            if (rr != r or cc != c) and 0 <= rr < rows and 0 <= cc < cols:
                yield rr, cc


class Game:
    def __init__(self, rng, rows, cols, mine_count):
        self.rng = rng
        self.rows, self.cols, self.mine_count = rows, cols, mine_count
        self.r0 = rng.below(rows)
        self.c0 = rng.below(cols)
        self.mines = [[False] * cols for _ in range(rows)]
        placed = 0
        while placed < mine_count:
            r = rng.below(rows)
            c = rng.below(cols)
            if self.mines[r][c] or (abs(r - self.r0) <= 1 and abs(c - self.c0) <= 1):
                continue
            self.mines[r][c] = True
            placed += 1
        self.counts = [[sum(self.mines[rr][cc] for rr, cc in neighbours(rows, cols, r, c)) for c in range(cols)]
                       for r in range(rows)]
        self.seen = [[HIDDEN] * cols for _ in range(rows)]
        self.shown = self.flags = self.guesses = self.passes = 0

    def show(self, r, c):
        stack = [(r, c)]
        while stack:
            r, c = stack.pop()
            if self.seen[r][c] != HIDDEN:
                continue
            self.seen[r][c] = SHOWN
            self.shown += 1
            if self.mines[r][c]:
                raise Boom
            if self.counts[r][c] == 0:
                stack.extend(neighbours(self.rows, self.cols, r, c))

    def deduce(self, r, c):
        around = list(neighbours(self.rows, self.cols, r, c))
        hidden = sum(1 for rr, cc in around if self.seen[rr][cc] == HIDDEN)
        flagged = sum(1 for rr, cc in around if self.seen[rr][cc] == FLAGGED)
        count = self.counts[r][c]
        if hidden == 0:
            return False
        if flagged == count:
            for rr, cc in around:
                if self.seen[rr][cc] == HIDDEN:
                    self.show(rr, cc)
            return True
        if flagged + hidden == count:
            for rr, cc in around:
                if self.seen[rr][cc] == HIDDEN:
                    self.seen[rr][cc] = FLAGGED
                    self.flags += 1
            return True
        return False

    def make_pass(self):
        self.passes += 1
        changed = False
        for r in range(self.rows):
            for c in range(self.cols):
                if self.seen[r][c] == SHOWN and self.counts[r][c] > 0 and self.deduce(r, c):
                    changed = True
        return changed

    def guess(self):
        self.guesses += 1
        k = self.rng.below(self.rows * self.cols - self.shown - self.flags)
        for r in range(self.rows):
            for c in range(self.cols):
                if self.seen[r][c] == HIDDEN:
                    if k == 0:
                        self.show(r, c)
                        return
                    k -= 1

    def play(self):
        try:
            self.show(self.r0, self.c0)
            while True:
                if self.make_pass():
                    continue
                if self.shown == self.rows * self.cols - self.mine_count:
                    return True
                self.guess()
        except Boom:
            return False

    def render(self):
        lines = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                if self.seen[r][c] == HIDDEN:
                    row.append(".")
                elif self.seen[r][c] == FLAGGED:
                    row.append("F")
                elif self.mines[r][c]:
                    row.append("*")
                elif self.counts[r][c] == 0:
                    row.append("-")
                else:
                    row.append(str(self.counts[r][c]))
            lines.append("".join(row))
        return lines


def run(n):
    rng = Random(79)
    won = lost = guesses = shown = flags = passes = checksum = 0
    first = None
    for g in range(n):
        game = Game(rng, *BOARDS[g % 3])
        if game.play():
            won += 1
        else:
            lost += 1
        guesses += game.guesses
        shown += game.shown
        flags += game.flags
        passes += game.passes
        lines = game.render()
        for line in lines:
            for ch in line:
                checksum = (checksum * 31 + ord(ch)) % 1000003
        if first is None:
            first = lines
    return [n, won, lost, guesses, shown, flags, passes, checksum, first]
