"""string-builder: build and scan strings by index (benchmarks/scheme/string-builder.scm)."""

WORDS = ["level", "rotor", "scheme", "lambda", "racecar", "noon", "python", "civic"]


def string_reverse(s: str) -> str:
    acc = ""
    for i in range(len(s)):
        acc = s[i] + acc
    return acc


def palindrome(s: str) -> bool:
    i, j = 0, len(s) - 1
    while i < j:
        if s[i] != s[j]:
            return False
        i, j = i + 1, j - 1
    return True


def caesar(s: str, k: int) -> str:
    return "".join(map(lambda c: chr(97 + (ord(c) - 97 + k) % 26), list(s)))


def checksum(s: str) -> int:
    total = 0
    for i in range(len(s)):
        total = (total * 31 + ord(s[i])) % 1000003
    return total


def run(n: int = 20_000) -> list[int]:
    palindromes, text, total = 0, "", 0
    for i in range(n):
        w = WORDS[i % 8]
        r = string_reverse(w)
        c = caesar(r, i % 26)
        t = w + "-" + c
        if palindrome(r):
            palindromes += 1
        text = t
        total = (total + checksum(t)) % 1000003
    return [palindromes, len(text), total]
