"""string-search: naive and Knuth-Morris-Pratt counting over a Fibonacci word, by index
(benchmarks/scheme/string-search.scm)."""

PATTERNS = ("a", "ab", "aba", "abaab", "aa", "bb", "babaa", "abaababaab")


def fibonacci_word(n):
    older, old = "a", "ab"
    while len(old) < n:
        older, old = old, old + older
    return old[:n]


def match_at(text, pattern, i):
    for j in range(len(pattern)):
        if text[i + j] != pattern[j]:
            return False
    return True


def naive_count(text, pattern):
    return sum(1 for i in range(len(text) - len(pattern) + 1) if match_at(text, pattern, i))


def failure_table(pattern):
    """failure[j]: the longest proper prefix of pattern[:j + 1] that is also its suffix."""
    failure = [0] * len(pattern)
    k = 0
    for j in range(1, len(pattern)):
        while k > 0 and pattern[j] != pattern[k]:
            k = failure[k - 1]
        if pattern[j] == pattern[k]:
            k += 1
        failure[j] = k
    return failure


def kmp_count(text, pattern):
    failure = failure_table(pattern)
    count = k = 0
    for c in text:
        while k > 0 and c != pattern[k]:
            k = failure[k - 1]
        if c == pattern[k]:
            k += 1
            if k == len(pattern):
                count += 1
                k = failure[k - 1]
    return count


def run(n: int = 4_000) -> list:
    text = fibonacci_word(n)
    by_kmp = [kmp_count(text, p) for p in PATTERNS]
    by_naive = [naive_count(text, p) for p in PATTERNS]
    return by_kmp + [by_kmp == by_naive]
