"""What multi-shot continuations would cost: the same fib, stack frames vs heap frames.

A continuation that can be resumed twice must outlive the Python frames
that made it, so an evaluator offering that keeps every Scheme frame on the
heap: continuation-passing style, each return a call of a heap-allocated
continuation, driven by a trampoline so deep recursion does not overflow
the Python stack.  This measures that style at its cheapest, written by
hand in Python (no interpreter at all), against plain recursion, side by
side, alternating runs, median of the runs:

    python -m benchmarks.heap_frames [--n 25] [--runs 5]

The ratio is a floor on what heap frames would add to schemehost, whose
compiled procedures use Python's own stack (fib is ~5.6x CPython).
"""

from __future__ import annotations

import argparse
import statistics
import time


def fib_stack(n: int) -> int:
    return n if n < 2 else fib_stack(n - 1) + fib_stack(n - 2)


def fib_heap(n: int) -> int:
    """fib in CPS with heap continuations (tuples) and a trampoline."""
    # A continuation is (kind, saved value, next continuation); kinds:
    # 0 = done, 1 = "then compute fib(n-2) and add", 2 = "add saved to value".
    k = (0, None, None)
    value = None
    while True:
        if n is not None:
            if n < 2:
                value, n = n, None
            else:
                k = (1, n, k)
                n = n - 1
            continue
        kind, saved, rest = k
        if kind == 0:
            return value
        if kind == 1:
            k = (2, value, rest)
            n = saved - 2
        else:
            value = saved + value
            k = rest


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=25)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    if not 0 <= args.n <= 32:
        ap.error(f"--n must be from 0 to 32 (fib's time doubles with each step), not {args.n}")
    if args.runs < 1:
        ap.error(f"--runs must be at least 1, not {args.runs}")
    assert fib_heap(args.n) == fib_stack(args.n)
    times = {"stack": [], "heap": []}
    for _ in range(args.runs):
        for name, fn in (("stack", fib_stack), ("heap", fib_heap)):
            start = time.perf_counter()
            fn(args.n)
            times[name].append(time.perf_counter() - start)
    stack = statistics.median(times["stack"])
    heap = statistics.median(times["heap"])
    print(f"fib({args.n}), median of {args.runs}: stack frames {stack:.3f} s, "
          f"heap frames (CPS + trampoline) {heap:.3f} s, ratio {heap / stack:.2f}x")


if __name__ == "__main__":
    main()
