"""bloom-filter: Bloom filters checked against an exact table (benchmarks/scheme/bloom-filter.scm).

The same algorithm as the Scheme, in Python's own way: the string hash a
loop over ord(), the places a list comprehension, a filter a list of
booleans (a counting one a list of counts) with its k, the exact table a
dict from word to count; the shared generator (from 67) drawn in the same
order.
"""

from .lcg import Random

SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "bu", "da", "fe", "gi", "ho", "ju", "pe"]


def random_word(rng):
    count = 2 + rng.below(3)
    word = ""
    for _ in range(count):
        word += SYLLABLES[rng.below(16)]
    return word


def string_hash(s, base, modulus):
    h = 0
    for c in s:
        h = (h * base + ord(c)) % modulus
    return h


def places(word, m, k):
    h1 = string_hash(word, 31, 2147483647)
    h2 = 1 + string_hash(word, 131, 1000000007)
    return [(h1 + i * h2) % m for i in range(k)]


class Filter:
    def __init__(self, m, k, empty):
        self.slots = [empty] * m
        self.k = k

    def places(self, word):
        return places(word, len(self.slots), self.k)


def run(n):
    rng = Random(67)
    big = Filter(8 * n, 5, False)
    small = Filter(4 * n, 3, False)
    counting = Filter(8 * n, 5, 0)
    table = {}
    words = []
    for _ in range(n):
        word = random_word(rng)
        words.append(word)
        for f in (big, small):
            for i in f.places(word):
                f.slots[i] = True
        for i in counting.places(word):
            counting.slots[i] += 1
        table[word] = table.get(word, 0) + 1
    distinct = len(table)
    known = false_big = false_small = missed = 0
    for _ in range(n):
        word = random_word(rng)
        there = word in table
        if there:
            known += 1
        if all(big.slots[i] for i in big.places(word)):
            if not there:
                false_big += 1
        elif there:
            missed += 1
        if all(small.slots[i] for i in small.places(word)):
            if not there:
                false_small += 1
        elif there:
            missed += 1
        if not all(counting.slots[i] > 0 for i in counting.places(word)) and there:
            missed += 1
    for word in words[1::2]:
        for i in counting.places(word):
            counting.slots[i] -= 1
        if table[word] > 1:
            table[word] -= 1
        else:
            del table[word]
    false_after = 0
    for word in words:
        if all(counting.slots[i] > 0 for i in counting.places(word)):
            if word not in table:
                false_after += 1
        elif word in table:
            missed += 1
    buckets = [0] * (1 + 2 * (n // 4))
    for word in table:
        buckets[string_hash(word, 37, len(buckets))] += 1
    checksum = 0
    for i, bit in enumerate(big.slots):
        if bit:
            checksum = (checksum * 7 + i) % 1000003
    return [n, distinct, sum(big.slots), sum(small.slots), known, false_big, false_small, missed, len(table),
            false_after, max(counting.slots), max(buckets), checksum]
