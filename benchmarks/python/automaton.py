"""automaton: elementary cellular automata on a ring of bytes (benchmarks/scheme/automaton.scm).

The same algorithm as the Scheme: a bytearray per generation, a rule's
table a bytearray of its eight binary digits, a new cell the entry at
4 * left + 2 * centre + right; each step writes into a second bytearray
and the two are swapped.  Live cells are counted with a loop each
generation, the last one checksummed the Adler-32 way and its middle shown
as # and . characters.
"""


def rule_table(rule):
    table = bytearray(8)
    for k in range(8):
        table[k] = rule % 2
        rule //= 2
    return table


def step(table, source, target, width):
    for i in range(width):
        left = source[width - 1 if i == 0 else i - 1]
        centre = source[i]
        right = source[0 if i == width - 1 else i + 1]
        target[i] = table[4 * left + 2 * centre + right]
    return target


def live_cells(cells):
    count = 0
    for i in range(len(cells)):
        count += cells[i]
    return count


def adler32(cells):
    a, b = 1, 0
    for i in range(len(cells)):
        a = (a + cells[i]) % 65521
        b = (b + a) % 65521
    return b * 65536 + a


def middle_string(cells, count):
    start = (len(cells) - count) // 2
    chars = ["."] * count
    for i in range(count):
        if cells[start + i] == 1:
            chars[i] = "#"
    return "".join(chars)


def evolve(rule, t):
    """The last generation of t steps from one live cell, and the live cells summed over all t + 1."""
    width = 2 * t + 3
    table = rule_table(rule)
    cells = bytearray(width)
    spare = bytearray(width)
    cells[width // 2] = 1
    total = live_cells(cells)
    for _ in range(t):
        step(table, cells, spare, width)
        cells, spare = spare, cells
        total += live_cells(cells)
    return cells, total


def binary_ones(n):
    ones = 0
    while n != 0:
        ones += n % 2
        n //= 2
    return ones


def summary(result):
    cells, total = result
    return [live_cells(cells), total, adler32(cells)]


def run(t: int = 600) -> list:
    r30 = evolve(30, t)
    r90 = evolve(90, t)
    r110 = evolve(110, t)
    return [summary(r30), summary(r90), summary(r110),
            live_cells(r90[0]) == 2 ** binary_ones(t),
            middle_string(r30[0], min(21, len(r30[0])))]
