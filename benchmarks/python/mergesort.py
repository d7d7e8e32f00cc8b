"""mergesort: top-down merge sort of n pseudo-random numbers (benchmarks/scheme/mergesort.scm).

Python lists stand in for Scheme lists; the numbers, the split (the first
half, rounded down, then the rest) and the tie rule are the Scheme side's.
word-ladder's twin merges its sorted words with `merge_lists`.
"""


def random_numbers(n: int) -> list[int]:
    """Return the numbers in the order the Scheme side's list holds them (newest first)."""
    numbers = []
    x = 42
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        numbers.append(x // 65536)
    numbers.reverse()
    return numbers


def merge_lists(a: list[int], b: list[int]) -> list[int]:
    """Merge two ascending lists; on a tie the element of `a` comes first."""
    merged = []
    i = j = 0
    while i < len(a) and j < len(b):
        if b[j] < a[i]:
            merged.append(b[j])
            j += 1
        else:
            merged.append(a[i])
            i += 1
    merged.extend(a[i:])
    merged.extend(b[j:])
    return merged


def merge_sort(items: list[int], start: int, n: int) -> list[int]:
    """Sort the n elements of `items` from `start`."""
    if n < 2:
        return items[start:start + n]
    half = n // 2
    return merge_lists(merge_sort(items, start, half), merge_sort(items, start + half, n - half))


def run(n: int = 10_000) -> list[int]:
    return merge_sort(random_numbers(n), 0, n)
