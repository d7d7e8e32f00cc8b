"""connect-four: Connect Four by negamax (benchmarks/scheme/connect-four.scm).

The same players as the Scheme, in Python's own way: the board a list
of six lists, the heights a list, a win found by any() over the four
directions, the negamax a for loop keeping the best value, the windows
scored by slicing nothing but indexing; the shared generator (from 307)
drawn in the same order.
"""

from .lcg import Random

ROWS = 6
COLUMNS = 7
WIN_BONUS = 100000
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
WINDOW_WORTH = (0, 1, 4, 32, 0)
SEARCH_ORDER = (3, 2, 4, 1, 5, 0, 6)


class Game:
    def __init__(self, rng):
        self.rng = rng
        self.searched = 0
        self.clear()

    def clear(self):
        self.board = [[0] * COLUMNS for _ in range(ROWS)]
        self.heights = [0] * COLUMNS

    def drop(self, c, player):
        r = self.heights[c]
        self.board[r][c] = player
        self.heights[c] = r + 1
        return r

    def undo(self, c):
        r = self.heights[c] - 1
        self.board[r][c] = 0
        self.heights[c] = r

    def run_length(self, r, c, dr, dc, player):
        count = 0
        r += dr
        c += dc
        while 0 <= r < ROWS and 0 <= c < COLUMNS and self.board[r][c] == player:
            count += 1
            r += dr
            c += dc
        return count

    def wins_at(self, r, c, player):
        return any(1 + self.run_length(r, c, dr, dc, player) + self.run_length(r, c, -dr, -dc, player) >= 4
                   for dr, dc in DIRECTIONS)

    def full(self):
        return all(h >= ROWS for h in self.heights)

    def score(self, player):
        board = self.board
        total = 0
        for r in range(ROWS):
            v = board[r][3]
            if v == player:
                total += 3
            elif v != 0:
                total -= 3
            for c in range(COLUMNS):
                for dr, dc in DIRECTIONS:
                    if 0 <= r + 3 * dr < ROWS and 0 <= c + 3 * dc < COLUMNS:
                        mine = theirs = 0
                        for k in range(4):
                            v = board[r + k * dr][c + k * dc]
                            if v == player:
                                mine += 1
                            elif v != 0:
                                theirs += 1
                        if theirs == 0:
                            total += WINDOW_WORTH[mine]
                        elif mine == 0:
                            total -= WINDOW_WORTH[theirs]
        return total

    def try_column(self, c, player, depth):
        self.searched += 1
        r = self.drop(c, player)
        if self.wins_at(r, c, player):
            value = WIN_BONUS + depth
        elif depth == 1:
            value = self.score(player)
        elif self.full():
            value = 0
        else:
            value = -self.negamax(3 - player, depth - 1)
        self.undo(c)
        return value

    def negamax(self, player, depth):
        best = -2 * WIN_BONUS
        for c in SEARCH_ORDER:
            if self.heights[c] < ROWS:
                best = max(best, self.try_column(c, player, depth))
        return best

    def best_column(self, player, depth):
        best = None
        best_value = 0
        for c in SEARCH_ORDER:
            if self.heights[c] < ROWS:
                value = self.try_column(c, player, depth)
                if best is None or value > best_value:
                    best, best_value = c, value
        return best

    def random_column(self):
        cols = [c for c in range(COLUMNS) if self.heights[c] < ROWS]
        return cols[self.rng.next() % len(cols)]

    def play(self, depth_1, depth_2):
        self.clear()
        player = 1
        moves = 0
        while not self.full():
            if moves < 2:
                c = self.random_column()
            else:
                depth = depth_1 if player == 1 else depth_2
                c = self.random_column() if depth == 0 else self.best_column(player, depth)
            r = self.drop(c, player)
            moves += 1
            if self.wins_at(r, c, player):
                return player, moves
            player = 3 - player
        return 0, moves

    def checksum(self, total):
        for row in self.board:
            for v in row:
                total = (total * 7 + v) % 1000003
        return total

    def rows(self):
        marks = {0: ".", 1: "x", 2: "o"}
        return ["".join(marks[v] for v in row) for row in reversed(self.board)]


def run(n):
    game = Game(Random(307))
    first_wins = second_wins = draws = moves = deeper = check = 0
    for k in range(n):
        depth_1, depth_2 = ((0, 2), (1, 2), (2, 1))[k % 3]
        winner, made = game.play(depth_1, depth_2)
        if winner == 1:
            first_wins += 1
            if depth_1 > depth_2:
                deeper += 1
        elif winner == 2:
            second_wins += 1
            if depth_2 > depth_1:
                deeper += 1
        else:
            draws += 1
        moves += made
        check = game.checksum(check)
    return [n, first_wins, second_wins, draws, moves, game.searched, deeper, check, game.rows()]
