"""sokoban: a Sokoban move checker (benchmarks/scheme/sokoban.scm).

The same rules as the Scheme, in Python's own way: the board a list of
lists of characters, a Game object holding it with the player's row and
column, the steps in a dict, the moves kept in a list used as a stack
(a push in upper case), the outcome a string, the moves joined into a
string and played again on a fresh board, compared by ==, counters in a
Stats object; the shared generator (from 257) drawn in the same order.
"""

from .lcg import Random

LEVELS = [
    ["#######",
     "#     #",
     "# $ . #",
     "#  @  #",
     "#######"],
    ["########",
     "#   #  #",
     "# $  $ #",
     "#.##@  #",
     "#    . #",
     "########"],
    ["  ##### ",
     "###   # ",
     "#.@$  # ",
     "### $.# ",
     "#.##$ # ",
     "# # . ##",
     "#$ *$$.#",
     "#   .  #",
     "########"],
]

SOLUTIONS = ["lluRR", "rruulDDullLulD", "RurrddddlDRuuuuLLLrdRDrddlLdllUUdR"]

STEPS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


class Stats:
    def __init__(self):
        self.walks = 0
        self.pushes = 0
        self.blocked = 0
        self.undos = 0


class Game:
    def __init__(self, rows):
        self.board = [list(row) for row in rows]
        for r, row in enumerate(self.board):
            for c, ch in enumerate(row):
                if ch in "@+":
                    self.row, self.col = r, c

    def count(self, ch):
        total = 0
        for row in self.board:
            for x in row:
                if x == ch:
                    total += 1
        return total

    def leave(self, r, c):
        self.board[r][c] = "." if self.board[r][c] in ".*+" else " "

    def put_player(self, r, c):
        self.board[r][c] = "+" if self.board[r][c] in ".*+" else "@"

    def put_box(self, r, c):
        self.board[r][c] = "*" if self.board[r][c] in ".*+" else "$"

    def try_move(self, m):
        dr, dc = STEPS[m]
        r, c = self.row + dr, self.col + dc
        there = self.board[r][c]
        if there in " .":
            self.leave(self.row, self.col)
            self.put_player(r, c)
            self.row, self.col = r, c
            return "walk"
        if there in "$*" and self.board[r + dr][c + dc] in " .":
            self.leave(r, c)
            self.put_box(r + dr, c + dc)
            self.leave(self.row, self.col)
            self.put_player(r, c)
            self.row, self.col = r, c
            return "push"
        return "blocked"

    def undo(self, m):
        dr, dc = STEPS[m.lower()]
        r, c = self.row - dr, self.col - dc
        self.leave(self.row, self.col)
        if m.isupper():
            self.leave(self.row + dr, self.col + dc)
            self.put_box(self.row, self.col)
        self.put_player(r, c)
        self.row, self.col = r, c

    def dead_box(self, r, c):
        b = self.board
        return (b[r][c] == "$"
                and (b[r - 1][c] == "#" or b[r + 1][c] == "#")
                and (b[r][c - 1] == "#" or b[r][c + 1] == "#"))


def play(rng, rows, moves, stats):
    game = Game(rows)
    history = []
    for _ in range(moves):
        r = rng.next() % 9
        if r < 8:
            m = "uuddllrr"[r]
            made = game.try_move(m)
            if made == "walk":
                stats.walks += 1
                history.append(m)
            elif made == "push":
                stats.pushes += 1
                history.append(m.upper())
                dr, dc = STEPS[m]
                if game.count("$") == 0:
                    return game, history, "solved"
                if game.dead_box(game.row + dr, game.col + dc):
                    return game, history, "stuck"
            else:
                stats.blocked += 1
        elif history:
            game.undo(history.pop())
            stats.undos += 1
    return game, history, "unfinished"


def replay(rows, lurd):
    game = Game(rows)
    for m in lurd:
        made = game.try_move(m.lower())
        if made != ("push" if m.isupper() else "walk"):
            return None
    return game


def board_checksum(board, total):
    for row in board:
        for ch in row:
            total = (total * 31 + ord(ch)) % 1000003
    return total


def run(n):
    rng = Random(257)
    stats = Stats()
    solving = 0
    for rows, lurd in zip(LEVELS, SOLUTIONS):
        game = replay(rows, lurd)
        if game is not None and game.count("$") == 0:
            solving += 1
    stuck = solved = on_goals = agree = total = 0
    first = []
    for g in range(n):
        rows = LEVELS[g % 3]
        moves = 40 + rng.next() % 41
        game, history, outcome = play(rng, rows, moves, stats)
        lurd = "".join(history)
        if outcome == "stuck":
            stuck += 1
        elif outcome == "solved":
            solved += 1
        on_goals += game.count("*")
        again = replay(rows, lurd)
        if again is not None and again.board == game.board:
            agree += 1
        total = board_checksum(game.board, total)
        if g == 0:
            first = [lurd, outcome, ["".join(row) for row in game.board]]
    return [n, stats.walks, stats.pushes, stats.blocked, stats.undos, stuck, solved, on_goals, agree,
            solving, total, first]
