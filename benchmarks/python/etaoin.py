"""etaoin: the tree-recursive substring value of a word (benchmarks/scheme/etaoin.scm).

`char_value` is the handed-out `char-value` (e 1, t 2, a 3, o 4, i 5, n 6,
anything else 7, ignoring case); `substring_value` is the lab's tree
recursion with the same arguments as `(substring-value s len low)`.
"""

POINTS = {"e": 1, "t": 2, "a": 3, "o": 4, "i": 5, "n": 6}


def char_value(c: str) -> int:
    return POINTS.get(c.lower(), 7)


def substring_value(s: str, length: int, low: int) -> int:
    if length == 0:
        return 0
    first = char_value(s[low]) - substring_value(s, length - 1, low + 1)
    last = char_value(s[low + length - 1]) - substring_value(s, length - 1, low)
    return max(first, last)


def run(word: str = "internationalism") -> int:
    return substring_value(word, len(word), 0)
