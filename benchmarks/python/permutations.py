"""permutations: the permutations of a list by the recursion of SICP 2.2.3, as list
comprehensions (benchmarks/scheme/permutations.scm)."""


def permutations(s):
    if not s:
        return [[]]
    return [[x] + p for x in s for p in permutations([y for y in s if y != x])]


def is_derangement(p):
    return all(x != i for i, x in enumerate(p, start=1))


def inversions(p):
    return sum(1 for i, x in enumerate(p) for y in p[i + 1:] if y < x)


def digits_to_number(p):
    value = 0
    for d in p:
        value = value * 10 + d
    return value


def run(n: int = 7) -> list[int]:
    perms = permutations(list(range(1, n + 1)))
    checksum = 0
    for k, p in enumerate(perms, start=1):
        checksum = (checksum + k * digits_to_number(p)) % 1000003
    return [len(perms), sum(1 for p in perms if is_derangement(p)), sum(inversions(p) for p in perms), checksum]
