"""insertion-sort: insertion sort of pseudo-random numbers (benchmarks/scheme/insertion-sort.scm)."""

from .checksum import of_numbers as checksum


def random_list(n, seed):
    v = []
    x = seed
    for _ in range(n):
        v.append(x % 1000)
        x = (x * 1103515245 + 12345) % 2147483648
    return v


def insertion_sort(v):
    for i in range(1, len(v)):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x
    return v


def run(n: int = 600) -> list[int]:
    v = insertion_sort(random_list(n, 42))
    return [v[0], v[n - 1], checksum(v)]
