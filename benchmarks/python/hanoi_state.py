"""hanoi-state: the Towers of Hanoi solved iteratively (benchmarks/scheme/hanoi-state.scm).

The same rule as the Scheme, in Python's own way: three Python lists
used as stacks (the top disk at the end, append and pop), the smallest
disk's peg found by a for loop over the pegs' tops at every move, as
the Scheme looks for it, a for loop over the moves.
"""


def solve(k, record):
    pegs = [list(range(k, 0, -1)), [], []]
    step = 2 if k % 2 else 1
    total = 2 ** k - 1
    checksum = 0
    moves = []
    refused = 0
    for m in range(1, total + 1):
        for small in range(3):
            if pegs[small] and pegs[small][-1] == 1:
                break
        if m % 2:
            frm, to = small, (small + step) % 3
        else:
            a, b = (small + 1) % 3, (small + 2) % 3
            if pegs[a] and (not pegs[b] or pegs[a][-1] < pegs[b][-1]):
                frm, to = a, b
            else:
                frm, to = b, a
        if pegs[frm] and (not pegs[to] or pegs[frm][-1] < pegs[to][-1]):
            pegs[to].append(pegs[frm].pop())
        else:
            refused += 1
        checksum = (checksum * 7 + frm * 3 + to) % 1000003
        if record:
            moves.append([frm, to])
    whole = 1 if not pegs[0] and not pegs[1] and pegs[2] == list(range(k, 0, -1)) else 0
    return total, whole, checksum, moves, refused


def run(n):
    moves = whole = checksum = refused = 0
    first = []
    for i in range(n):
        total, ok, check, recorded, bad = solve(3 + i % 10, i == 0)
        moves += total
        whole += ok
        refused += bad
        checksum = (checksum * 31 + check) % 1000003
        if i == 0:
            first = recorded
    return [n, moves, whole, refused, checksum, first]
