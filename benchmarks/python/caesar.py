"""caesar: encipher with a shift, crack by scoring all 26 (benchmarks/scheme/caesar.scm)."""

PLAIN = "The quick brown fox jumps over the lazy dog, and then it eats a tomato at the station."


def shift_char(c, k):
    if c.isupper():
        return chr(65 + (ord(c) - 65 + k) % 26)
    if c.islower():
        return chr(97 + (ord(c) - 97 + k) % 26)
    return c


def encrypt(text, k):
    return "".join(shift_char(c, k) for c in text)


def score(text):
    count = 0
    for c in text:
        if c.lower() in "etao":
            count += 1
    return count


def crack(cipher):
    best, best_score = 0, -1
    for k in range(26):
        s = score(encrypt(cipher, 26 - k))
        if s > best_score:
            best, best_score = k, s
    return best


def run(n: int = 200) -> int:
    cracked = 0
    for i in range(n):
        key = i * 7 % 26
        if crack(encrypt(PLAIN, key)) == key:
            cracked += 1
    return cracked
