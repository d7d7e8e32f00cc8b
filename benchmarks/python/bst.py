"""bst: an immutable binary search tree of tuples (benchmarks/scheme/bst.scm)."""

def insert(t, key):
    if t is None:
        return (key, None, None)
    k, left, right = t
    if key < k:
        return (k, insert(left, key), right)
    if key > k:
        return (k, left, insert(right, key))
    return t


def member(t, key):
    while t is not None:
        k, left, right = t
        if key == k:
            return True
        t = left if key < k else right
    return False


def in_order(t, acc):
    if t is not None:
        k, left, right = t
        in_order(left, acc)
        acc.append(k)
        in_order(right, acc)
    return acc


def height(t):
    if t is None:
        return 0
    return 1 + max(height(t[1]), height(t[2]))


def run(n: int = 2_000) -> list[int]:
    t = None
    x = 7
    for _ in range(n):
        t = insert(t, x % 10007)
        x = (x * 75 + 74) % 65537
    found = sum(1 for k in range(n) if member(t, k))
    keys = in_order(t, [])
    return [len(keys), height(t), found, sum(keys[:10])]
