"""lcs: longest common subsequence by dynamic programming (benchmarks/scheme/lcs.scm)."""


def lcs_table(a, b):
    n, m = len(a), len(b)
    t = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if a[i - 1] == b[j - 1]:
                t[i][j] = t[i - 1][j - 1] + 1
            else:
                t[i][j] = max(t[i - 1][j], t[i][j - 1])
    return t


def lcs(a, b):
    t = lcs_table(a, b)
    i, j = len(a), len(b)
    out = []
    while i > 0 and j > 0:
        if a[i - 1] == b[j - 1]:
            out.append(a[i - 1])
            i -= 1
            j -= 1
        elif t[i - 1][j] >= t[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return "".join(reversed(out))


def pseudo_text(n, x):
    chars = []
    for _ in range(n):
        chars.append("acgt"[(x // 7) % 4])
        x = (x * 1103 + 12345) % 65536
    return "".join(reversed(chars))


def run(n: int = 300) -> list:
    s = lcs(pseudo_text(n, 1), pseudo_text(n, 2))
    return [len(s), s[:10]]
