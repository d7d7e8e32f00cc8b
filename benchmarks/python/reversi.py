"""reversi: games of Reversi between simple players (benchmarks/scheme/reversi.scm).

The same rules and players as the Scheme, in Python's own way: the
board a list of characters, a square's row and column by divmod, the
moves a list of (square, flips) tuples found by for loops over the
squares and the eight directions, the best move by a loop keeping the
first of the highest scores, the players' names tested by an if chain,
the discs counted by list.count and handed back as a tuple, counters in
a Stats object; the shared generator (from 283) drawn in the same
order.
"""

from .lcg import Random

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
PAIRINGS = [("positional", "random"), ("random", "greedy"), ("greedy", "positional")]


class Stats:
    def __init__(self):
        self.moves = 0
        self.passes = 0
        self.flipped = 0


def other(side):
    return "W" if side == "B" else "B"


def new_board(size):
    board = ["."] * (size * size)
    h = size // 2 - 1
    board[h * size + h] = "W"
    board[h * size + h + 1] = "B"
    board[(h + 1) * size + h] = "B"
    board[(h + 1) * size + h + 1] = "W"
    return board


def flips_toward(board, size, side, square, step):
    dr, dc = step
    r, c = divmod(square, size)
    r += dr
    c += dc
    run = []
    while 0 <= r < size and 0 <= c < size:
        disc = board[r * size + c]
        if disc == side:
            run.reverse()
            return run
        if disc == ".":
            return []
        run.append(r * size + c)
        r += dr
        c += dc
    return []


def flips_at(board, size, side, square):
    flips = []
    for step in DIRECTIONS:
        flips = flips + flips_toward(board, size, side, square, step)
    return flips


def legal_moves(board, size, side):
    moves = []
    for square in range(size * size):
        if board[square] == ".":
            flips = flips_at(board, size, side, square)
            if flips:
                moves.append((square, flips))
    return moves


def weight(size, square):
    r, c = divmod(square, size)
    last = size - 1
    edge_r = r == 0 or r == last
    edge_c = c == 0 or c == last
    near_r = r <= 1 or r >= last - 1
    near_c = c <= 1 or c >= last - 1
    if edge_r and edge_c:
        return 20
    if near_r and near_c:
        return -6
    if edge_r or edge_c:
        return 4
    return 1


def best_move(moves, score):
    best = moves[0]
    best_score = score(best)
    for move in moves[1:]:
        s = score(move)
        if s > best_score:
            best, best_score = move, s
    return best


def choose(rng, player, moves, size):
    if player == "random":
        return moves[rng.next() % len(moves)]
    if player == "greedy":
        return best_move(moves, lambda m: len(m[1]))
    if player == "positional":
        return best_move(moves, lambda m: len(m[1]) + weight(size, m[0]))
    raise ValueError(f"reversi: no such player {player}")


def play(rng, size, black_player, white_player, stats):
    board = new_board(size)
    side = "B"
    passed = False
    while True:
        moves = legal_moves(board, size, side)
        if moves:
            square, flips = choose(rng, black_player if side == "B" else white_player, moves, size)
            board[square] = side
            for f in flips:
                board[f] = side
            stats.moves += 1
            stats.flipped += len(flips)
            passed = False
        elif passed:
            return board
        else:
            stats.passes += 1
            passed = True
        side = other(side)


def run(n):
    rng = Random(283)
    stats = Stats()
    black_wins = white_wins = draws = black_discs = white_discs = total = 0
    first = []
    for k in range(n):
        size = 6 if k % 2 == 0 else 8
        black_player, white_player = PAIRINGS[k % 3]
        board = play(rng, size, black_player, white_player, stats)
        black, white = board.count("B"), board.count("W")
        if black > white:
            black_wins += 1
        elif black < white:
            white_wins += 1
        else:
            draws += 1
        black_discs += black
        white_discs += white
        for disc in board:
            total = (total * 31 + ord(disc)) % 1000003
        if k == 0:
            first = [black, white, ["".join(board[r * size:(r + 1) * size]) for r in range(size)]]
    return [n, black_wins, white_wins, draws, black_discs, white_discs, stats.moves, stats.passes,
            stats.flipped, total, first]
