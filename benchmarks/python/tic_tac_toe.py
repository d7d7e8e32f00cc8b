"""tic-tac-toe: games played out by minimax (benchmarks/scheme/tic-tac-toe.scm).

The same algorithm as the Scheme: a board is a list of nine strings, "x",
"o" or "_", and a move makes a new list; minimax scores a board for x (1,
-1 or 0) by scoring every move, taking max for x and min for o, and the
best move is the first square with the best score.  Each game begins with
four random moves drawn by the Scheme's x -> (1103515245x + 12345) mod 2^31.
"""

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8),
         (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6))

EMPTY_BOARD = ["_"] * 9


def other(player):
    return "o" if player == "x" else "x"


def placed(board, k, player):
    return board[:k] + [player] + board[k + 1:]


def winner(board):
    for a, b, c in LINES:
        mark = board[a]
        if mark != "_" and mark == board[b] and board[b] == board[c]:
            return mark
    return None


def empty_squares(board):
    return [k for k in range(9) if board[k] == "_"]


class Game:
    def __init__(self, seed):
        self.seed = seed
        self.scored = 0

    def next(self):
        self.seed = (self.seed * 1103515245 + 12345) % 2147483648
        return self.seed // 65536

    def minimax(self, board, player):
        self.scored += 1
        w = winner(board)
        if w == "x":
            return 1
        if w == "o":
            return -1
        moves = empty_squares(board)
        if not moves:
            return 0
        scores = [self.minimax(placed(board, k, player), other(player)) for k in moves]
        return max(scores) if player == "x" else min(scores)

    def best_move(self, board, player):
        moves = empty_squares(board)
        scores = [self.minimax(placed(board, k, player), other(player)) for k in moves]
        best = max(scores) if player == "x" else min(scores)
        return moves[scores.index(best)]

    def random_opening(self):
        board = EMPTY_BOARD
        player = "x"
        for _ in range(4):
            moves = empty_squares(board)
            board = placed(board, moves[self.next() % len(moves)], player)
            player = other(player)
        return board

    def play(self, board, player):
        while winner(board) is None and empty_squares(board):
            board = placed(board, self.best_move(board, player), player)
            player = other(player)
        return board


def run(n: int = 100) -> list:
    game = Game(5)
    x_wins = o_wins = draws = 0
    last = EMPTY_BOARD
    for _ in range(n):
        final = game.play(game.random_opening(), "x")
        w = winner(final)
        if w == "x":
            x_wins += 1
        elif w == "o":
            o_wins += 1
        else:
            draws += 1
        last = final
    return [x_wins, o_wins, draws, game.scored, "".join(last)]
