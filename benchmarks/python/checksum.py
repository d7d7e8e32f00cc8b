"""The checksum the Scheme programs fold their output into: sum -> (31 sum + item) mod 1000003.

The twins of base64-rle and of the drawer set's bf and line-diff fold
characters (by ord), those of insertion-sort, pairing-heap and the chest
set's lz77 and tarjan-scc numbers.
"""


def of_text(text):
    return of_numbers(map(ord, text))


def of_numbers(numbers):
    total = 0
    for x in numbers:
        total = (total * 31 + x) % 1000003
    return total
