"""knights-tour: knight's tours by Warnsdorff's rule (benchmarks/scheme/knights-tour.scm).

The same algorithm as the Scheme: a board a list of rows, each a list
of cells (0 unvisited, else the move's number), cleared between tours;
the knight goes to the free square with the fewest free squares onward,
the first of them in the same order of the eight moves, with no
backtracking; every board of side 5 to n toured from every square.
"""

MOVES = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


def make_board(side):
    return [[0] * side for _ in range(side)]


def clear(board):
    for row in board:
        row[:] = [0] * len(row)


def free(board, r, c):
    side = len(board)
    return 0 <= r < side and 0 <= c < side and board[r][c] == 0


def onward(board, r, c):
    count = 0
    for dr, dc in MOVES:
        if free(board, r + dr, c + dc):
            count += 1
    return count


def best_move(board, r, c):
    best_r = best_c = None
    fewest = 9
    for dr, dc in MOVES:
        r2, c2 = r + dr, c + dc
        if free(board, r2, c2):
            k = onward(board, r2, c2)
            if k < fewest:
                best_r, best_c, fewest = r2, c2, k
    return best_r, best_c


def knight_move(r1, c1, r2, c2):
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    return (dr == 1 and dc == 2) or (dr == 2 and dc == 1)


def tour(board, r0, c0):
    board[r0][c0] = 1
    r, c, visited = r0, c0, 1
    while True:
        r2, c2 = best_move(board, r, c)
        if r2 is None:
            return visited, knight_move(r, c, r0, c0)
        visited += 1
        board[r2][c2] = visited
        r, c = r2, c2


def run(n: int = 12) -> list:
    fulls = []
    closed = squares = 0
    corner = []
    for side in range(5, n + 1):
        board = make_board(side)
        cells = side * side
        full = 0
        for start in range(cells):
            clear(board)
            visited, closes = tour(board, start // side, start % side)
            if visited == cells:
                full += 1
                if closes:
                    closed += 1
            squares += visited
            if start == 0 and side == n:
                corner = list(board[0])
        fulls.append(full)
    return [fulls, closed, squares, corner]
