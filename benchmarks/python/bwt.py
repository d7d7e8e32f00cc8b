"""bwt: Burrows-Wheeler, move-to-front and runs over n texts (benchmarks/scheme/bwt.scm).

The same algorithm as the Scheme: the texts drawn with the shared
generator (from 53) from the same vocabulary; the rotations' starts
merge-sorted by hand (halves split at the middle, merged by intervals'
twin's loop), two rotations compared character by character modulo the
length, ties by their starts; the last column and the text's row;
undone by counts, first rows and ranks in lists indexed by ord;
move-to-front over a Python list of the 27 characters (found by a loop,
popped and put first); runs counted by a loop over the characters.
"""

from .checksum import of_text
from .intervals import merge_lists
from .lcg import Random

VOCABULARY = ["banana", "bandana", "cabana", "an", "a", "nab", "abba", "baba", "can", "nan", "ban", "canal"]
ALPHABET = " abcdefghijklmnopqrstuvwxyz"


def random_text(rng):
    words = 4 + rng.next() % 12
    chosen = []
    for _ in range(words):
        chosen.append(VOCABULARY[rng.next() % 12])
    return " ".join(chosen)


def rotation_less(text, i, j):
    n = len(text)
    for k in range(n):
        a = text[(i + k) % n]
        b = text[(j + k) % n]
        if a < b:
            return True
        if b < a:
            return False
    return i < j


def merge_sort(items, less):
    if len(items) < 2:
        return items
    half = len(items) // 2
    return merge_lists(merge_sort(items[:half], less), merge_sort(items[half:], less), less)


def transform(text):
    n = len(text)
    rows = merge_sort(list(range(n)), lambda i, j: rotation_less(text, i, j))
    last_column = "".join(text[(start + n - 1) % n] for start in rows)
    return last_column, rows.index(0)


def untransform(last_column, row):
    n = len(last_column)
    counts = [0] * 128
    ranks = [0] * n
    for i, c in enumerate(last_column):
        code = ord(c)
        ranks[i] = counts[code]
        counts[code] += 1
    firsts = [0] * 128
    total = 0
    for code in range(128):
        firsts[code] = total
        total += counts[code]
    text = [" "] * n
    for k in range(n - 1, -1, -1):
        c = last_column[row]
        text[k] = c
        row = firsts[ord(c)] + ranks[row]
    return "".join(text)


def mtf_encode(text):
    table = list(ALPHABET)
    out = []
    for c in text:
        k = 0
        while table[k] != c:
            k += 1
        out.append(k)
        if k > 0:
            table.insert(0, table.pop(k))
    return out


def mtf_decode(codes):
    table = list(ALPHABET)
    out = []
    for k in codes:
        c = table[k]
        if k > 0:
            table.insert(0, table.pop(k))
        out.append(c)
    return "".join(out)


def runs(text):
    count = 0
    previous = None
    for c in text:
        if c != previous:
            count += 1
        previous = c
    return count


def run(n):
    rng = Random(53)
    characters = rows = text_runs = bwt_runs = zeros = 0
    undone = mtf_undone = True
    columns = []
    for _ in range(n):
        text = random_text(rng)
        last_column, row = transform(text)
        codes = mtf_encode(last_column)
        characters += len(text)
        rows += row
        text_runs += runs(text)
        bwt_runs += runs(last_column)
        zeros += codes.count(0)
        undone = undone and untransform(last_column, row) == text
        mtf_undone = mtf_undone and mtf_decode(codes) == last_column
        columns.append(last_column)
    return [characters, rows, text_runs, bwt_runs, zeros, undone, mtf_undone, of_text("".join(columns)),
            columns[0] if columns else False]
