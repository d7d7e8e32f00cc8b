"""vectors: prefix sums and moving sums over a list (benchmarks/scheme/vectors.scm).

The same algorithms as the Scheme: prefix sums in place over a copy, and
each moving sum added up by an inner loop over its window.
"""


def numbers(n):
    v = [0] * n
    x = 11
    for i in range(n):
        v[i] = x
        x = (x * 31 + 7) % 1009
    return v


def prefix_sums(v):
    out = list(v)
    for i in range(1, len(out)):
        out[i] += out[i - 1]
    return out


def moving_sums(v, width):
    out = [0] * (len(v) - width + 1)
    for i in range(len(out)):
        s = 0
        for k in range(width):
            s += v[i + k]
        out[i] = s
    return out


def run(n: int = 20_000) -> list[int]:
    v = numbers(n)
    doubled = [2 * x for x in v]
    sums = prefix_sums(doubled)
    moving = moving_sums(v, 8)
    total = sums[n - 1]
    above = sum(1 for x in v if x * n > total // 2)
    back = list(reversed(moving))
    doubled = [0] * len(doubled)
    return [total, sum(back), above, doubled[0]]
