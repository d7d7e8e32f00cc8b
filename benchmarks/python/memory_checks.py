"""The memory checks of benchmarks/run.py (MEMORY_CHECKS) written in Python.

Each function does what its Scheme expression does, with Python's own data:
a list is a Python list of Python ints, the cheapest a hand-written Python
program would use.  So their growth is the floor for any Scheme in Python.
"""


def tail_loop(n: int) -> int:
    # (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i))
    i = 0
    while i < n:
        i += 1
    return i


def list_map_reverse_length(n: int) -> int:
    # (length (reverse (map (lambda (x) (+ x 1)) (iota n))))
    numbers = list(range(n))            # iota: n fresh integers in a list
    mapped = [x + 1 for x in numbers]   # map: a second list, n more integers
    del numbers                         # iota's list is garbage once map returns
    return len(mapped[::-1])            # reverse: a third list; length
