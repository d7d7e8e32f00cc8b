"""eight-puzzle: breadth-first search over 8-puzzle positions from the solved board (benchmarks/scheme/eight-puzzle.scm).

The same algorithm as the Scheme: boards are lists of nine tiles copied
for each move, the squares beside each square a list of lists; a board is
numbered by its Lehmer code, and a list of 9! flags says which boards
have been seen; the queue a list of (board, distance) tuples read by a
head index, the search left by return when the nth board is seen.
"""

NEIGHBOURS = [[1, 3], [0, 2, 4], [1, 5], [0, 4, 6], [1, 3, 5, 7], [2, 4, 8], [3, 7], [4, 6, 8], [5, 7]]


def board_number(board):
    number = 0
    for i in range(9):
        smaller = 0
        for j in range(i + 1, 9):
            if board[j] < board[i]:
                smaller += 1
        number = number * (9 - i) + smaller
    return number


def summary(queue, head):
    counts = []
    for _, distance in queue:
        if distance == len(counts):
            counts.append(0)
        counts[distance] += 1
    last = queue[-1][0]
    return [counts, head, "".join(str(tile) for tile in last), board_number(last)]


def run(n: int = 50_000) -> list:
    goal = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    seen = [False] * 362880
    seen[board_number(goal)] = True
    queue = [(goal, 0)]
    head = 0
    if n <= 1:
        return summary(queue, head)
    while head < len(queue):
        board, distance = queue[head]
        head += 1
        blank = board.index(0)
        for square in NEIGHBOURS[blank]:
            following = board[:]
            following[blank] = board[square]
            following[square] = 0
            number = board_number(following)
            if not seen[number]:
                seen[number] = True
                queue.append((following, distance + 1))
                if len(queue) == n:
                    return summary(queue, head)
    return summary(queue, head)
