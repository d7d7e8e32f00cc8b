"""quicksort: list quicksort with a filter of our own (benchmarks/scheme/quicksort.scm).

The same algorithm as the Scheme: my_filter walks the list calling the
predicate it is given on each element; quicksort picks the first element as
pivot, filters the rest twice with lambdas (below the pivot, then not
below) and joins the sorted parts; dedupe drops an element equal to the
next one.
"""


def my_filter(keep, lst):
    return [x for x in lst if keep(x)]


def quicksort(lst):
    if not lst:
        return []
    pivot, rest = lst[0], lst[1:]
    return (quicksort(my_filter(lambda x: x < pivot, rest))
            + [pivot]
            + quicksort(my_filter(lambda x: x >= pivot, rest)))


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
