"""aliquot: aliquot sequences and Collatz trajectories of big numbers (benchmarks/scheme/aliquot.scm).

The same sequences as the Scheme, in Python's own way: the proper
divisors a list built by a while loop and summed by sum(), the terms
seen a list of (term, step) tuples searched by a generator (as the
Scheme's assv), the outcomes a dict of counts, the
Collatz trajectory a while loop returning a tuple, a peak's digits from
str(); the shared generator (from 337) drawn in the same order.
"""

from .lcg import Random

CLASSICS = (6, 28, 220, 1184, 12496, 14316, 562, 276, 95, 1064)
LONGEST_STEPS = 30
BOUND = 2000000
OUTCOMES = ("perfect", "amicable", "sociable", "joins-cycle", "terminates", "gives-up")


def proper_divisors(n):
    if n == 1:
        return []
    found = []
    d = 1
    while d * d <= n:
        if n % d == 0:
            other = n // d
            if d == 1 or d == other:
                found.append(d)
            else:
                found += [d, other]
        d += 1
    return found


def follow(start):
    n = start
    step = 0
    seen = []
    largest = start
    total = 0
    while True:
        earlier = next((at for term, at in seen if term == n), None)
        if earlier is not None:
            length = step - earlier
            if earlier > 0:
                outcome = "joins-cycle"
            elif length == 1:
                outcome = "perfect"
            elif length == 2:
                outcome = "amicable"
            else:
                outcome = "sociable"
            return outcome, step, largest, total
        if n == 0:
            return "terminates", step, largest, total
        if step == LONGEST_STEPS or n > BOUND:
            return "gives-up", step, largest, total
        nxt = sum(proper_divisors(n))
        seen.insert(0, (n, step))
        step += 1
        largest = max(largest, nxt)
        total = (total + nxt) % 1000003
        n = nxt


def collatz(x):
    steps = 0
    peak = x
    while x != 1:
        if x % 2 == 0:
            x //= 2
        else:
            x = 3 * x + 1
            peak = max(peak, x)
        steps += 1
    return steps, peak


def run(n):
    rng = Random(337)
    tally = {}
    steps = longest_start = longest = largest = 0
    collatz_steps = peak_digits = widest = check = 0
    for k in range(n):
        start = CLASSICS[k] if k < len(CLASSICS) else 2 + rng.next() % 20000
        e = 10 + rng.next() % 190
        outcome, taken, top, total = follow(start)
        c_steps, peak = collatz(3 ** e + 1)
        tally[outcome] = tally.get(outcome, 0) + 1
        steps += taken
        if taken > longest:
            longest_start, longest = start, taken
        largest = max(largest, top)
        collatz_steps += c_steps
        digits = len(str(peak))
        peak_digits += digits
        widest = max(widest, digits)
        check = (check * 7 + total + peak % 1000003) % 1000003
    return [n, [tally.get(what, 0) for what in OUTCOMES], steps, longest_start, longest, largest,
            collatz_steps, peak_digits, widest, check]
