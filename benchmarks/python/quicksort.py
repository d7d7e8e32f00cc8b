"""quicksort: list quicksort with comprehensions (benchmarks/scheme/quicksort.scm)."""


def quicksort(lst):
    if not lst:
        return []
    pivot, rest = lst[0], lst[1:]
    return quicksort([x for x in rest if x < pivot]) + [pivot] + quicksort([x for x in rest if x >= pivot])


def dedupe(ordered):
    out = []
    for i, x in enumerate(ordered):
        if i + 1 < len(ordered) and ordered[i + 1] == x:
            continue
        out.append(x)
    return out


def numbers(n):
    acc = []
    x = 1
    for _ in range(n):
        acc.append(x % 100000)
        x = x * 48271 % 2147483647
    acc.reverse()
    return acc


def run(n: int = 5_000) -> list[int]:
    ordered = quicksort(numbers(n))
    return [len(ordered), len(dedupe(ordered)), ordered[0], ordered[n // 2], max(ordered)]
