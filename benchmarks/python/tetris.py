"""tetris: falling pieces placed by a greedy player (benchmarks/scheme/tetris.scm).

The same player as the Scheme, in Python's own way: the board a list of
lists of characters copied by slices, pieces lists of (row, column)
tuples turned by comprehensions, all() for a fit, the heights and holes
by for loops, the candidates compared in a loop (the first best kept),
rows joined into strings at the end; the shared generator
(from 223) drawn in the same order.
"""

from .lcg import Random

WIDTH = 10
HEIGHT = 14

PIECES = [
    [(0, 0), (0, 1), (0, 2), (0, 3)],
    [(0, 0), (0, 1), (1, 0), (1, 1)],
    [(0, 0), (0, 1), (0, 2), (1, 1)],
    [(0, 1), (0, 2), (1, 0), (1, 1)],
    [(0, 0), (0, 1), (1, 1), (1, 2)],
    [(0, 0), (1, 0), (1, 1), (1, 2)],
    [(0, 2), (1, 0), (1, 1), (1, 2)],
]


def normalize(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return [(r - top, c - left) for r, c in cells]


def turns(cells):
    result = [normalize(cells)]
    for _ in range(3):
        result.append(normalize([(c, -r) for r, c in result[-1]]))
    return result


ALL_TURNS = [turns(p) for p in PIECES]


def empty_board():
    return [["."] * WIDTH for _ in range(HEIGHT)]


def fits(board, cells, row, col):
    return all(row + r < HEIGHT and board[row + r][col + c] == "." for r, c in cells)


def place(board, cells, row, col):
    copy = [line[:] for line in board]
    for r, c in cells:
        copy[row + r][col + c] = "#"
    kept = [line for line in copy if "." in line]
    cleared = HEIGHT - len(kept)
    return [["."] * WIDTH for _ in range(cleared)] + kept, cleared


def push_garbage(board, gap):
    row = ["#"] * WIDTH
    row[gap] = "."
    return board[1:] + [row]


def column_height(board, c):
    for r in range(HEIGHT):
        if board[r][c] == "#":
            return HEIGHT - r
    return 0


def holes(board):
    count = 0
    for c in range(WIDTH):
        roofed = False
        for r in range(HEIGHT):
            filled = board[r][c] == "#"
            if roofed and not filled:
                count += 1
            roofed = roofed or filled
    return count


def score(board, cleared):
    heights = [column_height(board, c) for c in range(WIDTH)]
    bumpiness = sum(abs(a - b) for a, b in zip(heights, heights[1:]))
    return 76 * cleared - 51 * sum(heights) - 36 * holes(board) - 18 * bumpiness


def best_placement(board, kind):
    best = None
    for k, cells in enumerate(ALL_TURNS[kind]):
        piece_width = 1 + max(c for _, c in cells)
        for col in range(WIDTH - piece_width + 1):
            if not fits(board, cells, 0, col):
                continue
            row = 0
            while fits(board, cells, row + 1, col):
                row += 1
            placed, cleared = place(board, cells, row, col)
            s = score(placed, cleared)
            if best is None or s > best[0]:
                best = (s, placed, cleared, k, col)
    return best


def run(n):
    rng = Random(223)
    clears = [0] * 5
    board = empty_board()
    games = 1
    lines = 0
    total = 0
    for i in range(n):
        if i > 0 and i % 8 == 0:
            board = push_garbage(board, rng.next() % WIDTH)
        kind = rng.next() % 7
        best = best_placement(board, kind)
        if best is None:
            games += 1
            best = best_placement(empty_board(), kind)
        _, board, cleared, k, col = best
        clears[cleared] += 1
        lines += cleared
        total = (total * 31 + 64 * kind + 16 * k + col) % 1000003
    rows = ["".join(line) for line in board if "#" in line]
    return [n, games, lines, clears[1], clears[2], clears[3], clears[4], holes(board), total, rows]
