"""radix: numbers written and read in bases 2, 10 and 16 (benchmarks/scheme/radix.scm)."""


def palindrome(s):
    return s == s[::-1]


def run(n: int = 20_000) -> list[int]:
    binary = decimal = total = 0
    for i in range(1, n + 1):
        b2, b10, b16 = format(i, "b"), str(i), format(i, "x")
        if palindrome(b2):
            binary += 1
        if palindrome(b10):
            decimal += 1
        total += int(b16[::-1], 16) + len(b2)
    return [binary, decimal, total]
