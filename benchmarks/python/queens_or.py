"""queens-or: n queens with a recursive safety test (benchmarks/scheme/queens-or.scm)."""


def ok(row: int, dist: int, placed: tuple) -> bool:
    return placed == () or (
        placed[0] != row + dist and placed[0] != row - dist and placed[0] != row and ok(row, dist + 1, placed[1])
    )


def queens(n: int) -> int:
    def attempt(k: int, placed: tuple) -> int:
        if k == n:
            return 1

        def count(row: int) -> int:
            if row == n:
                return 0
            return (attempt(k + 1, (row, placed)) if ok(row, 1, placed) else 0) + count(row + 1)

        return count(0)

    return attempt(0, ())


def run(n: int = 8) -> int:
    return queens(n)
