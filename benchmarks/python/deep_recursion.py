"""deep-recursion: a non-tail recursion n calls deep (benchmarks/scheme/deep-recursion.scm).

Python allows 1000 nested calls by default, so the recursion runs on its own
thread with a 512 MiB stack and a recursion limit just above n, both
restored afterwards; starting the thread costs a fraction of a millisecond.
"""

import sys
import threading

STACK_BYTES = 512 * 1024 * 1024


def sum_down(n: int) -> int:
    if n == 0:
        return 0
    return n + sum_down(n - 1)


def run(n: int = 100_000) -> int:
    box = []

    def work():
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(n + 1000)
        try:
            box.append(sum_down(n))
        finally:
            sys.setrecursionlimit(old_limit)

    old_size = threading.stack_size(STACK_BYTES)
    try:
        thread = threading.Thread(target=work, name="deep-recursion")
        thread.start()
    finally:
        threading.stack_size(old_size)
    thread.join()
    if not box:
        raise RuntimeError("deep-recursion: the recursion thread failed")
    return box[0]
