"""The checksum the Scheme programs fold their output into: sum -> (31 sum + item) mod 1000003.

The twins of base64-rle, of the drawer set's bf and line-diff, of the
trunk set's bwt, inventory and gap-buffer and of the crate set's ledger
fold characters (by ord), those of insertion-sort, pairing-heap, the
chest set's lz77 and tarjan-scc, the trunk set's avl-tree and the crate
set's catalogue and scheduler numbers.
"""


def of_text(text):
    return of_numbers(map(ord, text))


def of_numbers(numbers):
    total = 0
    for x in numbers:
        total = (total * 31 + x) % 1000003
    return total
