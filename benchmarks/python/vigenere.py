"""vigenere: Vigenere's cipher enciphered and broken (benchmarks/scheme/vigenere.scm).

The same attack as the Scheme, in Python's own way: texts joined and
upper-cased by str methods, letters enciphered by ord and chr in a join,
columns cut by slicing text[j::k] and counted into lists, the index of
coincidence a Fraction, English frequencies a dict, the chi-squared
summed by a for loop in the Scheme's order, min() with a key over the
shifts (the first least kept); the shared generator (from 229) drawn in
the same order.
"""

from fractions import Fraction

from .lcg import Random

WORDS = ["the", "and", "that", "have", "with", "this", "from", "they",
         "will", "would", "there", "their", "what", "about", "which", "when",
         "make", "like", "time", "just", "know", "take", "people", "into",
         "year", "good", "some", "could", "them", "other", "than", "then"]

ENGLISH = {"A": 82, "B": 15, "C": 28, "D": 43, "E": 127, "F": 22, "G": 20, "H": 61, "I": 70, "J": 2,
           "K": 8, "L": 40, "M": 24, "N": 67, "O": 75, "P": 19, "Q": 1, "R": 60, "S": 63, "T": 91,
           "U": 28, "V": 10, "W": 24, "X": 2, "Y": 20, "Z": 1}
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_text(rng):
    wanted = 120 + rng.next() % 120
    parts = []
    count = 0
    while count < wanted:
        word = WORDS[rng.next() % 32]
        parts.append(word)
        count += len(word)
    return "".join(parts).upper()


def random_key(rng):
    length = 3 + rng.next() % 5
    return "".join(ALPHABET[rng.next() % 26] for _ in range(length))


def shift_text(text, key, sign):
    k = len(key)
    return "".join(chr(65 + (ord(c) - 65 + sign * (ord(key[i % k]) - 65)) % 26) for i, c in enumerate(text))


def counts_of(column):
    counts = [0] * 26
    for c in column:
        counts[ord(c) - 65] += 1
    return counts


def coincidence(counts):
    total = sum(counts)
    if total < 2:
        return 0
    return Fraction(sum(f * (f - 1) for f in counts), total * (total - 1))


def key_length(text):
    best, best_ic = 1, -1
    for k in range(1, 11):
        ic = sum(coincidence(counts_of(text[j::k])) for j in range(k)) / Fraction(k)
        if ic >= Fraction(3, 50):
            return k
        if ic > best_ic:
            best, best_ic = k, ic
    return best


def chi_squared(counts, shift):
    n = sum(counts)
    chi = 0.0
    for c in range(26):
        observed = counts[(c + shift) % 26]
        expected = ENGLISH[ALPHABET[c]] * n / 1000.0
        d = observed - expected
        chi += d * d / expected
    return chi


def find_key(text):
    k = key_length(text)
    key = []
    for j in range(k):
        counts = counts_of(text[j::k])
        key.append(ALPHABET[min(range(26), key=lambda s: chi_squared(counts, s))])
    return "".join(key)


def run(n):
    rng = Random(229)
    lengths = keys = right = letters = found_lengths = total = 0
    first = []
    for t in range(n):
        plain = random_text(rng)
        key = random_key(rng)
        cipher = shift_text(plain, key, 1)
        found = find_key(cipher)
        back = shift_text(cipher, found, -1)
        lengths += len(found) == len(key)
        keys += found == key
        right += sum(a == b for a, b in zip(plain, back))
        letters += len(plain)
        found_lengths += len(found)
        for c in cipher:
            total = (total * 29 + ord(c)) % 1000003
        if t == 0:
            first = [key, found, cipher[:30]]
    return [n, lengths, keys, right, letters, found_lengths, total, first]
