"""digits: digit sums and counts by divmod (benchmarks/scheme/digits.scm)."""


def digits(n):
    total = count = 0
    while n != 0:
        n, r = divmod(n, 10)
        total += r
        count += 1
    return total, count


def run(n: int = 20_000) -> int:
    result = 0
    for i in range(1, n + 1):
        s, c = digits(i * i)
        result += s * c
    return result
