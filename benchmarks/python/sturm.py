"""sturm: real roots counted by Sturm sequences and isolated by bisection (benchmarks/scheme/sturm.scm).

The same algorithm as the Scheme: polynomials are lists of coefficients,
the highest degree first, ints and Fractions; sums pad the shorter list
with zeros and add by zip, products scale and shift, long division
subtracts one term times the divisor at a time; gcd by Euclid, made
monic; values by Horner's rule.  Polynomials drawn with the shared
generator (from 19) in the same order; the square-free part, its Sturm
sequence, Cauchy's bound, isolation by recursive bisection and 16 more
bisections of each interval, every count of roots by sign changes.
"""

from fractions import Fraction

from .lcg import Random


def trim(p):
    i = 0
    while i < len(p) and p[i] == 0:
        i += 1
    return p[i:]


def degree(p):
    return len(p) - 1


def poly_add(p, q):
    if len(p) < len(q):
        p = [0] * (len(q) - len(p)) + p
    else:
        q = [0] * (len(p) - len(q)) + q
    return trim([a + b for a, b in zip(p, q)])


def poly_scale(k, p):
    if k == 0:
        return []
    return [k * c for c in p]


def poly_sub(p, q):
    return poly_add(p, poly_scale(-1, q))


def poly_mul(p, q):
    result = []
    for i, c in enumerate(p):
        result = poly_add(result, poly_scale(c, q) + [0] * (degree(p) - i))
    return result


def derivative(p):
    n = degree(p)
    return trim([(n - i) * c for i, c in enumerate(p[:-1])])


def poly_divide(p, q):
    quotient, remainder = [], p
    while degree(remainder) >= degree(q):
        factor = Fraction(remainder[0]) / q[0]
        term = [factor] + [0] * (degree(remainder) - degree(q))
        quotient = poly_add(quotient, term)
        remainder = poly_sub(remainder, poly_mul(term, q))
    return quotient, remainder


def monic(p):
    return poly_scale(Fraction(1) / p[0], p)


def poly_gcd(p, q):
    while q:
        p, q = q, poly_divide(p, q)[1]
    return monic(p)


def value_at(p, x):
    total = 0
    for c in p:
        total = total * x + c
    return total


def sturm_sequence(p):
    sequence = [p, derivative(p)]
    while True:
        remainder = poly_divide(sequence[-2], sequence[-1])[1]
        if not remainder:
            return sequence
        sequence.append(poly_scale(-1, remainder))


class Counter:
    def __init__(self):
        self.signs = 0

    def sign_changes(self, sequence, x):
        self.signs += 1
        last = 0
        changes = 0
        for p in sequence:
            v = value_at(p, x)
            if v != 0:
                if v * last < 0:
                    changes += 1
                last = v
        return changes

    def roots_in(self, sequence, low, high):
        return self.sign_changes(sequence, low) - self.sign_changes(sequence, high)

    def isolate(self, sequence, low, high):
        count = self.roots_in(sequence, low, high)
        if count == 0:
            return []
        if count == 1:
            return [(low, high)]
        middle = (low + high) / 2
        return self.isolate(sequence, low, middle) + self.isolate(sequence, middle, high)

    def narrow(self, sequence, interval, times):
        low, high = interval
        for _ in range(times):
            middle = (low + high) / 2
            if self.roots_in(sequence, low, middle) == 1:
                high = middle
            else:
                low = middle
        return low, high


def cauchy_bound(p):
    return 1 + max(abs(Fraction(c) / p[0]) for c in p[1:])


def random_polynomial(rng):
    p = [1]
    roots = []
    repeated = 0
    for _ in range(2 + rng.next() % 4):
        a = rng.next() % 41 - 20
        b = 1 + rng.next() % 4
        twice = rng.next() % 5 == 0
        factor = [b, -a]
        p = poly_mul(factor, p)
        if twice:
            p = poly_mul(factor, p)
            repeated += 1
        if Fraction(a, b) not in roots:
            roots.append(Fraction(a, b))
    if rng.next() % 3 == 0:
        p = poly_mul([1, 0, 1 + rng.next() % 9], p)
    lead = 1 + rng.next() % 3
    return poly_scale(lead, p), roots, repeated


def run(n):
    rng = Random(19)
    counter = Counter()
    total_degree = distinct = repeated = longest = checksum = 0
    all_found = True
    first_roots = None
    for _ in range(n):
        p, known, twice = random_polynomial(rng)
        square_free = poly_divide(p, poly_gcd(p, derivative(p)))[0]
        sequence = sturm_sequence(square_free)
        bound = cauchy_bound(square_free)
        intervals = [counter.narrow(sequence, i, 16) for i in counter.isolate(sequence, -bound, bound)]
        found = len(intervals) == len(known) and all(
            sum(1 for low, high in intervals if low < root <= high) == 1 for root in known)
        approximations = [round(1000 * (low + high) / 2) for low, high in intervals]
        total_degree += degree(p)
        distinct += len(intervals)
        repeated += twice
        all_found = all_found and found
        if first_roots is None:
            first_roots = approximations
        for x in approximations:
            checksum = (checksum * 31 + x + 100000) % 1000003
        longest = max(longest, len(sequence))
    return [total_degree, distinct, repeated, all_found, counter.signs, first_roots, checksum, longest]
