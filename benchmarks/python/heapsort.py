"""heapsort: a list sorted in place through a binary max-heap (benchmarks/scheme/heapsort.scm)."""


def sift_down(v, root, end):
    while True:
        child = 2 * root + 1
        if child > end:
            return
        if child < end and v[child] < v[child + 1]:
            child += 1
        if v[root] < v[child]:
            v[root], v[child] = v[child], v[root]
            root = child
        else:
            return


def heapsort(v):
    n = len(v)
    for start in range((n - 2) // 2, -1, -1):
        sift_down(v, start, n - 1)
    for end in range(n - 1, 0, -1):
        v[0], v[end] = v[end], v[0]
        sift_down(v, 0, end - 1)
    return v


def random_list(n):
    v = [0] * n
    x = 42
    for i in range(n):
        v[i] = x % 1000
        x = (x * 69069 + 1) % 4294967296
    return v


def run(n: int = 5_000) -> list:
    v = heapsort(random_list(n))
    ordered = all(v[i - 1] <= v[i] for i in range(1, n))
    return [ordered, v[0], v[n // 2], v[n - 1]]
