"""flatmap-queens: n queens and prime-sum pairs by list comprehensions (benchmarks/scheme/flatmap-queens.scm)."""


def safe(positions):
    new_row = positions[0]
    return all(row != new_row and abs(row - new_row) != distance
               for distance, row in enumerate(positions[1:], start=1))


def queens(board_size):
    boards = [[]]
    for _ in range(board_size):
        boards = [positions
                  for rest in boards
                  for positions in ([row] + rest for row in range(1, board_size + 1))
                  if safe(positions)]
    return boards


def is_prime(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def prime_sum_pairs(n):
    return [(i, j, i + j) for i in range(1, n + 1) for j in range(1, i) if is_prime(i + j)]


def run(n: int = 8) -> list:
    solutions = queens(n)
    pairs = prime_sum_pairs(n * n // 2)
    return [len(solutions), solutions[0], len(pairs), sum(s for _, _, s in pairs)]
